import Testing
@testable import LessonpackActivities
@testable import LessonpackCore

/// The word-by-word marking of a typed line, as a teacher marks a dictation: what a teacher forgives (case, punctuation, contractions either way)
/// and what they mark (missing, extra and misspelt words).
@Suite struct WordDiffTests {
    typealias Word = WordDiff.Word

    private func marks(_ expected: String, _ typed: String) -> [String] {
        WordDiff.compare(expected: expected, typed: typed).words.map { word in
            switch word.mark {
            case .right: word.expected ?? ""
            case .misspelt: "~\(word.typed ?? "")>\(word.expected ?? "")"
            case .missing: "-\(word.expected ?? "")"
            case .extra: "+\(word.typed ?? "")"
            }
        }
    }

    @Test func anExactCopyIsAllRight() {
        let diff = WordDiff.compare(expected: "Thank you. Please call me David.", typed: "Thank you. Please call me David.")
        #expect(diff.isAllRight && diff.right == 6 && diff.total == 6)
    }

    @Test func caseAndPunctuationAreForgiven() {
        let diff = WordDiff.compare(expected: "Yes, that's right. Good morning!", typed: "yes thats right good MORNING")
        // "thats" for "that's" is a letter out: a misspelling, not a forgiven difference.
        #expect(marks("Yes, that's right. Good morning!", "yes that's right good MORNING") == ["Yes", "that's", "right", "Good", "morning"])
        #expect(diff.right == 4 && diff.total == 5)
    }

    @Test func curlyAndStraightApostrophesAreTheSame() {
        #expect(WordDiff.compare(expected: "I\u{2019}m Helen.", typed: "i'm helen").isAllRight)
        #expect(WordDiff.compare(expected: "I'm Helen.", typed: "I\u{2019}m Helen").isAllRight)
    }

    @Test(arguments: [
        ("I'm fine.", "I am fine"), ("I am fine.", "I'm fine"), ("Don't go.", "do not go"), ("It's late.", "it is late"),
        ("It is late.", "it's late"), ("We can't stay.", "we cannot stay"), ("We can't stay.", "we can not stay"),
        ("They won't come.", "they will not come"), ("You're right.", "you are right"), ("I've seen it.", "I have seen it"),
        ("She'll call.", "she will call"), ("I'd like a tea.", "I would like a tea"), ("He's gone.", "he has gone"),
        ("Let's go.", "let us go"), ("It isn't here.", "it is not here"), ("That's right.", "that is right"),
    ])
    func contractionsCountEitherWay(_ pair: (String, String)) {
        let diff = WordDiff.compare(expected: pair.0, typed: pair.1)
        #expect(diff.isAllRight, "\(pair)")
        // Words are counted as the line writes them.
        #expect(diff.total == WordTokens.split(pair.0).count)
    }

    @Test func aPossessiveIsNotAContraction() {
        #expect(!WordDiff.compare(expected: "Anna's bag.", typed: "Anna is bag").isAllRight)
    }

    @Test func aContractionHalfWrittenIsMisspelt() {
        #expect(marks("I'm Helen.", "I Helen") == ["~I>I'm", "Helen"])
        #expect(marks("I am Helen.", "I'm Helen") == ["I am", "Helen"])
        let diff = WordDiff.compare(expected: "I am Helen.", typed: "I'm Helen")
        #expect(diff.right == 3 && diff.total == 3)
    }

    @Test func missingWordsAreMarked() {
        #expect(marks("Please call me David.", "please call David") == ["Please", "call", "-me", "David"])
        let diff = WordDiff.compare(expected: "Please call me David.", typed: "please call David")
        #expect(diff.right == 3 && diff.total == 4 && diff.words(.missing).map(\.expected) == ["me"])
    }

    @Test func extraWordsAreMarkedAndDoNotCountAsWordsOfTheLine() {
        #expect(marks("Nice to meet you.", "nice to meet you very much") == ["Nice", "to", "meet", "you", "+very", "+much"])
        let diff = WordDiff.compare(expected: "Nice to meet you.", typed: "nice to meet you very much")
        #expect(diff.right == 4 && diff.total == 4 && !diff.isAllRight)
    }

    @Test func misspeltWordsAreMarkedWithWhatWasWritten() {
        #expect(marks("Did you find us easily?", "did you fined us easyly") == ["Did", "you", "~fined>find", "us", "~easyly>easily"])
    }

    @Test func aDifferentWordIsMissingAndExtraNotMisspelt() {
        #expect(marks("I took the bus.", "I took the car") == ["I", "took", "the", "-bus", "+car"])
    }

    @Test func shortWordsNeedTheirFirstLetterToBeMisspellings() {
        #expect(WordDiff.isClose("the", "teh"))
        #expect(!WordDiff.isClose("at", "it"))
        #expect(WordDiff.isClose("frend", "friend"))
        #expect(WordDiff.isClose("Mor", "Moore"))
        #expect(!WordDiff.isClose("car", "careful"))
        #expect(!WordDiff.isClose("cat", "dog"))
    }

    @Test func emptyInputMissesEveryWord() {
        let diff = WordDiff.compare(expected: "Good morning.", typed: "")
        #expect(diff.words == [Word(.missing, expected: "Good", typed: nil), Word(.missing, expected: "morning", typed: nil)])
        #expect(diff.right == 0 && diff.total == 2)
        #expect(WordDiff.compare(expected: "Good morning.", typed: "  ,. ").words.allSatisfy { $0.mark == .missing })
    }

    @Test func anEmptyLineHasNoWords() {
        let diff = WordDiff.compare(expected: "", typed: "hello")
        #expect(diff.total == 0 && diff.words == [Word(.extra, expected: nil, typed: "hello")])
        #expect(WordDiff.compare(expected: "", typed: "").isAllRight)
    }

    @Test func allWrongScoresNothing() {
        let diff = WordDiff.compare(expected: "Good morning.", typed: "blue house")
        #expect(diff.right == 0 && diff.total == 2)
        #expect(diff.words(.missing).count == 2 && diff.words(.extra).count == 2)
    }

    @Test func wordsOutOfOrderAreMarkedOnce() {
        let diff = WordDiff.compare(expected: "the front office manager", typed: "the office front manager")
        #expect(diff.right == 3 && diff.total == 4)
    }

    @Test func hyphensAndNumbersAreWords() {
        #expect(WordTokens.split("a well-known 24-hour café, at 7:30") == ["a", "well", "known", "24", "hour", "café", "at", "7", "30"])
        #expect(WordDiff.compare(expected: "a well-known hotel", typed: "a well known hotel").isAllRight)
    }

    @Test func theSameInputAlwaysGivesTheSameMarks() {
        let first = WordDiff.compare(expected: "Thank you for coming in today, David.", typed: "thanks for comming today David")
        for _ in 0..<20 {
            #expect(WordDiff.compare(expected: "Thank you for coming in today, David.", typed: "thanks for comming today David") == first)
        }
        #expect(marks("Thank you for coming in today, David.", "thanks for comming today David")
            == ["~thanks>Thank", "-you", "for", "~comming>coming", "-in", "today", "David"])
    }
}
