import Foundation
import LessonpackDiagnostics
import LessonpackModel

/// Reads a `LessonDocument` by the conventions of docs/lesson-document.md: a heading starts a section, and each
/// section reads its lines its own way. What a line means may depend on the rest of the document (a statement's
/// line numbers on the transcript, a test item's objective on the objectives), so the lines are gathered as drafts
/// here and resolved by `LessonAssembly` once the whole document is read.
package enum LessonInterpreter {
    /// What the module already has, for a document that refers to parts it does not itself hold: a video task's
    /// line numbers without a transcript, a test's objectives without a list of objectives.
    package struct Context: Sendable {
        package var lineIDs: [String]
        package var objectives: [Objective]
        package var speakers: [Speaker]
        /// The glossary's terms, whose spelling a highlighted term takes.
        package var terms: [String]

        package init(lineIDs: [String] = [], objectives: [Objective] = [], speakers: [Speaker] = [], terms: [String] = []) {
            self.lineIDs = lineIDs
            self.objectives = objectives
            self.speakers = speakers
            self.terms = terms
        }
    }

    package static func interpret(_ document: LessonDocument, context: Context = Context()) -> (lesson: Lesson, diagnostics: [Diagnostic]) {
        var drafts = LessonDrafts(file: document.file)
        for line in document.lines { drafts.read(line) }
        return LessonAssembly(drafts: drafts, context: context).assemble()
    }
}

/// Where a diagnostic about a lesson points: a line and column in a text document; in a word processor's, the file,
/// with the paragraph's number and first words leading the message, which is how its author finds it.
struct LessonReporter {
    let file: String

    func diagnostic(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at place: LessonPlace) -> Diagnostic {
        if let line = place.line {
            return Diagnostic(severity, code, message, at: SourceLocation(file: file, line: line, column: place.column ?? 1))
        }
        let words = place.firstWords.count > 40 ? String(place.firstWords.prefix(40)) + "…" : place.firstWords
        return Diagnostic(severity, code, "paragraph \(place.paragraph) (\u{201C}\(words)\u{201D}): \(message)",
                          at: SourceLocation(file: file))
    }
}

struct Placed<Value> {
    var value: Value
    var place: LessonPlace
}

struct ObjectiveDraft {
    var heading: Placed<String>
    var fields: [String: String] = [:]
}

struct StatementDraft {
    var text: String
    var isTrue: Bool?
    var lines: [Int]?
    var place: LessonPlace
}

struct ChoiceDraft {
    var text: String
    var isRight: Bool
    var place: LessonPlace
}

struct QuestionDraft {
    var text: String
    var place: LessonPlace
    var answers: [ChoiceDraft] = []
    var feedback: String?
}

struct TestItemDraft {
    var text: String
    var place: LessonPlace
    var isTrue: Bool?
    var choices: [ChoiceDraft] = []
    var explanation: String?
    /// The objective its tag or sub-heading names, as written.
    var objective: Placed<String>?
}

struct SpeakerDraft {
    var name: String
    var role: String?
    var place: LessonPlace
}

struct TranscriptDraft {
    var speaker: Placed<String>
    var text: String
    var terms: [String]
    var place: LessonPlace
}

/// Everything the document says, section by section, before it is resolved.
struct LessonDrafts {
    let reporter: LessonReporter
    var diagnostics: [Diagnostic] = []
    var sectionsSeen: Set<LessonSection> = []

    var title: String?
    var level: String?
    var summary: String?
    var summaryFromText: [String] = []
    var passMark: Placed<String>?
    var rolePlay: Placed<String>?
    var speakers: [SpeakerDraft] = []
    var objectives: [ObjectiveDraft] = []
    var transcript: [TranscriptDraft] = []
    var glossary: [Placed<Definition>] = []
    var boxes: [(title: String, body: [String], place: LessonPlace)] = []
    var statements: [StatementDraft] = []
    var questions: [QuestionDraft] = []
    var testItems: [TestItemDraft] = []
    var draw: Placed<Int>?

    private var section: LessonSection?
    private var sectionLevel = 0
    private var skipping = false
    private var testObjective: Placed<String>?
    private var glossaryColumns: [GlossaryColumn]?
    private var testItemOpen = false

