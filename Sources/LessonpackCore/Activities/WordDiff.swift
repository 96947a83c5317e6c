/// A typed line compared with the line it should be, word by word, the way a teacher marks a dictation: case and
/// punctuation do not count, a contraction and its long form are the same words ("I'm" = "I am"), and each word of
/// the line is right, misspelt, or missing, with extra words the learner added marked apart. Pure, so an
/// engine that takes typed text scores with it, `ItemOutcome.Response.text` carries it to records and xAPI, and
/// every front end shows the same marks.
package struct WordDiff: Sendable, Equatable, Storable {
    package enum Mark: String, Sendable, Equatable, Storable {
        case right
        /// Written, but not as the line has it (a letter or two out, or part of a contraction).
        case misspelt
        /// A word of the line the learner did not write.
        case missing
        /// A word the learner wrote that the line does not have.
        case extra
    }

    /// One word of the line, or one extra word of the learner's, as written.
    package struct Word: Sendable, Equatable, Storable {
        package var mark: Mark
        /// The word as the line writes it (punctuation stripped); nil for an extra word.
        package var expected: String?
        /// What the learner wrote for it; nil for a missing word.
        package var typed: String?

        package init(_ mark: Mark, expected: String?, typed: String?) {
            self.mark = mark
            self.expected = expected
            self.typed = typed
        }

        /// How many words of the line this stands for: two for "I am" written as "I'm", none for an extra word.
        package var lineWords: Int { expected?.split(separator: " ").count ?? 0 }
    }

    /// The line's words and the extra ones, in reading order. Words written as one on one side and two on the
    /// other ("I am" for "I'm") are one entry, with both.
    package var words: [Word]

    package init(words: [Word]) { self.words = words }

    /// How many of the line's words were written right.
    package var right: Int { words.filter { $0.mark == .right }.reduce(0) { $0 + $1.lineWords } }
    /// How many words the line has.
    package var total: Int { words.reduce(0) { $0 + $1.lineWords } }
    package var isAllRight: Bool { words.allSatisfy { $0.mark == .right } }
    package func words(_ mark: Mark) -> [Word] { words.filter { $0.mark == mark } }

    package static func compare(expected: String, typed: String) -> WordDiff {
        let line = WordTokens(expected)
        let answer = WordTokens(typed)
        let steps = align(line.tokens, answer.tokens)
        return WordDiff(words: merge(steps, line: line, answer: answer))
    }

    // MARK: - Alignment

    /// One step of the alignment, over tokens (a contraction is two tokens: "i'm" is "i", "am").
    private enum Step {
        case same(Int, Int)
        case close(Int, Int)
        case missing(Int)
        case extra(Int)

        var expected: Int? {
            switch self {
            case .same(let e, _), .close(let e, _), .missing(let e): e
            case .extra: nil
            }
        }

        var typed: Int? {
            switch self {
            case .same(_, let t), .close(_, let t), .extra(let t): t
            case .missing: nil
            }
        }
    }

    /// The cheapest edit from the line's tokens to the typed ones: a word left out or added costs 1, a misspelling
    /// (a word close by letters) costs 1, a different word costs 2, so it reads as one missing and one extra.
    private static func align(_ line: [WordTokens.Token], _ typed: [WordTokens.Token]) -> [Step] {
        let (rows, columns) = (line.count, typed.count)
        var cost = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for i in 0...rows { cost[i][0] = i }
        for j in 0...columns { cost[0][j] = j }
        if rows > 0, columns > 0 {
            for i in 1...rows {
                for j in 1...columns {
                    let pair = pairCost(line[i - 1], typed[j - 1])
                    cost[i][j] = min(cost[i - 1][j - 1] + pair, cost[i - 1][j] + 1, cost[i][j - 1] + 1)
                }
            }
        }
        // Walk back, preferring a pairing: the same input always gives the same marks.
        var steps: [Step] = []
        var (i, j) = (rows, columns)
        while i > 0 || j > 0 {
            if i > 0, j > 0 {
                let pair = pairCost(line[i - 1], typed[j - 1])
                if pair < 2, cost[i][j] == cost[i - 1][j - 1] + pair {
                    steps.append(pair == 0 ? .same(i - 1, j - 1) : .close(i - 1, j - 1))
                    i -= 1
                    j -= 1
                    continue
                }
            }
            // Walking backwards, an extra word first: read forwards, the missing word then comes before the extra
            // one that took its place.
            if j > 0, cost[i][j] == cost[i][j - 1] + 1 {
                steps.append(.extra(j - 1))
                j -= 1
            } else {
                steps.append(.missing(i - 1))
                i -= 1
            }
        }
        return steps.reversed()
    }

    private static func pairCost(_ line: WordTokens.Token, _ typed: WordTokens.Token) -> Int {
        if line.matches(typed) { return 0 }
        return isClose(line.text, typed.text) ? 1 : 2
    }

    /// A misspelling rather than another word: about one letter in three changed (at least one, two from five
    /// letters), so "frend" and "Mor" are a misspelt "friend" and "Moore", and "dog" another word than "cat".
    static func isClose(_ a: String, _ b: String) -> Bool {
        let (a, b) = (Array(a), Array(b))
        let allowed = max(1, (max(a.count, b.count) + 1) / 3)
        guard abs(a.count - b.count) <= allowed else { return false }
        // Short words differ in one letter from too many others ("in", "on"): they must share their first letter.
        if max(a.count, b.count) <= 3, a.first != b.first { return false }
        return editDistance(a, b) <= allowed
    }

    /// Letters changed, added, left out, or two side by side swapped ("teh" for "the" is one slip, not two).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                table[i][j] = min(table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), table[i - 1][j] + 1, table[i][j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    // MARK: - Back to written words

    /// The steps, over tokens, as words as written: the tokens of one written word ("I'm") become one mark, right
    /// only when all of them are.
    private static func merge(_ steps: [Step], line: WordTokens, answer: WordTokens) -> [Word] {
        struct Group {
            var expectedWords: [Int] = []
            var typedWords: [Int] = []
            var marks: [Mark] = []
        }
        var groups: [Group] = []
        for step in steps {
            let expectedWord = step.expected.map { line.tokens[$0].word }
            let typedWord = step.typed.map { answer.tokens[$0].word }
            let mark: Mark = switch step {
            case .same: .right
            case .close: .misspelt
            case .missing: .missing
            case .extra: .extra
            }
            if var last = groups.last,
               (expectedWord != nil && last.expectedWords.last == expectedWord)
                || (typedWord != nil && last.typedWords.last == typedWord) {
                if let expectedWord, last.expectedWords.last != expectedWord { last.expectedWords.append(expectedWord) }
                if let typedWord, last.typedWords.last != typedWord { last.typedWords.append(typedWord) }
                last.marks.append(mark)
                groups[groups.count - 1] = last
            } else {
                groups.append(Group(expectedWords: expectedWord.map { [$0] } ?? [], typedWords: typedWord.map { [$0] } ?? [],
                                    marks: [mark]))
            }
        }
        return groups.map { group in
            let expected = group.expectedWords.isEmpty ? nil : group.expectedWords.map { line.words[$0] }.joined(separator: " ")
            let typed = group.typedWords.isEmpty ? nil : group.typedWords.map { answer.words[$0] }.joined(separator: " ")
            let mark: Mark = if group.marks.allSatisfy({ $0 == .right }) {
                .right
            } else if expected == nil {
                .extra
            } else if typed == nil {
                .missing
            } else {
                .misspelt
            }
            return Word(mark, expected: expected, typed: typed)
        }
    }
}

