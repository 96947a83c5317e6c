/// Activity 6: a question, its answers A, B and C, and feedback once answered. When listening comes first, the
/// question plays by itself and each answer's text appears once it has been heard.
package enum QuestionsPresenter: ActivityPresenter {
    package typealias Engine = QuestionsEngine

    package struct View: Sendable, Equatable, Storable {
        package enum Mark: String, Sendable, Storable { case none, right, wrong }

        package struct Answer: Sendable, Equatable, Storable {
            package var letter: String
            /// Nil while hidden until heard.
            package var text: String?
            package var mark: Mark
            package var isCursor: Bool
        }

        /// "Question 2 of 7 · try 3 · 1 answered".
        package var header: String
        package var number: Int
        /// How many questions there are.
        package var total: Int
        package var question: String
        package var answers: [Answer]
        /// "Right." or "Not quite: the answer is B.", once answered.
        package var feedback: Message?
        package var explanation: String?
        /// "All answered: 5 of 7 right.", at the end.
        package var summary: String?
        /// Said when answers are hidden until heard.
        package var listening: String?
        /// "Start again? Your 3 answers will be cleared.", while the learner is asked.
        package var confirming: String?
    }

    package enum Event: Sendable, Equatable, Storable {
        case answer(Int)
        case answerAtCursor
        case moveCursor(Int)
        case move(Int)
        case go(Int)
        case hearQuestion
        case hearAnswer(Int)
        /// Start again with the answers reshuffled: asks first while answers would be cleared.
        case newAttempt
        /// Start again, as the learner confirmed.
        case newAttemptNow
        /// Keep the answers: the learner answered no.
        case keepAnswers
        /// On to the next question not yet answered, once this one is.
        case advance
    }

    package struct Local: Sendable, Equatable {
        package var current = 0
        package var cursor = 0
        package var confirming = false
    }

    package static func local(for engine: QuestionsEngine, context: PresentationContext) -> Local {
        Local(current: engine.presented.indices.first { engine.feedback[engine.presented[$0].question.id] == nil } ?? 0)
    }

    /// The answers given in an attempt not yet finished: what starting again would clear.
    static func unfinishedAnswers(_ engine: QuestionsEngine) -> Int { engine.isFinished ? 0 : engine.feedback.count }

    static func clearQuestion(_ answers: Int, _ strings: Strings) -> String {
        strings.text("questions.confirm-clear", ["answers": strings.counted("answer", answers)])
    }

    package static func view(of engine: QuestionsEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let strings = context.strings
        guard engine.presented.indices.contains(local.current) else {
            return View(header: strings.text("questions.none"), number: 0, total: 0, question: "", answers: [], feedback: nil,
                        explanation: nil, summary: nil, listening: nil, confirming: nil)
        }
        let shown = engine.presented[local.current]
        let id = shown.question.id
        let feedback = engine.feedback[id]
        let hiding = context.settings.listeningFirst && feedback == nil
        let answers = shown.order.indices.map { index in
            let mark: View.Mark = feedback.map { index == $0.correctLetter ? .right : index == $0.chosenLetter ? .wrong : .none } ?? .none
            return View.Answer(letter: letter(index),
                               text: hiding && !engine.hasHeard(id, letter: index) ? nil : shown.answer(at: index).text,
                               mark: mark, isCursor: index == local.cursor && feedback == nil)
        }
        let score = engine.result(at: now).score
        return View(header: strings.text("questions.header", [
                        "number": "\(local.current + 1)", "total": "\(engine.presented.count)", "try": "\(context.attempt)",
                        "answered": "\(engine.feedback.count)"]),
                    number: local.current + 1, total: engine.presented.count, question: shown.question.text, answers: answers,
                    feedback: feedback.map { $0.isCorrect ? Message(strings.text("questions.right"), .good)
                        : Message(strings.text("questions.wrong", ["letter": letter($0.correctLetter)]), .bad) },
                    explanation: feedback?.explanation,
                    summary: engine.isFinished ? summary(score, strings) : nil,
                    listening: hiding ? strings.text("questions.listen-to-see") : nil,
                    confirming: local.confirming ? clearQuestion(unfinishedAnswers(engine), strings) : nil)
    }

    /// "All answered: 5 of 7 right."
    static func summary(_ score: Score?, _ strings: Strings) -> String {
        strings.text("questions.summary", ["right": "\(score?.correct ?? 0)", "total": "\(score?.total ?? 0)"])
    }

    package static func enter(engine: QuestionsEngine, local: Local, context: PresentationContext) -> Reaction<QuestionsEngine> {
        autoplay(engine, local, context)
    }

    /// Listening first: the question plays as soon as it is shown, unless it has been answered. Only the sound: a
    /// question heard by itself starts no attempt (what is heard on request is recorded, as answers' text shows
    /// once heard).
    static func autoplay(_ engine: QuestionsEngine, _ local: Local, _ context: PresentationContext) -> Reaction<QuestionsEngine> {
        guard context.settings.listeningFirst, engine.presented.indices.contains(local.current) else { return Reaction() }
        let shown = engine.presented[local.current]
        return engine.feedback[shown.question.id] == nil ? Reaction(effects: [.play(media: shown.question.audio)]) : Reaction()
    }

    package static func reduce(_ event: Event, engine: QuestionsEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<QuestionsEngine> {
        let presented = engine.presented
        let strings = context.strings
        guard presented.indices.contains(local.current) else { return .say(strings.text("questions.none")) }
        let shown = presented[local.current]
        // Anything but an answer to "Start again?" keeps the answers.
        let wasConfirming = local.confirming
        local.confirming = false
        switch event {
        case .answer(let index):
            guard shown.order.indices.contains(index) else {
                return .say(strings.text("questions.answer-with-letter", ["last": letter(shown.order.count - 1)]), .bad)
            }
            guard engine.feedback[shown.question.id] == nil else {
                return .say(strings.text("questions.already-answered"), .bad)
            }
            var after = engine
            _ = after.apply(.answer(question: shown.question.id, letter: index), at: now)
            let right = after.feedback[shown.question.id]?.isCorrect ?? false
            var message = right ? strings.text("questions.right")
                : strings.text("questions.wrong", ["letter": letter(shown.correctLetter)])
            if after.isFinished { message += " " + summary(after.result(at: now).score, strings) }
            return Reaction(actions: [.answer(question: shown.question.id, letter: index)],
                            message: Message(message, right ? .good : .bad))
        case .answerAtCursor:
            return reduce(.answer(local.cursor), engine: engine, local: &local, context: context, at: now)
        case .moveCursor(let step):
            local.cursor = CursorStep.clamped(local.cursor, by: step, count: shown.order.count)
            return Reaction()
        case .move(let step):
            local.current = CursorStep.wrapped(local.current, by: step, count: presented.count)
            local.cursor = 0
            return autoplay(engine, local, context)
        case .go(let index):
            guard presented.indices.contains(index) else {
                return .say(strings.text("questions.no-such-question", ["number": position(index), "count": "\(presented.count)"]), .bad)
            }
            local.current = index
            local.cursor = 0
            return autoplay(engine, local, context)
        case .hearQuestion:
            return Reaction(actions: [.hearQuestion(question: shown.question.id)], message: Message(strings.text("questions.playing-question")))
        case .hearAnswer(let index):
            guard shown.order.indices.contains(index) else {
                return .say(strings.text("questions.no-such-answer", ["letter": letter(index)]), .bad)
            }
            return Reaction(actions: [.hearAnswer(question: shown.question.id, letter: index)],
                            message: Message(strings.text("questions.playing-answer", ["letter": letter(index)])))
        case .newAttempt:
            let answers = unfinishedAnswers(engine)
            guard answers == 0 else {
                local.confirming = true
                return .say(clearQuestion(answers, strings), .accent)
            }
            return startAgain(&local, strings)
        case .newAttemptNow:
            return wasConfirming || unfinishedAnswers(engine) == 0 ? startAgain(&local, strings) : Reaction()
        case .keepAnswers:
            return wasConfirming ? .say(strings.text("questions.answers-kept")) : Reaction()
        case .advance:
            return advance(engine: engine, local: &local, context: context)
        }
    }

    static func startAgain(_ local: inout Local, _ strings: Strings) -> Reaction<QuestionsEngine> {
        local = Local()
        return Reaction(message: Message(strings.text("questions.starting-again")), request: .newAttempt(NoOptions()))
    }

    /// After an answer, the question to show next: the next one not yet answered.
    static func advance(engine: QuestionsEngine, local: inout Local, context: PresentationContext) -> Reaction<QuestionsEngine> {
        let presented = engine.presented
        guard presented.indices.contains(local.current), engine.feedback[presented[local.current].question.id] != nil,
              let next = presented.indices.first(where: { engine.feedback[presented[$0].question.id] == nil }) else {
            return Reaction()
        }
        local.current = next
        local.cursor = 0
        return autoplay(engine, local, context)
    }
}