    init(file: String) { reporter = LessonReporter(file: file) }

    mutating func read(_ line: LessonLine) {
        if let level = line.headingLevel { return heading(line.text.plain, level: level, at: line.place) }
        if case .paragraph = line.kind {
            let text = line.text.plain
            // Plain text has no headings: a line that is only a section's name ("Glossary:") starts it, and the
            // document's first line, when it is not a labelled detail, is its title.
            if text.count <= 40, LessonSection.named(text) != nil { return heading(text, level: 1, at: line.place) }
            if title == nil, section == nil, line.place.paragraph == 1, LessonMarks.label(text, among: ["level", "summary",
                "title", "pass mark", "passmark"]) == nil, LessonMarks.literalMarker(text) == nil {
                title = text
                section = .details
                return
            }
        }
        if skipping { return }
        if let current = section, current.takesSubheadings, Self.isBoldTitle(line) {
            return subheading(line.text.plain, at: line.place)
        }
        switch section {
        case nil, .details?: details(line)
        case .speakers?: speaker(line)
        case .objectives?: objective(line)
        case .transcript?: transcriptLine(line)
        case .glossary?: glossaryEntry(line)
        case .languageFocus?: focusLine(line)
        case .videoTask?: statement(line)
        case .questions?: questionLine(line)
        case .test?: testLine(line)
        }
    }

    /// A paragraph all in bold, short and not a labelled line: Word users often make a sub-heading that way.
    private static func isBoldTitle(_ line: LessonLine) -> Bool {
        guard case .paragraph = line.kind, !line.text.runs.isEmpty, line.text.plain.count <= 100 else { return false }
        return line.text.runs.allSatisfy { $0.isStrong || $0.text.allSatisfy(\.isWhitespace) }
            && !line.text.plain.trimmingCharacters(in: .whitespaces).hasSuffix(":")
            && LessonMarks.literalMarker(line.text.plain) == nil
    }

    private mutating func warn(_ code: DiagnosticCode, _ message: String, at place: LessonPlace) {
        diagnostics.append(reporter.diagnostic(.warning, code, message, at: place))
    }

    private mutating func fail(_ code: DiagnosticCode, _ message: String, at place: LessonPlace) {
        diagnostics.append(reporter.diagnostic(.error, code, message, at: place))
    }

    private mutating func heading(_ text: String, level: Int, at place: LessonPlace) {
        // The title may itself end in a section's name ("Unit 5: Quiz"): only a later heading is read that way.
        if let named = LessonSection.named(text, allowingLabels: section != nil || title != nil) {
            section = named
            sectionLevel = level
            skipping = false
            sectionsSeen.insert(named)
            testObjective = nil
            glossaryColumns = nil
            testItemOpen = false
            return
        }
        // The document's title given twice (a web page's <title> and its first heading) is one title.
        if section == .details, text == title, summaryFromText.isEmpty, self.level == nil, summary == nil { return }
        if section == nil, title == nil {
            title = text
            section = .details
            sectionLevel = level
            return
        }
        if let current = section, !skipping, level > sectionLevel {
            if current.takesSubheadings { return subheading(text, at: place) }
            warn(.lessonUnknownSection, "'\(text)' is not a section name; what follows it is read as part of " +
                 "\(current.title)", at: place)
            return
        }
        let known = LessonSection.allCases.filter { $0 != .details }.map(\.title).joined(separator: ", ")
        warn(.lessonUnknownSection, "'\(text)' is not a section this lesson format knows, so what follows it is not " +
             "read; the sections are \(known)", at: place)
        skipping = true
        sectionLevel = level
        section = nil
    }

