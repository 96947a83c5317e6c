/// A place in a module, named by the model's own parts: `.transcript(3, .speaker)` is the speaker of the fourth
/// transcript line, `.questions(1, .answer(2, .text))` the text of answer C of the second question. A rule that
/// knows the field it is about says so with a path; where the module was read from sources, its source map turns
/// the path into a file, line and column, and where it was not (a bundle's module.json) the path is all there is,
/// and `description` says it in words. Indexes count from 0, as the model's lists do.
package enum ModulePath: Hashable, Sendable, Codable, CustomStringConvertible {
    /// One of module.plist's own keys.
    case module(ModuleField)
    /// An entry of the activity list.
    case activities(Int)
    /// The lines the author chose for an activity, under that activity's own key in module.plist: the key's value as
    /// a whole (no index), or one of its entries.
    case chosenLines(key: String, Int? = nil)
    case speakers(Int, SpeakerField)
    case objectives(Int, ObjectiveField)
    case transcript(Int, LineField)
    case definitions(Int, DefinitionField)
    case phrasebook(Int, BoxField)
    case videoTask(Int, StatementField)
    case questions(Int, QuestionField)
    case test(TestField)
    case testItems(Int, ItemField)
    case media(Int, MediaField)
    /// A file's main list as a whole (a transcript's `lines`, the test's `items`; definitions.plist is its list).
    case list(File)
    /// A file's top-level dictionary.
    case root(File)
    /// A file as a whole, with no place in it.
    case file(File)

    /// The parts of a module that each have a source file of their own.
    package enum File: String, Hashable, Sendable, Codable, CaseIterable {
        case module, transcript, definitions, phrasebook, videoTask, questions, test, media
    }

    package enum ModuleField: String, Hashable, Sendable, Codable {
        case id, title, version, level, language, summary, video, speakers, objectives, activities, passMark
        case rolePlay = "roleplay"
    }

    package enum SpeakerField: String, Hashable, Sendable, Codable {
        case entry, id, name, colour
    }

    package enum ObjectiveField: String, Hashable, Sendable, Codable {
        case entry, id, performance, condition, content, criteria
    }

    package enum LineField: Hashable, Sendable, Codable {
        case entry, id, speaker, text, start, end, audio, terms, uncertainTiming
        /// One of the line's highlighted terms.
        case term(Int)
    }

    /// A definition is a key (its term) and a value (its text).
    package enum DefinitionField: String, Hashable, Sendable, Codable {
        case term, meaning
    }

    package enum BoxField: String, Hashable, Sendable, Codable {
        case entry, title, text
    }

    package enum StatementField: Hashable, Sendable, Codable {
        case entry, id, text, correct, lines
        /// One of the transcript lines the statement names.
        case line(Int)
    }

    package enum QuestionField: Hashable, Sendable, Codable {
        case entry, id, text, audio, answers, feedback
        /// One of the question's answers, or one of its fields.
        case answer(Int, AnswerField = .entry)
    }

    package enum AnswerField: String, Hashable, Sendable, Codable {
        case entry, text, audio, correct
    }

    package enum TestField: String, Hashable, Sendable, Codable {
        case draw
    }

    package enum ItemField: Hashable, Sendable, Codable {
        case entry, id, objective, weight, text, correct, choices, answer, explanation
        /// One of a multiple-choice item's choices.
        case choice(Int)
    }

    /// A media file is a key (its path) and its details.
    package enum MediaField: String, Hashable, Sendable, Codable {
        case entry, kind, size, sha256, duration, placeholder
    }

    /// The source key a field is written under, where it has one.
    package var key: String? {
        switch self {
        case .module(let field): field.rawValue
        case .speakers(_, let field): field == .entry ? nil : field.rawValue
        case .objectives(_, let field): field == .entry ? nil : field.rawValue
        case .transcript(_, let field): field.key
        case .phrasebook(_, let field): field == .entry ? nil : field.rawValue
        case .videoTask(_, let field): field.key
        case .questions(_, let field): field.key
        case .test(let field): field.rawValue
        case .testItems(_, let field): field.key
        case .media(_, let field): field == .entry ? nil : field.rawValue
        case .chosenLines(let key, nil): key
        case .activities, .chosenLines, .definitions, .list, .root, .file: nil
        }
    }

    /// In words, counting from 1 as a person does: "transcript line 3, speaker", "question 2, answer A, text".
    package var description: String {
        func entry(_ noun: String, _ index: Int, _ field: String?) -> String {
            "\(noun) \(index + 1)" + (field.map { ", \($0)" } ?? "")
        }
        switch self {
        case .module(let field): return "module, \(field.rawValue)"
        case .activities(let index): return "activity \(index + 1)"
        case .chosenLines(let key, nil): return "module, \(key)"
        case .chosenLines(let key, let index?): return "\(key), line \(index + 1)"
        case .speakers(let index, let field): return entry("speaker", index, field == .entry ? nil : field.rawValue)
        case .objectives(let index, let field): return entry("objective", index, field == .entry ? nil : field.rawValue)
        case .transcript(let index, let field):
            if case .term(let term) = field { return entry("transcript line", index, "term \(term + 1)") }
            return entry("transcript line", index, field.key)
        case .definitions(let index, let field): return entry("definition", index, field.rawValue)
        case .phrasebook(let index, let field): return entry("phrasebook box", index, field == .entry ? nil : field.rawValue)
        case .videoTask(let index, let field):
            if case .line(let line) = field { return entry("video-task statement", index, "line \(line + 1)") }
            return entry("video-task statement", index, field.key)
        case .questions(let index, let field):
            if case .answer(let answer, let part) = field {
                return entry("question", index, "answer \(Self.letter(answer))" + (part == .entry ? "" : ", \(part.rawValue)"))
            }
            return entry("question", index, field.key)
        case .test(let field): return "test, \(field.rawValue)"
        case .testItems(let index, let field):
            if case .choice(let choice) = field { return entry("test item", index, "choice \(choice + 1)") }
            return entry("test item", index, field.key)
        case .media(let index, let field): return entry("media file", index, field == .entry ? nil : field.rawValue)
        case .list(let file): return "\(file.rawValue), the list"
        case .root(let file), .file(let file): return file.rawValue
        }
    }

    /// A, B, C… as answers are shown before any shuffle.
    package static func letter(_ index: Int) -> String {
        index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "\(index + 1)"
    }
}

