/// A statement about the video that the learner marks correct or incorrect.
public struct VideoTaskStatement: Hashable, Sendable, Codable {
    public var id: String
    public var text: String
    public var isCorrect: Bool
    /// The transcript lines that show the answer, to replay when the learner gets it wrong.
    public var lines: [String]

    public init(id: String, text: String, isCorrect: Bool, lines: [String]) {
        self.id = id
        self.text = text
        self.isCorrect = isCorrect
        self.lines = lines
    }
}

/// A spoken question with three spoken answers, A, B and C, exactly one of them correct.
public struct Question: Hashable, Sendable, Codable {
    public var id: String
    public var text: String
    public var audio: String
    public var answers: [Answer]
    /// Shown after the learner checks: why the correct answer is correct.
    public var feedback: String?

    public init(id: String, text: String, audio: String, answers: [Answer], feedback: String? = nil) {
        self.id = id
        self.text = text
        self.audio = audio
        self.answers = answers
        self.feedback = feedback
    }

    public struct Answer: Hashable, Sendable, Codable {
        public var text: String
        public var audio: String
        public var isCorrect: Bool

        public init(text: String, audio: String, isCorrect: Bool) {
            self.text = text
            self.audio = audio
            self.isCorrect = isCorrect
        }
    }
}

/// The test's item bank: each attempt draws `draw` of its items.
public struct TestBank: Hashable, Sendable, Codable {
    public static let defaultDraw = 20

    public var draw: Int
    public var items: [TestItem]

    public init(draw: Int = TestBank.defaultDraw, items: [TestItem] = []) {
        self.draw = draw
        self.items = items
    }
}

public struct TestItem: Hashable, Sendable, Codable {
    public enum Kind: Hashable, Sendable, Codable {
        /// A statement the learner marks correct or incorrect.
        case statement(isCorrect: Bool)
        /// Pick the answer among the choices.
        case multipleChoice(choices: [String], answer: String)
    }

    public var id: String
    /// The id of the objective this item assesses.
    public var objective: String
    public var text: String
    public var kind: Kind
    /// Shown on the results screen when the learner gets the item wrong.
    public var explanation: String?

    public init(id: String, objective: String, text: String, kind: Kind, explanation: String? = nil) {
        self.id = id
        self.objective = objective
        self.text = text
        self.kind = kind
        self.explanation = explanation
    }
}
