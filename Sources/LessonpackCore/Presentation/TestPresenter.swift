/// Activity 8: the drawn items one at a time, then the results with what was wrong and why; the last results can
/// be seen again later.
package enum TestPresenter: ActivityPresenter {
    package typealias Engine = TestEngine

    package struct View: Sendable, Equatable, Storable {
        /// A statement's box: `correct` is marked true, `incorrect` false.
        package enum Mark: String, Sendable, Storable { case none, correct, incorrect }

        package struct Choice: Sendable, Equatable, Storable {
            package var letter: String
            package var text: String
            package var chosen: Bool
        }

        package struct Item: Sendable, Equatable, Storable {
            package var number: Int
            package var text: String
            /// For a statement: the mark given.
            package var mark: Mark?
            /// For multiple choice.
            package var choices: [Choice]
            /// "true", "B. in the morning", "not answered".
            package var answerText: String
        }

        package struct Results: Sendable, Equatable, Storable {
            package struct Objective: Sendable, Equatable, Storable {
                package var percent: String
                package var text: String
                package var good: Bool
            }

            package struct Review: Sendable, Equatable, Storable {
                package var prompt: String
                /// "You said: true. It is false. Because …"
                package var text: String
            }

            /// "Score: 15 of 20 (75%)".
            package var score: String
            /// "15 right · 3 wrong · 2 not answered".
            package var counts: String
            package var objectives: [Objective]
            package var review: [Review]
            /// When the results are those of an earlier attempt: "Your last test, finished on …".
            package var earlier: String?
        }

        /// "Item 3 of 20 · 5 answered".
        package var header: String
        package var item: Item?
        package var items: [Item]
        package var answered: [Bool]
        package var current: Int
        /// "3 items are not answered. Finish anyway?"
        package var confirming: String?
        package var results: Results?
        package var allAnswered: Bool
    }

    package enum Event: Sendable, Equatable, Storable {
        case mark(TestEngine.Answer)
        /// A statement's box moves on: empty → true → false → empty.
        case cycle
        case choose(Int)
        case clear
        case move(Int)
        case go(Int)
        /// Finish, asking first when items are unanswered.
        case finish
        /// Finish without asking.
        case finishNow
        case cancelFinish
        /// On to the next item not yet answered, or word that all are.
        case nextUnanswered
        case showLastResults
        case hideResults
    }

    package struct Local: Sendable, Equatable {
        package var current = 0
        package var confirming = false
        package var showingLast = false
    }

    /// A resumed test opens at its first item not yet answered.
    package static func local(for engine: TestEngine, context: PresentationContext) -> Local {
        Local(current: engine.drawn.firstIndex { engine.answer($0.item.id) == nil } ?? 0)
    }

    /// How a statement's answer reads: "true" or "false".
    static func word(statement isTrue: Bool, _ strings: Strings) -> String {
        strings.text(isTrue ? "statement.true" : "statement.false")
    }

    static func item(_ shown: TestEngine.Shown, number: Int, engine: TestEngine, _ strings: Strings) -> View.Item {
        let answer = engine.answer(shown.item.id)
        let mark: View.Mark? = if case .statement = shown.item.kind {
            answer == .correct ? .correct : answer == .incorrect ? .incorrect : View.Mark.none
        } else { nil }
        let chosen: Int? = if case .choice(let index)? = answer { index } else { nil }
        let answerText: String = switch answer {
        case .correct?: word(statement: true, strings)
        case .incorrect?: word(statement: false, strings)
        case .choice(let index)?: "\(letter(index)). \(shown.options[index])"
        case .cleared?, nil: strings.text("test.not-answered")
        }
        return View.Item(number: number, text: shown.item.text, mark: mark,
                         choices: shown.options.enumerated().map { View.Choice(letter: letter($0), text: $1, chosen: $0 == chosen) },
                         answerText: answerText)
    }

    package static func view(of engine: TestEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let strings = context.strings
        let items = engine.drawn.enumerated().map { item($1, number: $0 + 1, engine: engine, strings) }
        let answered = engine.drawn.map { engine.answer($0.item.id) != nil }
        let unanswered = answered.filter { !$0 }.count
        var results: View.Results?
        if engine.isFinished {
            results = self.results(engine.result(at: now), context: context, earlier: nil)
        } else if local.showingLast, let last = context.lastResult {
            results = self.results(last, context: context, earlier: strings.text("test.earlier", [
                "date": Wording.moment(last.finishedAt, utcOffset: context.utcOffset, strings)]))
        }
        return View(header: strings.text("test.header", ["number": "\(local.current + 1)", "total": "\(engine.drawn.count)",
                                                         "answered": "\(answered.filter { $0 }.count)"]),
                    item: items.indices.contains(local.current) ? items[local.current] : nil, items: items,
                    answered: answered, current: local.current,
                    confirming: local.confirming
                        ? strings.counted("test.confirm-finish", unanswered) : nil,
                    results: results, allAnswered: unanswered == 0)
    }

    /// The results of a finished attempt, with each objective as the module words it.
    package static func results(_ result: ActivityResult, context: PresentationContext, earlier: String?) -> View.Results {
        let strings = context.strings
        let score = result.score ?? Score(correct: 0, total: 0)
        let counts: String = if case .test(let correct, let incorrect, let unanswered) = result.details {
            strings.text("test.counts", ["right": "\(correct)", "wrong": "\(incorrect)", "unanswered": "\(unanswered)"])
        } else { "" }
        let objectives = result.objectives.map { objective in
            let text = context.module.objectives.first { $0.id == objective.objective }?.performance
                ?? objective.performance ?? objective.objective
            return View.Results.Objective(percent: Wording.percent(objective.percent), text: text, good: objective.percent >= 80)
        }
        let statements = Set(context.module.test.items.filter { item in
            if case .statement = item.kind { return true }
            return false
        }.map { $0.id })
        let review = result.items.filter { $0.outcome != .correct }.map { item in
            // A statement's answers are stored as the engine names them; the learner reads true and false.
            let isStatement = statements.contains(item.id)
            func said(_ text: String) -> String {
                guard isStatement else { return text }
                return text == "correct" ? word(statement: true, strings)
                    : text == "incorrect" ? word(statement: false, strings) : text
            }
            // A statement's true or false is the interface's word, ended as the learner's language ends a sentence;
            // a choice is the lesson's own English.
            func ended(_ text: String) -> String {
                isStatement && (text == "correct" || text == "incorrect")
                    ? strings.text("sentence", ["text": said(text)]) : Wording.sentence(said(text))
            }
            let given = item.answer.map { strings.text("test.review.said", ["answer": ended($0)]) }
                ?? strings.text("test.review.not-answered")
            let truth = strings.text(isStatement ? "test.review.it-is" : "test.review.answer-is",
                                     ["answer": ended(item.expected ?? "?")])
            return View.Results.Review(prompt: item.prompt, text: given + " " + truth + (item.note.map { " " + $0 } ?? ""))
        }
        // With weighted items the score is in points, not items.
        let mark = context.module.passMark
        let verdict = result.passed(passMark: mark).map { passed in
            strings.text(passed ? "test.passed" : "test.not-passed", ["mark": "\(mark ?? 0)"])
        } ?? ""
        let values = ["right": "\(score.correct)", "total": "\(score.total)", "percent": Wording.percent(score.percent),
                      "verdict": verdict]
        return View.Results(score: strings.text(score.total == result.items.count ? "test.score" : "test.score.points", values),
                            counts: counts, objectives: objectives, review: review, earlier: earlier)
    }

    package static func reduce(_ event: Event, engine: TestEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<TestEngine> {
        let drawn = engine.drawn
        let strings = context.strings
        if case .showLastResults = event {
            guard context.lastResult != nil else { return .say(strings.text("test.no-earlier-results")) }
            local.showingLast = true
            return Reaction()
        }
        if case .hideResults = event {
            local.showingLast = false
            return Reaction()
        }
        // Answering or moving puts earlier results away.
        local.showingLast = false
        guard !engine.isFinished else { return .say(strings.text("test.over")) }
        guard drawn.indices.contains(local.current) else { return Reaction() }
        let shown = drawn[local.current]
        let id = shown.item.id
        local.confirming = local.confirming && event == .finish
        switch event {
        case .mark(let answer):
            guard case .statement = shown.item.kind else { return .say(strings.text("test.answer-with-letter"), .bad) }
            return Reaction(actions: [.answer(item: id, answer: answer)])
        case .cycle:
            guard case .statement = shown.item.kind else { return .say(strings.text("test.answer-with-letter"), .bad) }
            let next: TestEngine.Answer = switch engine.answer(id) {
            case .correct?: .incorrect
            case .incorrect?: .cleared
            default: .correct
            }
            return Reaction(actions: [.answer(item: id, answer: next)])
        case .choose(let index):
            guard !shown.options.isEmpty else { return .say(strings.text("test.answer-true-false"), .bad) }
            guard shown.options.indices.contains(index) else {
                return .say(strings.text("test.choose-letter", ["last": letter(shown.options.count - 1)]), .bad)
            }
            return Reaction(actions: [.answer(item: id, answer: .choice(index: index))])
        case .clear:
            return Reaction(actions: [.answer(item: id, answer: .cleared)])
        case .move(let step):
            local.current = CursorStep.clamped(local.current, by: step, count: drawn.count)
        case .go(let index):
            guard drawn.indices.contains(index) else {
                return .say(strings.text("test.no-such-item", ["number": position(index), "count": "\(drawn.count)"]), .bad)
            }
            local.current = index
        case .finish:
            let unanswered = drawn.filter { engine.answer($0.item.id) == nil }.count
            if unanswered > 0, !local.confirming {
                local.confirming = true
                return Reaction()
            }
            local.confirming = false
            return Reaction(actions: [.finish])
        case .finishNow:
            local.confirming = false
            return Reaction(actions: [.finish])
        case .cancelFinish:
            local.confirming = false
        case .nextUnanswered:
            return nextUnanswered(engine: engine, local: &local, strings)
        case .showLastResults, .hideResults:
            break
        }
        return Reaction()
    }

    /// On to the next unanswered item after this one (wrapping round), or say that all are answered.
    static func nextUnanswered(engine: TestEngine, local: inout Local, _ strings: Strings) -> Reaction<TestEngine> {
        let drawn = engine.drawn
        let next = ((local.current + 1)..<drawn.count).first { engine.answer(drawn[$0].item.id) == nil }
            ?? drawn.indices.first { engine.answer(drawn[$0].item.id) == nil }
        guard let next else {
            return .say(strings.text("test.all-answered"), .accent)
        }
        local.current = next
        return Reaction()
    }
}