extension ModulePath.LineField {
    /// The field written under `key`; nil for a key a line does not have.
    package init?(key: String) {
        guard let field = [Self.id, .speaker, .text, .start, .end, .audio, .terms, .uncertainTiming]
            .first(where: { $0.key == key }) else { return nil }
        self = field
    }

    /// The key in the line's dictionary; a term is an element of `terms`.
    package var key: String? {
        switch self {
        case .entry: nil
        case .id: "id"
        case .speaker: "speaker"
        case .text: "text"
        case .start: "start"
        case .end: "end"
        case .audio: "audio"
        case .terms, .term: "terms"
        case .uncertainTiming: "uncertainTiming"
        }
    }
}

extension ModulePath.StatementField {
    package init?(key: String) {
        guard let field = [Self.id, .text, .correct, .lines].first(where: { $0.key == key }) else { return nil }
        self = field
    }

    package var key: String? {
        switch self {
        case .entry: nil
        case .id: "id"
        case .text: "text"
        case .correct: "correct"
        case .lines, .line: "lines"
        }
    }
}

extension ModulePath.QuestionField {
    package init?(key: String) {
        guard let field = [Self.id, .text, .audio, .answers, .feedback].first(where: { $0.key == key }) else { return nil }
        self = field
    }

    package var key: String? {
        switch self {
        case .entry: nil
        case .id: "id"
        case .text: "text"
        case .audio: "audio"
        case .answers, .answer: "answers"
        case .feedback: "feedback"
        }
    }
}

extension ModulePath.ItemField {
    package init?(key: String) {
        guard let field = [Self.id, .objective, .weight, .text, .correct, .choices, .answer, .explanation]
            .first(where: { $0.key == key }) else { return nil }
        self = field
    }

    package var key: String? {
        switch self {
        case .entry: nil
        case .id: "id"
        case .objective: "objective"
        case .weight: "weight"
        case .text: "text"
        case .correct: "correct"
        case .choices, .choice: "choices"
        case .answer: "answer"
        case .explanation: "explanation"
        }
    }
}