/// A text as the words `WordDiff` compares: each written word kept for showing, and its tokens, lower-cased,
/// with typographic apostrophes made plain and contractions written out.
struct WordTokens {
    struct Token {
        var text: String
        /// What else this token may stand for: "'s" is "is" or "has", "'d" is "would" or "had".
        var alternatives: [String] = []
        /// The index of the written word it comes from.
        var word: Int

        func matches(_ other: Token) -> Bool {
            text == other.text || alternatives.contains(other.text) || other.alternatives.contains(text)
                || !Set(alternatives).isDisjoint(with: other.alternatives)
        }
    }

    /// The words as written, without the punctuation around them.
    var words: [String] = []
    var tokens: [Token] = []

    init(_ text: String) {
        for word in Self.split(text) {
            let index = words.count
            words.append(word)
            // Curly and grave apostrophes are the straight one, as a learner's keyboard may not offer them.
            let plain = String(word.lowercased().map { "\u{2019}\u{2018}`".contains($0) ? "'" : $0 })
            for token in Self.expand(plain) {
                tokens.append(Token(text: token.text, alternatives: token.alternatives, word: index))
            }
        }
    }

    /// Words are runs of letters and digits, with apostrophes inside them ("don't", "James's"); everything else
    /// (spaces, commas, full stops, hyphens, quotation marks) only separates them.
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if isApostrophe(character), !current.isEmpty, index + 1 < characters.count,
                      characters[index + 1].isLetter {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func isApostrophe(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}" || character == "\u{2018}" || character == "`"
    }

    /// A lower-cased word as the words it stands for.
    static func expand(_ word: String) -> [(text: String, alternatives: [String])] {
        if let whole = whole[word] { return whole.map { ($0, []) } }
        for (ending, meaning) in endings where word.hasSuffix(ending) && word.count > ending.count {
            let stem = String(word.dropLast(ending.count))
            // "'s" after a noun is a possessive ("Anna's"): only after the words it shortens a verb for.
            if ending == "'s", !sIsVerb.contains(stem) { break }
            return [(stem, [])] + [(meaning[0], Array(meaning.dropFirst()))]
        }
        if word == "cannot" { return [("can", []), ("not", [])] }
        return [(word, [])]
    }

    /// Contractions whose long form is not the short one plus an ending.
    private static let whole: [String: [String]] = [
        "can't": ["can", "not"], "won't": ["will", "not"], "shan't": ["shall", "not"], "ain't": ["am", "not"],
        "let's": ["let", "us"], "y'all": ["you", "all"],
    ]

    /// Endings that shorten a word, with what they stand for (the first meaning, then the others).
    private static let endings: [(String, [String])] = [
        ("n't", ["not"]), ("'m", ["am"]), ("'re", ["are"]), ("'ve", ["have"]), ("'ll", ["will", "shall"]),
        ("'d", ["would", "had"]), ("'s", ["is", "has"]),
    ]

    /// The words "'s" shortens "is" or "has" after.
    private static let sIsVerb: Set<String> = [
        "it", "he", "she", "that", "what", "there", "here", "who", "where", "when", "how", "why", "this", "everything",
        "everyone", "nothing", "something", "somebody", "someone", "nobody",
    ]
}