    private mutating func subheading(_ text: String, at place: LessonPlace) {
        let title = text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ":"))
        switch section {
        case .objectives?: objectives.append(ObjectiveDraft(heading: Placed(value: title, place: place)))
        case .languageFocus?: boxes.append((title, [], place))
        case .test?:
            testObjective = Placed(value: title, place: place)
            testItemOpen = false
        default: break
        }
    }

    // MARK: Module details

    private mutating func details(_ line: LessonLine) {
        let text = line.text.plain
        if let (label, value) = LessonMarks.label(text, among: ["title", "level", "summary", "pass mark", "passmark",
                                                                 "role play", "roleplay"]) {
            switch label {
            case "title": title = value
            case "level": level = value
            case "summary": summary = value
            case "role play", "roleplay": rolePlay = Placed(value: value, place: line.place)
            default: passMark = Placed(value: value, place: line.place)
            }
            return
        }
        summaryFromText.append(text)
    }

    // MARK: Speakers

    private mutating func speaker(_ line: LessonLine) {
        var text = Self.withoutTypedMarker(line).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        var role: String?
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            role = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingCharacters(in: .whitespaces)
            text = String(text[..<open]).trimmingCharacters(in: .whitespaces)
        } else {
            for separator in [" – ", " — ", " - ", ": ", ", "] {
                if let range = text.range(of: separator) {
                    role = String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
                    text = String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
                    break
                }
            }
        }
        guard !text.isEmpty else {
            return fail(.lessonSyntax, "a speaker needs a name: write 'Full Name (role)'", at: line.place)
        }
        speakers.append(SpeakerDraft(name: text, role: role?.isEmpty == true ? nil : role, place: line.place))
    }

    // MARK: Objectives

    private mutating func objective(_ line: LessonLine) {
        let text = Self.withoutTypedMarker(line)
        let labels = ["performance", "condition", "content", "criteria", "criterion"]
        guard let (label, value) = LessonMarks.label(text, among: labels) else {
            if objectives.isEmpty || !objectives[objectives.count - 1].fields.isEmpty {
                // A line on its own names the next objective, as a sub-heading would.
                objectives.append(ObjectiveDraft(heading: Placed(value: text, place: line.place)))
            }
            // Otherwise it describes the objective its sub-heading named: nothing the module keeps.
            return
        }
        let key = label == "criterion" ? "criteria" : label
        if objectives.isEmpty || objectives[objectives.count - 1].fields[key] != nil {
            objectives.append(ObjectiveDraft(heading: Placed(value: "", place: line.place)))
        }
        objectives[objectives.count - 1].fields[key] = value
    }

    // MARK: Transcript

    private mutating func transcriptLine(_ line: LessonLine) {
        var styled = line.text
        if let (marker, length) = LessonMarks.literalMarker(styled.plain), case .number = marker {
            styled = styled.dropping(length)
        }
        let plain = styled.plain
        guard let colon = plain.firstIndex(of: ":"), plain.distance(from: plain.startIndex, to: colon) <= 40 else {
            return fail(.lessonSyntax, "this line of the conversation names no speaker: start it with the speaker's " +
                        "name and a colon, like 'Helen: Good morning.'", at: line.place)
        }
        // A direction in parentheses, as scripts write them ("Helen (smiling):"), is not part of the name.
        let name = String(plain[..<colon]).replacingOccurrences(of: #"\s*\([^)]*\)"#, with: "", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
        let spoken = styled.dropping(plain.distance(from: plain.startIndex, to: colon) + 1).trimmed()
        guard !name.isEmpty, !spoken.isEmpty else {
            return fail(.lessonSyntax, name.isEmpty ? "the speaker's name is missing before the colon"
                        : "\(name) says nothing on this line: write what they say after the colon", at: line.place)
        }
        var terms: [String] = []
        for run in spoken.runs where run.isHighlighted {
            let term = run.text.trimmingCharacters(in: CharacterSet.whitespaces.union(.punctuationCharacters))
            if !term.isEmpty, !terms.contains(term) { terms.append(term) }
        }
        transcript.append(TranscriptDraft(speaker: Placed(value: name, place: line.place), text: spoken.plain,
                                          terms: terms, place: line.place))
    }

    // MARK: Glossary

    enum GlossaryColumn { case term, partOfSpeech, meaning, other }

    private mutating func glossaryEntry(_ line: LessonLine) {
        if case .tableRow(let cells, _) = line.kind {
            let names = cells.map { Self.glossaryColumn(named: $0.plain) }
            if names.contains(.term), names.contains(.meaning) || names.contains(.partOfSpeech) {
                glossaryColumns = names
                return
            }
            let columns = glossaryColumns ?? (cells.count >= 3 ? [.term, .partOfSpeech, .meaning] : [.term, .meaning])
            func cell(_ column: GlossaryColumn) -> String? {
                columns.firstIndex(of: column).flatMap { $0 < cells.count ? cells[$0].plain : nil }?
                    .trimmingCharacters(in: .whitespaces)
            }
            var partOfSpeech = cell(.partOfSpeech) ?? ""
            var meaning = cell(.meaning) ?? ""
            if partOfSpeech.isEmpty, let parsed = Definition.parse(meaning) { (partOfSpeech, meaning) = parsed }
            partOfSpeech = partOfSpeech.trimmingCharacters(in: CharacterSet(charactersIn: "() "))
            return define(cell(.term) ?? "", partOfSpeech, meaning, at: line.place)
        }
        let text = Self.withoutTypedMarker(line)
        if let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
            let term = Self.trimmedSeparators(String(text[..<open]))
            let partOfSpeech = String(text[text.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
            let meaning = Self.trimmedSeparators(String(text[text.index(after: close)...]))
            return define(term, partOfSpeech, meaning, at: line.place)
        }
        let term = [" – ", " — ", " - ", ": "].lazy.compactMap { text.range(of: $0) }.first
            .map { String(text[..<$0.lowerBound]) } ?? text
        let name = Self.trimmedSeparators(term)
        fail(.lessonSyntax, "the glossary entry '\(name)' has no part of speech: write it in parentheses after the " +
             "term, like '\(name) (noun) …'", at: line.place)
    }

    private mutating func define(_ term: String, _ partOfSpeech: String, _ meaning: String, at place: LessonPlace) {
        guard !term.isEmpty else { return fail(.lessonSyntax, "a glossary entry needs its term first", at: place) }
        guard !partOfSpeech.isEmpty else {
            return fail(.lessonSyntax, "the glossary entry '\(term)' has no part of speech: write it in parentheses " +
                        "after the term, like '\(term) (noun) …'", at: place)
        }
        guard !meaning.isEmpty else {
            return fail(.lessonSyntax, "the glossary entry '\(term)' has no meaning after its part of speech", at: place)
        }
        glossary.append(Placed(value: Definition(term: term, partOfSpeech: partOfSpeech, meaning: meaning), place: place))
    }

    private static func glossaryColumn(named name: String) -> GlossaryColumn {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "term", "word", "expression", "phrase", "word or phrase", "vocabulary": .term
        case "part of speech", "pos", "type", "word class", "grammar": .partOfSpeech
        case "meaning", "definition", "explanation", "meaning and example": .meaning
        default: .other
        }
    }

    // MARK: Language focus

    private mutating func focusLine(_ line: LessonLine) {
        guard !boxes.isEmpty else {
            return fail(.lessonSyntax, "give each language focus box a title first: a sub-heading (or a line in bold) " +
                        "above its text", at: line.place)
        }
        let text: String
        switch line.kind {
        case .listItem(.bullet, _): text = "• " + line.text.plain
        case .listItem(.number(let number), _): text = "\(number). " + line.text.plain
        case .listItem(.letter(let letter), _): text = "\(LessonMarks.letter(letter))) " + line.text.plain
        case .tableRow(let cells, _): text = cells.map(\.plain).joined(separator: " | ")
        default: text = line.text.plain
        }
        boxes[boxes.count - 1].body.append(text)
    }

    // MARK: Video task

    private mutating func statement(_ line: LessonLine) {
        let numbered = Self.isNumbered(line)
        var text = Self.withoutTypedMarker(line)
        let truth = LessonMarks.truth(in: text)
        if let truth { text = truth.rest }
        let references = LessonMarks.lineReferences(in: text)
        if let references { text = references.rest }
        // Instructions above the statements ("Mark each one true or false") carry no marks and no number.
        guard numbered || truth != nil || references != nil else { return }
        statements.append(StatementDraft(text: text, isTrue: truth?.isTrue, lines: references?.lines, place: line.place))
    }

    // MARK: Questions and answers

    private mutating func questionLine(_ line: LessonLine) {
        let text = line.text.plain
        if let (_, value) = LessonMarks.label(text, among: ["feedback"]) {
            guard !questions.isEmpty else {
                return fail(.lessonSyntax, "feedback before any question: put it under the question it explains",
                            at: line.place)
            }
            questions[questions.count - 1].feedback = value
            return
        }
        if let choice = Self.choice(line) {
            guard !questions.isEmpty else {
                return fail(.lessonSyntax, "an answer before any question: number the question above it, like " +
                            "'1. Where does Helen work?'", at: line.place)
            }
            questions[questions.count - 1].answers.append(choice)
            return
        }
        if Self.isNumbered(line) {
            questions.append(QuestionDraft(text: Self.withoutTypedMarker(line), place: line.place))
        }
    }

    // MARK: Test

    private mutating func testLine(_ line: LessonLine) {
        let text = line.text.plain
        if let draw = LessonMarks.draw(in: text), !Self.isNumbered(line) {
            self.draw = Placed(value: draw, place: line.place)
            return
        }
        if let (label, value) = LessonMarks.label(text, among: ["explanation", "objective", "pass mark", "passmark"]) {
            if label == "pass mark" || label == "passmark" {
                passMark = Placed(value: value, place: line.place)
                return
            }
            guard testItemOpen, !testItems.isEmpty else {
                return fail(.lessonSyntax, "'\(label.prefix(1).uppercased() + label.dropFirst()):' before any test " +
                            "item: put it under the item it belongs to", at: line.place)
            }
            if label == "explanation" { testItems[testItems.count - 1].explanation = value }
            else { testItems[testItems.count - 1].objective = Placed(value: value, place: line.place) }
            return
        }
        if testItemOpen, !testItems.isEmpty, testItems[testItems.count - 1].isTrue == nil, let choice = Self.choice(line) {
            testItems[testItems.count - 1].choices.append(choice)
            return
        }
        guard Self.isNumbered(line) else { return }
        var itemText = Self.withoutTypedMarker(line)
        var objective = testObjective
        if let tag = LessonMarks.objectiveTag(in: itemText) {
            objective = Placed(value: tag.tag, place: line.place)
            itemText = tag.rest
        }
        let truth = LessonMarks.truth(in: itemText)
        if let truth { itemText = truth.rest }
        testItems.append(TestItemDraft(text: itemText, place: line.place, isTrue: truth?.isTrue, objective: objective))
        testItemOpen = true
    }

    // MARK: Markers

    /// A numbered list item, or a line starting with a typed number.
    private static func isNumbered(_ line: LessonLine) -> Bool {
        if case .listItem(.number, _) = line.kind { return true }
        if case .paragraph = line.kind, let (marker, _) = LessonMarks.literalMarker(line.text.plain),
           case .number = marker { return true }
        return false
    }

    /// A lettered or bulleted line is an answer: its text, and whether it is marked right (by a mark, or by being
    /// all in bold).
    private static func choice(_ line: LessonLine) -> ChoiceDraft? {
        var styled = line.text
        switch line.kind {
        case .listItem(.letter, _), .listItem(.bullet, _): break
        case .paragraph:
            guard let (marker, length) = LessonMarks.literalMarker(styled.plain) else { return nil }
            switch marker {
            case .letter, .bullet: styled = styled.dropping(length)
            case .number: return nil
            }
        // A numbered item is a question, and headings and table rows are never answers.
        case .listItem(.number, _), .heading, .tableRow: return nil
        }
        let mark = LessonMarks.rightAnswer(in: styled.plain)
        let bold = !styled.runs.isEmpty && styled.runs.allSatisfy { $0.isStrong || $0.text.allSatisfy(\.isWhitespace) }
        return ChoiceDraft(text: mark.rest, isRight: mark.isRight || bold, place: line.place)
    }

    /// The line's text without a number, letter or bullet typed at its start.
    private static func withoutTypedMarker(_ line: LessonLine) -> String {
        let text = line.text.plain
        guard case .paragraph = line.kind, let (_, length) = LessonMarks.literalMarker(text) else { return text }
        return String(text.dropFirst(length))
    }

    private static func trimmedSeparators(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: " \t–—-:,*"))
    }
}
