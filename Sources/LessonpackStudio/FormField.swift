import LessonpackDiagnostics

extension ModulePath {
    /// The field of the studio's forms that edits this part of the module: a dotted path into the model as the page
    /// holds it (`transcript.3.start`, `questions.1.answers.2.audio`), so a problem is shown beside the field it is
    /// about. Paths use the model's names where the source's differ (a statement's `correct` is `isCorrect`, a box's
    /// `text` is `body`); a test item's `correct`, `choices` and `answer` keep the source's names, since the model
    /// folds them into its kind. Nil for a part no form shows (a file as a whole, a file's main list).
    package var formField: String? {
        switch self {
        case .module(let field): return field.rawValue
        case .activities(let index): return "activities.\(index)"
        case .chosenLines(let key, nil): return key
        case .chosenLines(let key, let index?): return "\(key).\(index)"
        case .speakers(let index, let field): return entry("speakers", index, field == .entry ? nil : field.rawValue)
        case .objectives(let index, let field): return entry("objectives", index, field == .entry ? nil : field.rawValue)
        case .transcript(let index, .term(let term)): return entry("transcript", index, "terms.\(term)")
        case .transcript(let index, let field): return entry("transcript", index, field.key)
        case .definitions(let index, let field): return entry("definitions", index, field == .meaning ? "meaning" : nil)
        case .phrasebook(let index, let field):
            return entry("phrasebook", index, field == .entry ? nil : field == .text ? "body" : field.rawValue)
        case .videoTask(let index, .line(let line)): return entry("videoTask", index, "lines.\(line)")
        case .videoTask(let index, let field):
            return entry("videoTask", index, field == .correct ? "isCorrect" : field.key)
        case .questions(let index, .answer(let answer, let part)):
            let field = part == .entry ? nil : part == .correct ? "isCorrect" : part.rawValue
            return entry("questions", index, "answers.\(answer)" + (field.map { ".\($0)" } ?? ""))
        case .questions(let index, let field): return entry("questions", index, field.key)
        case .test(let field): return "test.\(field.rawValue)"
        case .testItems(let index, .choice(let choice)): return entry("test.items", index, "choices.\(choice)")
        case .testItems(let index, let field): return entry("test.items", index, field.key)
        case .media(let index, _): return "media.\(index)"
        case .list, .root, .file: return nil
        }
    }

    private func entry(_ list: String, _ index: Int, _ field: String?) -> String {
        "\(list).\(index)" + (field.map { ".\($0)" } ?? "")
    }
}
