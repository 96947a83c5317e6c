import Foundation
import LessonpackActivities
import LessonpackModel

/// Activity 8: the drawn items one at a time, then the results with what was wrong and why; the last results can
/// be seen again later.
package enum TestPresenter: ActivityPresenter {
    package typealias Engine = TestEngine

    package struct View: Sendable, Equatable, Codable {
        /// A statement's box: `correct` is marked true, `incorrect` false.
        package enum Mark: String, Sendable, Codable { case none, correct, incorrect }

        package struct Choice: Sendable, Equatable, Codable {
            package var letter: String
            package var text: String
            package var chosen: Bool
        }

        package struct Item: Sendable, Equatable, Codable {
            package var number: Int
            package var text: String
            /// For a statement: the mark given.
            package var mark: Mark?
            /// For multiple choice.
            package var choices: [Choice]
            /// "true", "B. in the morning", "not answered".
            package var answerText: String
        }

        package struct Results: Sendable, Equatable, Codable {
            package struct Objective: Sendable, Equatable, Codable {
                package var percent: String
                package var text: String
                package var good: Bool
            }

            package struct Review: Sendable, Equatable, Codable {
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

    package enum Event: Sendable, Equatable, Codable {
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
    static func word(statement isTrue: Bool) -> String { isTrue ? "true" : "false" }

    static func item(_ shown: TestEngine.Shown, number: Int, engine: TestEngine) -> View.Item {
        let answer = engine.answer(shown.item.id)
        let mark: View.Mark? = if case .statement = shown.item.kind {
            answer == .correct ? .correct : answer == .incorrect ? .incorrect : View.Mark.none
        } else { nil }
        let chosen: Int? = if case .choice(let index)? = answer { index } else { nil }
        let answerText: String = switch answer {
        case .correct?: word(statement: true)
        case .incorrect?: word(statement: false)
        case .choice(let index)?: "\(letter(index)). \(shown.options[index])"
        case .cleared?, nil: "not answered"
        }
        return View.Item(number: number, text: shown.item.text, mark: mark,
                         choices: shown.options.enumerated().map { View.Choice(letter: letter($0), text: $1, chosen: $0 == chosen) },
                         answerText: answerText)
    }

    package static func view(of engine: TestEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let items = engine.drawn.enumerated().map { item($1, number: $0 + 1, engine: engine) }
        let answered = engine.drawn.map { engine.answer($0.item.id) != nil }
        let unanswered = answered.filter { !$0 }.count
        var results: View.Results?
        if engine.isFinished {
            results = self.results(engine.result(at: now), context: context, earlier: nil)
        } else if local.showingLast, let last = context.lastResult {
            results = self.results(last, context: context, earlier: "Your last test, finished on " +
                                   last.finishedAt.formatted(date: .abbreviated, time: .shortened) + ".")
        }
        return View(header: "Item \(local.current + 1) of \(engine.drawn.count) · \(answered.filter { $0 }.count) answered",
                    item: items.indices.contains(local.current) ? items[local.current] : nil, items: items,
                    answered: answered, current: local.current,
                    confirming: local.confirming
                        ? "\(Wording.count(unanswered, "item")) \(unanswered == 1 ? "is" : "are") not answered. Finish anyway?" : nil,
                    results: results, allAnswered: unanswered == 0)
    }

    /// The results of a finished attempt, with each objective as the module words it.
    package static func results(_ result: ActivityResult, context: PresentationContext, earlier: String?) -> View.Results {
        let score = result.score ?? Score(correct: 0, total: 0)
        let counts: String = if case .test(let correct, let incorrect, let unanswered) = result.details {
            "\(correct) right · \(incorrect) wrong · \(unanswered) not answered"
        } else { "" }
        let objectives = result.objectives.map { objective in
            let text = context.module.objectives.first { $0.id == objective.objective }?.performance
                ?? objective.performance ?? objective.objective
            return View.Results.Objective(percent: Wording.percent(objective.percent), text: text, good: objective.percent >= 80)
        }
        let statements = Set(context.module.test.items.filter { item in
            if case .statement = item.kind { return true }
            return false
        }.map(\.id))
        let review = result.items.filter { $0.outcome != .correct }.map { item in
            // A statement's answers are stored as the engine names them; the learner reads true and false.
            let isStatement = statements.contains(item.id)
            func said(_ text: String) -> String {
                guard isStatement else { return text }
                return text == "correct" ? word(statement: true) : text == "incorrect" ? word(statement: false) : text
            }
            let given = item.answer.map { "You said: " + Wording.sentence(said($0)) } ?? "Not answered."
            let truth = (isStatement ? " It is " : " The answer is: ") + Wording.sentence(said(item.expected ?? "?"))
            return View.Results.Review(prompt: item.prompt, text: given + truth + (item.note.map { " " + $0 } ?? ""))
        }
        // With weighted items the score is in points, not items.
        let unit = score.total == result.items.count ? "" : " points"
        let mark = context.module.passMark
        let verdict = result.passed(passMark: mark).map { passed in
            passed ? ": passed (pass mark \(mark ?? 0)%)" : ": not passed yet (pass mark \(mark ?? 0)%)"
        } ?? ""
        return View.Results(score: "Score: \(score.correct) of \(score.total)\(unit) (\(Wording.percent(score.percent)))\(verdict)",
                            counts: counts, objectives: objectives, review: review, earlier: earlier)
    }

    package static func reduce(_ event: Event, engine: TestEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<TestEngine> {
        let drawn = engine.drawn
        if case .showLastResults = event {
            guard context.lastResult != nil else { return .say("There are no earlier results yet.") }
            local.showingLast = true
            return Reaction()
        }
        if case .hideResults = event {
            local.showingLast = false
            return Reaction()
        }
        // Answering or moving puts earlier results away.
        local.showingLast = false
        guard !engine.isFinished else { return .say("The test is over: its results are below.") }
        guard drawn.indices.contains(local.current) else { return Reaction() }
        let shown = drawn[local.current]
        let id = shown.item.id
        local.confirming = local.confirming && event == .finish
        switch event {
        case .mark(let answer):
            guard case .statement = shown.item.kind else { return .say("This item has choices: answer with a letter.", .bad) }
            return Reaction(actions: [.answer(item: id, answer: answer)])
        case .cycle:
            guard case .statement = shown.item.kind else { return .say("This item has choices: answer with a letter.", .bad) }
            let next: TestEngine.Answer = switch engine.answer(id) {
            case .correct?: .incorrect
            case .incorrect?: .cleared
            default: .correct
            }
            return Reaction(actions: [.answer(item: id, answer: next)])
        case .choose(let index):
            guard !shown.options.isEmpty else { return .say("This item is a sentence: answer true or false.", .bad) }
            guard shown.options.indices.contains(index) else {
                return .say("Choose from A to \(letter(shown.options.count - 1)).", .bad)
            }
            return Reaction(actions: [.answer(item: id, answer: .choice(index: index))])
        case .clear:
            return Reaction(actions: [.answer(item: id, answer: .cleared)])
        case .move(let step):
            local.current = CursorStep.clamped(local.current, by: step, count: drawn.count)
        case .go(let index):
            guard drawn.indices.contains(index) else {
                return .say("There is no item \(position(index)): they are numbered 1 to \(drawn.count).", .bad)
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
            return nextUnanswered(engine: engine, local: &local)
        case .showLastResults, .hideResults:
            break
        }
        return Reaction()
    }

    /// On to the next unanswered item after this one (wrapping round), or say that all are answered.
    static func nextUnanswered(engine: TestEngine, local: inout Local) -> Reaction<TestEngine> {
        let drawn = engine.drawn
        let next = ((local.current + 1)..<drawn.count).first { engine.answer(drawn[$0].item.id) == nil }
            ?? drawn.indices.first { engine.answer(drawn[$0].item.id) == nil }
        guard let next else {
            return .say("Every item is answered. Finish to see your results, or go back to change an answer.", .accent)
        }
        local.current = next
        return Reaction()
    }
}
