import Foundation
import LessonpackDiagnostics
import LessonpackModel

/// Turns the drafts of a whole document into a `Lesson`: ids derived (`l01`, `s01`, `q1`, `t01`, speakers' from
/// their roles), names and numbers resolved against the rest of the document (or the module, for what the document
/// does not hold), and every convention a section's lines broke reported at its line.
struct LessonAssembly {
    var drafts: LessonDrafts
    let context: LessonInterpreter.Context

    /// Tile and subtitle colours for speakers in order, distinct for readers with the commoner colour-vision
    /// deficiencies (the Okabe–Ito palette).
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]

    private var diagnostics: [Diagnostic] = []

    init(drafts: LessonDrafts, context: LessonInterpreter.Context) {
        self.drafts = drafts
        self.context = context
    }

    mutating func fail(_ code: DiagnosticCode, _ message: String, at place: LessonPlace) {
        diagnostics.append(drafts.reporter.diagnostic(.error, code, message, at: place))
    }

    func assemble() -> (lesson: Lesson, diagnostics: [Diagnostic]) {
        var copy = self
        let lesson = copy.build()
        return (lesson, drafts.diagnostics + copy.diagnostics)
    }

    private mutating func build() -> Lesson {
        var lesson = Lesson()
        let seen = drafts.sectionsSeen
        lesson.title = drafts.title
        lesson.level = drafts.level
        lesson.summary = drafts.summary ?? (drafts.summaryFromText.isEmpty ? nil : drafts.summaryFromText.joined(separator: " "))
        if let written = drafts.passMark {
            let digits = written.value.filter(\.isNumber)
            if let mark = Int(digits), (1...100).contains(mark), digits.count <= 3 {
                lesson.passMark = mark
            } else {
                fail(.lessonSyntax, "the pass mark '\(written.value)' is not a percentage from 1 to 100, like " +
                     "'Pass mark: 70%'", at: written.place)
            }
        }
        if let written = drafts.rolePlay {
            switch written.value.lowercased().trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) {
            case "yes", "on": lesson.rolePlay = true
            case "no", "off": lesson.rolePlay = false
            default:
                fail(.lessonSyntax, "role play is '\(written.value)': write 'Role play: yes' for learners to play a " +
                     "speaker in the video, or 'Role play: no'", at: written.place)
            }
        }
        if seen.contains(.speakers) || (context.speakers.isEmpty && !drafts.transcript.isEmpty) {
            lesson.speakers = speakers()
        }
        if seen.contains(.transcript) {
            lesson.transcript = transcript(speakers: lesson.speakers ?? context.speakers,
                                           glossary: seen.contains(.glossary) ? drafts.glossary.map(\.value.term) : context.terms)
        }
        if seen.contains(.objectives) { lesson.objectives = objectives() }
        if seen.contains(.glossary) { lesson.definitions = glossary() }
        if seen.contains(.languageFocus) { lesson.phrasebook = boxes() }
        let lineIDs = lesson.transcript?.map(\.id) ?? context.lineIDs
        if seen.contains(.videoTask) { lesson.videoTask = statements(lineIDs: lineIDs) }
        if seen.contains(.questions) { lesson.questions = questions() }
        if seen.contains(.test) { lesson.test = test(objectives: lesson.objectives ?? context.objectives) }
        if seen.isEmpty, lesson.title == nil {
            diagnostics.append(.error(.lessonMissing, "nothing in this document reads as a lesson: give it a title as " +
                                      "its first heading, then sections under headings such as 'Conversation' and " +
                                      "'Glossary' (docs/lesson-document.md)", at: SourceLocation(file: drafts.reporter.file)))
        }
        return lesson
    }

    // MARK: Speakers and transcript

    private func speakers() -> [Speaker] {
        var drafts = self.drafts.speakers
        if drafts.isEmpty {
            // No list of speakers: the names the conversation uses, in the order they first speak.
            var names: [String] = []
            for line in self.drafts.transcript where !names.contains(line.speaker.value) { names.append(line.speaker.value) }
            drafts = names.map { name in SpeakerDraft(name: name, role: nil, place: self.drafts.transcript[0].place) }
        }
        var taken: Set<String> = []
        return drafts.enumerated().map { index, draft in
            let role = draft.role.map { Identifier.isValid($0) && $0 == $0.lowercased() ? $0 : Self.slug($0) }
            let base = role?.nonEmpty ?? Self.slug(draft.name.split(separator: " ").first.map(String.init) ?? "")
                .nonEmpty ?? "speaker-\(index + 1)"
            let id = Self.unique(base, &taken)
            return Speaker(id: id, name: draft.name, colour: Self.colours[index % Self.colours.count])
        }
    }

    /// A term is spelt as the glossary spells it when they differ only in case: "Nice to meet you", bold at the
    /// start of a sentence, is the glossary's "nice to meet you".
    private mutating func transcript(speakers: [Speaker], glossary: [String]) -> [TranscriptLine] {
        let spellings = Dictionary(glossary.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let lines = drafts.transcript
        guard !lines.isEmpty else {
            diagnostics.append(.error(.lessonMissing, "the Conversation section has no lines: write one paragraph per " +
                                      "line, like 'Helen: Good morning.'", at: SourceLocation(file: drafts.reporter.file)))
            return []
        }
        let width = lines.count > 99 ? 3 : 2
        var result: [TranscriptLine] = []
        for (index, line) in lines.enumerated() {
            let id = "l" + Self.padded(index + 1, width)
            if speaker(named: line.speaker.value, among: speakers) == nil {
                let names = speakers.map(\.name)
                let hint = DidYouMean.suggestion(for: line.speaker.value, among: names.flatMap { [$0] + $0.split(separator: " ").map(String.init) })
                fail(.lessonReference, "'\(line.speaker.value)' is not one of the speakers (\(names.joined(separator: ", ")))" +
                     (hint.map { "; did you mean '\($0)'?" } ?? ": add them under Speakers"), at: line.place)
            }
            // Kept even when its speaker is unknown, so the lines after it keep their numbers in other messages.
            result.append(TranscriptLine(id: id, speaker: speaker(named: line.speaker.value, among: speakers)?.id ?? "",
                                         text: line.text, start: 0, end: 0, audio: "lines/\(id).wav",
                                         terms: line.terms.map { spellings[$0.lowercased()] ?? $0 }))
        }
        return result
    }

    /// "Helen" is the speaker whose name starts with the word "Helen", or whose id or role it is.
    private func speaker(named name: String, among speakers: [Speaker]) -> Speaker? {
        let wanted = name.lowercased()
        if let exact = speakers.first(where: { $0.name.lowercased() == wanted || $0.id == Self.slug(name) }) { return exact }
        let starting = speakers.filter { speaker in
            let full = speaker.name.lowercased()
            return full.hasPrefix(wanted) && (full.count == wanted.count
                || full[full.index(full.startIndex, offsetBy: wanted.count)] == " ")
        }
        return starting.count == 1 ? starting[0] : nil
    }

    // MARK: Objectives, glossary, boxes

    /// The glossary, each term once: definitions.plist holds a term as a key, and a file with one key twice does not
    /// read back, so a term written twice would have been imported into a module that no longer checks (the lesson
    /// fuzzer's finding). It is the author's mistake, said where the second one is.
    private mutating func glossary() -> [Definition] {
        var seenTerms = Set<String>()
        var kept: [Definition] = []
        for entry in drafts.glossary {
            guard seenTerms.insert(entry.value.term).inserted else {
                fail(.lessonSyntax, "'\(entry.value.term.prefix(50))' is in the glossary twice; give each term one " +
                     "definition", at: entry.place)
                continue
            }
            kept.append(entry.value)
        }
        return kept
    }

    private mutating func objectives() -> [Objective] {
        var taken: Set<String> = []
        var result: [Objective] = []
        for (index, draft) in drafts.objectives.enumerated() {
            let heading = draft.heading.value
            let id = Self.unique(Self.objectiveID(heading) ?? "o\(index + 1)", &taken)
            let missing = ["performance", "condition", "content", "criteria"].filter { (draft.fields[$0] ?? "").isEmpty }
            if !missing.isEmpty {
                let labels = missing.map { "'\($0.prefix(1).uppercased() + $0.dropFirst()):'" }
                fail(.lessonSyntax, "the objective '\(heading.isEmpty ? id : heading)' has no " +
                     labels.joined(separator: ", ") + " line: an objective says its performance, condition, content " +
                     "and criteria", at: draft.heading.place)
            }
            result.append(Objective(id: id, performance: draft.fields["performance"] ?? "",
                                    condition: draft.fields["condition"] ?? "", content: draft.fields["content"] ?? "",
                                    criteria: draft.fields["criteria"] ?? ""))
        }
        return result
    }

    private mutating func boxes() -> [FocusBox] {
        drafts.boxes.compactMap { box in
            guard !box.body.isEmpty else {
                fail(.lessonSyntax, "the language focus box '\(box.title)' has no text under its title", at: box.place)
                return nil
            }
            return FocusBox(title: box.title, body: box.body.joined(separator: "\n"))
        }
    }

    // MARK: Video task, questions, test

    private mutating func statements(lineIDs: [String]) -> [VideoTaskStatement] {
        var result: [VideoTaskStatement] = []
        for (index, draft) in drafts.statements.enumerated() {
            let number = index + 1
            guard let isTrue = draft.isTrue else {
                fail(.lessonSyntax, "statement \(number) is not marked true or false: add (true) or (false) after it",
                     at: draft.place)
                continue
            }
            guard let numbers = draft.lines, !numbers.isEmpty else {
                fail(.lessonSyntax, "statement \(number) does not say which lines show the answer: add them, like " +
                     "(line 4) or (lines 5, 6), counting from the first line of the conversation", at: draft.place)
                continue
            }
            guard let outside = numbers.first(where: { $0 < 1 || $0 > lineIDs.count }) else {
                result.append(VideoTaskStatement(id: "s" + Self.padded(number, 2), text: draft.text, isCorrect: isTrue,
                                                 lines: numbers.map { lineIDs[$0 - 1] }))
                continue
            }
            fail(.lessonReference, "statement \(number) names line \(outside), but the conversation has " +
                 "\(lineIDs.count) line\(lineIDs.count == 1 ? "" : "s")", at: draft.place)
        }
        return result
    }

    private mutating func questions() -> [Question] {
        var result: [Question] = []
        for (index, draft) in drafts.questions.enumerated() {
            let number = index + 1
            let id = "q\(number)"
            guard draft.answers.count == 3 else {
                fail(.lessonSyntax, "question \(number) has \(draft.answers.count) answer\(draft.answers.count == 1 ? "" : "s"): " +
                     "a spoken question has three, written under it as a), b) and c)", at: draft.place)
                continue
            }
            let right = draft.answers.filter(\.isRight).count
            guard right == 1 else {
                fail(.lessonSyntax, right == 0 ? "question \(number) has no answer marked right: mark it with ✓"
                     : "question \(number) has \(right) answers marked right: mark only one with ✓", at: draft.place)
                continue
            }
            let answers = draft.answers.enumerated().map { letter, answer in
                Question.Answer(text: answer.text, audio: "qa/\(id)-\(["a", "b", "c"][letter]).wav", isCorrect: answer.isRight)
            }
            result.append(Question(id: id, text: draft.text, audio: "qa/\(id).wav", answers: answers, feedback: draft.feedback))
        }
        return result
    }

    private mutating func test(objectives: [Objective]) -> TestBank {
        var items: [TestItem] = []
        for (index, draft) in drafts.testItems.enumerated() {
            let number = index + 1
            let id = "t" + Self.padded(number, drafts.testItems.count > 99 ? 3 : 2)
            let kind: TestItem.Kind
            if let isTrue = draft.isTrue {
                kind = .statement(isCorrect: isTrue)
            } else if !draft.choices.isEmpty {
                let right = draft.choices.filter(\.isRight)
                guard draft.choices.count >= 2, right.count == 1 else {
                    fail(.lessonSyntax, draft.choices.count < 2 ? "test item \(number) has only one answer: give two or more"
                         : right.isEmpty ? "test item \(number) has no answer marked right: mark it with ✓"
                         : "test item \(number) has \(right.count) answers marked right: mark only one with ✓", at: draft.place)
                    continue
                }
                kind = .multipleChoice(choices: draft.choices.map(\.text), answer: right[0].text)
            } else {
                fail(.lessonSyntax, "test item \(number) is neither marked true or false nor followed by its answers: " +
                     "add (true) or (false), or write its answers under it as a), b), c)", at: draft.place)
                continue
            }
            guard let objective = objective(for: draft, number: number, among: objectives) else { continue }
            items.append(TestItem(id: id, objective: objective, text: draft.text, kind: kind, explanation: draft.explanation))
        }
        let draw = drafts.draw?.value ?? min(TestBank.defaultDraw, max(items.count, 1))
        if let written = drafts.draw, written.value < 1 {
            fail(.lessonSyntax, "an attempt must draw at least one item", at: written.place)
        }
        return TestBank(draw: draw, items: items)
    }

    private mutating func objective(for draft: TestItemDraft, number: Int, among objectives: [Objective]) -> String? {
        guard let named = draft.objective else {
            if objectives.count == 1 { return objectives[0].id }
            fail(.lessonReference, "test item \(number) does not say which objective it assesses: put it under that " +
                 "objective's sub-heading in the Test section, or end it with the objective's id in brackets, like " +
                 "[\(objectives.first?.id ?? "greet")]", at: draft.place)
            return nil
        }
        let wanted = named.value.lowercased()
        let byDraft = Dictionary(drafts.objectives.enumerated().map { ($0.element.heading.value.lowercased(), $0.offset) },
                                 uniquingKeysWith: { first, _ in first })
        if let match = objectives.first(where: { $0.id.lowercased() == wanted || $0.id == Self.objectiveID(named.value) }) {
            return match.id
        }
        if let index = byDraft[wanted], index < objectives.count { return objectives[index].id }
        let hint = DidYouMean.suggestion(for: named.value, among: objectives.map(\.id))
        fail(.lessonReference, "test item \(number) names the objective '\(named.value)', which is not one of the " +
             "objectives (\(objectives.map(\.id).joined(separator: ", ")))" + (hint.map { "; did you mean '\($0)'?" } ?? ""),
             at: named.place)
        return nil
    }

    // MARK: Ids

    /// An objective's id from its sub-heading: the heading itself when it is already an id (`greet-politely`),
    /// else its words (`Greet politely` → `greet-politely`).
    static func objectiveID(_ heading: String) -> String? {
        if Identifier.isValid(heading), heading == heading.lowercased() { return heading }
        let words = slug(heading).split(separator: "-").prefix(6)
        return words.isEmpty ? nil : words.joined(separator: "-")
    }

    /// Lowercase ASCII words joined by hyphens: "Interviewer (HR)" → "interviewer-hr".
    static func slug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        return folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
    }

    static func unique(_ base: String, _ taken: inout Set<String>) -> String {
        var candidate = base
        var suffix = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(suffix)"
            suffix += 1
        }
        taken.insert(candidate)
        return candidate
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
