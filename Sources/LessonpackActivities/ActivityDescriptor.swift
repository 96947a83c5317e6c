import Foundation
import LessonpackModel

/// Everything one kind of activity means below the presenters, in one value: its engine (and through it the
/// default options a new attempt is dealt with), its title, its standard position, what `inspect` counts of it,
/// how its results read as learning-record answers, and how stores from before schema 3 wrote its rows.
/// `ActivityRegistry` lists one per kind; every other place asks it, so a new kind is described once.
package struct ActivityDescriptor: Sendable {
    package let kind: ActivityKind
    /// As the contents, `inspect` and the studio name it.
    package let title: String
    package let engine: any ActivityEngine.Type
    /// What `inspect` says the module holds for the activity, e.g. `["10 statements"]`.
    package let counts: @Sendable (Module) -> [String]
    package let answers: Answers
    /// Whether the learner confirms the attempt's answers together at its end (checking the video task, finishing
    /// the test), rather than one by one: then a box moved on is no answer yet, and the answers log and the learning
    /// record store hear of the answers once, when the attempt finishes.
    package let confirmsAnswersTogether: Bool
    /// Which earlier deal a fresh attempt is dealt unlike, in the player and in the studio's preview alike.
    package let dealsAfter: EarlierDeal
    package let legacy: LegacyRows

    package init<Engine: ActivityEngine>(_ engine: Engine.Type, title: String, counts: @escaping @Sendable (Module) -> [String],
                                         answers: Answers, confirmsAnswersTogether: Bool = false,
                                         dealsAfter: EarlierDeal = .lastAttempt, legacy: LegacyRows) {
        kind = Engine.kind
        self.title = title
        self.engine = engine
        self.counts = counts
        self.answers = answers
        self.confirmsAnswersTogether = confirmsAnswersTogether
        self.dealsAfter = dealsAfter
        self.legacy = legacy
    }

    /// Where the activity stands in a module that lists every activity: the order the checker requires.
    package var position: Int { ActivityKind.allCases.firstIndex(of: kind) ?? 0 }

    /// What the activity's results hold that has a right answer.
    package enum Answers: Sendable {
        /// Nothing: the activity is watched, browsed or practised.
        case none
        /// Each answerable item of a result as a question and the learner's response; nil for an item the module
        /// no longer holds.
        case items(@Sendable (ItemOutcome, Module) -> AnswerForm?)
    }

    /// The attempt a fresh one is dealt unlike when the activity is opened. ("Another go" within an activity is
    /// always dealt unlike the attempt it replaces.)
    package enum EarlierDeal: Sendable, Equatable {
        /// The last attempt, whatever became of it: a new game is not the board just left.
        case lastAttempt
        /// The last finished attempt: the test draws first what the last test the learner finished did not show,
        /// so a test left half way does not count as seen.
        case lastFinishedAttempt
    }

    /// How a store written before schema 3 kept the activity's attempts.
    package enum LegacyRows: Sendable {
        /// The kind came after schema 3: no such store holds it.
        case none
        /// Its results' string details, and an unfinished attempt's setup and steps, read into today's types.
        case read(details: @Sendable ([String: String]) -> ResultDetails,
                  attempt: @Sendable (LegacyAttempt, Module) -> LegacyConversion)
    }

    /// "1 line", "3 lines", "2 boxes".
    package static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)\(noun.hasSuffix("x") ? "es" : "s")"
    }
}

/// An answerable item as a learning record tells it, whatever activity asked it, so that xAPI maps it without
/// knowing the kinds.
package struct AnswerForm: Sendable, Equatable {
    package enum Question: Sendable, Equatable {
        /// A statement judged true or false.
        case trueFalse(isTrue: Bool)
        /// A choice among answers, in the order the module writes them (not the order an attempt showed them), so
        /// the same answer reads the same in every attempt.
        case choice(options: [String], correct: Int?)
        /// A text to type.
        case fillIn(expected: String)
    }

    package var question: Question
    package var response: ItemOutcome.Response?
    /// What the item weighs in the score, for activities that weigh items (the test).
    package var weight: Int?

    package init(question: Question, response: ItemOutcome.Response?, weight: Int? = nil) {
        self.question = question
        self.response = response
        self.weight = weight
    }
}

/// An unfinished attempt as a store before schema 3 kept it: its setup as JSON strings by name, and its log as
/// steps of three strings.
package struct LegacyAttempt: Sendable {
    package struct Step: Sendable {
        package var kind: String
        package var item: String?
        package var value: String?
        package var at: Date

        package init(kind: String, item: String?, value: String?, at: Date) {
            self.kind = kind
            self.item = item
            self.value = value
            self.at = at
        }
    }

    package var setup: [String: String]
    package var seed: UInt64
    package var steps: [Step]

    package init(setup: [String: String], seed: UInt64, steps: [Step]) {
        self.setup = setup
        self.seed = seed
        self.steps = steps
    }

    /// A value of the setup, itself JSON.
    package func decode<T: Decodable>(_ type: T.Type, _ key: String) -> T? {
        setup[key].flatMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    }
}

/// A legacy attempt as the engine's own setup and actions, for the store to write in today's form.
package struct LegacyConversion: Sendable {
    package var setup: any Encodable & Sendable
    package var actions: [(action: any StoredAction, at: Date)]

    /// Each step becomes the actions `actions` makes of it (none for a step the engine has no action for).
    package init<Engine: ActivityEngine>(_ engine: Engine.Type, setup: Engine.Setup, steps: [LegacyAttempt.Step],
                                         actions: (LegacyAttempt.Step) -> [Engine.Action]) {
        self.setup = setup
        self.actions = steps.flatMap { step in actions(step).map { (action: $0 as any StoredAction, at: step.at) } }
    }
}
