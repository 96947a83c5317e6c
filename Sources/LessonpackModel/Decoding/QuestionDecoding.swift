import LessonpackDiagnostics
import PropertyList

extension ModuleDecoder {
    /// questions/video-task.plist: `statements` about the video.
    mutating func decodeVideoTask(_ root: PlistNode) {
        guard let fields = rootFields(root, file: .videoTask, knownKeys: ModuleSchema.videoTask) else { return }
        for statement in entries(fields.array("statements"), named: "statement", knownKeys: ModuleSchema.statement, path: {
            .videoTask($0, $1.flatMap(ModulePath.StatementField.init(key:)) ?? .entry)
        }) {
            module.videoTask.append(VideoTaskStatement(
                id: statement.identifier() ?? "", text: statement.string("text") ?? "",
                isCorrect: statement.bool("correct") ?? false, lines: statement.strings("lines") ?? []))
            map.videoTask.append(statement.origin)
            statement.finish()
        }
        fields.finish()
    }

    /// questions/qa.plist: `questions`, each with three spoken answers.
    mutating func decodeQuestions(_ root: PlistNode) {
        guard let fields = rootFields(root, file: .questions, knownKeys: ModuleSchema.questions) else { return }
        for question in entries(fields.array("questions"), named: "question", knownKeys: ModuleSchema.question, path: {
            .questions($0, $1.flatMap(ModulePath.QuestionField.init(key:)) ?? .entry)
        }) {
            var answers: [Question.Answer] = []
            let questionIndex = module.questions.count
            for (index, node) in (question.array("answers") ?? []).enumerated() {
                let answerIndex = answers.count
                guard let answer = FieldReader(node, what: "answer \(ModulePath.letter(index))",
                                               knownKeys: ModuleSchema.answer, sink: sink, path: {
                    .questions(questionIndex, .answer(answerIndex, $0.flatMap(ModulePath.AnswerField.init(rawValue:)) ?? .entry))
                }) else { continue }
                answers.append(Question.Answer(text: answer.string("text") ?? "", audio: answer.string("audio") ?? "",
                                               isCorrect: answer.bool("correct", required: false) ?? false))
                answer.finish()
            }
            module.questions.append(Question(
                id: question.identifier() ?? "", text: question.string("text") ?? "",
                audio: question.string("audio") ?? "", answers: answers,
                feedback: question.string("feedback", required: false)))
            map.questions.append(question.origin)
            question.finish()
        }
        fields.finish()
    }

    /// questions/test.plist: the item bank and how many items an attempt draws.
    mutating func decodeTest(_ root: PlistNode) {
        guard let fields = rootFields(root, file: .test, knownKeys: ModuleSchema.test) else { return }
        map.test = fields.origin
        if let draw = fields.integer("draw", required: false) {
            if draw < 1, let node = fields.origin.fields["draw"] {
                report(.error(.invalidNumber, "'draw' must be at least 1", at: node.location), about: .test(.draw))
            }
            module.test.draw = max(1, draw)
        }
        for item in entries(fields.array("items"), named: "item", knownKeys: ModuleSchema.testItem, path: {
            .testItems($0, $1.flatMap(ModulePath.ItemField.init(key:)) ?? .entry)
        }) {
            module.test.items.append(TestItem(
                id: item.identifier() ?? "", objective: item.string("objective") ?? "", text: item.string("text") ?? "",
                kind: itemKind(item), explanation: item.string("explanation", required: false),
                weight: boundedInteger(item, "weight", meaning: "a whole number")))
            map.testItems.append(item.origin)
            item.finish()
        }
        fields.finish()
    }

    /// A statement has `correct`; a multiple-choice item has `choices` and `answer`.
    private func itemKind(_ item: FieldReader) -> TestItem.Kind {
        let hasChoices = item.origin.fields["choices"] != nil || item.origin.fields["answer"] != nil
        let hasCorrect = item.origin.fields["correct"] != nil
        if hasChoices, hasCorrect, let node = item.origin.fields["correct"] {
            report(.error(.wrongType, "an item is either a statement ('correct') or multiple choice ('choices' and " +
                          "'answer'), not both", at: node.location), about: item.path("correct"))
        }
        if hasChoices {
            return .multipleChoice(choices: item.strings("choices") ?? [], answer: item.string("answer") ?? "")
        }
        if hasCorrect { return .statement(isCorrect: item.bool("correct") ?? false) }
        report(.error(.missingKey, "item needs 'correct' (a statement marked correct or incorrect) or 'choices' and " +
                      "'answer' (multiple choice)", at: item.origin.location), about: item.path(nil))
        return .statement(isCorrect: false)
    }
}
