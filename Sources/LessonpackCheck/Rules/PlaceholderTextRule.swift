import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let placeholderText: DiagnosticCode = "placeholder-text"
}

/// The starter's example texts ("Statement 1: write a sentence about the video…", "Speaker A") are there to be
/// replaced. Each one still standing where the starter put it is on the module's to-do list, so a new module shows
/// exactly what is left to write; a text is judged by its entry's id too, so a real line that happens to say
/// "Goodbye." is not taken for one.
struct PlaceholderTextRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let module = context.module
        var found: [Diagnostic] = []
        func flag(_ what: String, at path: ModulePath) {
            found.append(context.problem(.placeholderText, "\(what) is still the starter's example text: write your " +
                                         "lesson's", at: path))
        }
        if module.summary == StarterText.summary { flag("the summary", at: .module(.summary)) }
        for (index, speaker) in module.speakers.enumerated() where StarterText.speakers[speaker.id] == speaker.name {
            flag("the name of speaker '\(speaker.id)'", at: .speakers(index, .name))
        }
        let parts: [ModulePath.ObjectiveField] = [.performance, .condition, .content, .criteria]
        for (index, objective) in module.objectives.enumerated() {
            guard let starter = StarterText.objectives[objective.id] else { continue }
            let values = [objective.performance, objective.condition, objective.content, objective.criteria]
            for (part, value) in zip(parts, values) where starter.contains(value) {
                flag("the \(part.rawValue) of objective '\(objective.id)'", at: .objectives(index, part))
            }
        }
        for (index, line) in module.transcript.enumerated() where StarterText.lines[line.id] == line.text {
            flag("the text of \(context.describeLine(index))", at: .transcript(index, .text))
        }
        // Not the starter's definition of "nice to meet you": a real glossary may well say the same (the sample
        // module's does), and once the starter's lines are gone, unused-definition lists it anyway.
        for (index, box) in module.phrasebook.enumerated() where StarterText.boxes[box.title] == box.body {
            flag("the language focus box '\(box.title)'", at: .phrasebook(index, .entry))
        }
        for (index, statement) in module.videoTask.enumerated() where StarterText.statements[statement.id] == statement.text {
            flag("video task statement '\(statement.id)'", at: .videoTask(index, .text))
        }
        for (index, question) in module.questions.enumerated() {
            guard let starter = StarterText.questions[question.id] else { continue }
            if starter.contains(question.text) { flag("question '\(question.id)'", at: .questions(index, .text)) }
            for (letter, answer) in question.answers.enumerated() where starter.contains(answer.text) {
                let name = ["A", "B", "C"].indices.contains(letter) ? ["A", "B", "C"][letter] : "\(letter + 1)"
                flag("answer \(name) of question '\(question.id)'", at: .questions(index, .answer(letter)))
            }
            if let feedback = question.feedback, starter.contains(feedback) {
                flag("the feedback of question '\(question.id)'", at: .questions(index, .feedback))
            }
        }
        for (index, item) in module.test.items.enumerated() {
            guard let starter = StarterText.testItems[item.id] else { continue }
            if starter.contains(item.text) { flag("test item '\(item.id)'", at: .testItems(index, .text)) }
            if case .multipleChoice(let choices, _) = item.kind {
                for (choice, text) in choices.enumerated() where starter.contains(text) {
                    flag("choice \(choice + 1) of test item '\(item.id)'", at: .testItems(index, .choice(choice)))
                }
            }
            if let explanation = item.explanation, starter.contains(explanation) {
                flag("the explanation of test item '\(item.id)'", at: .testItems(index, .explanation))
            }
        }
        return found
    }
}
