/// A statement about the video that the learner marks correct or incorrect.
package struct VideoTaskStatement: Hashable, Sendable, Storable {
    package var id: String
    package var text: String
    package var isCorrect: Bool
    /// The transcript lines that show the answer, to replay when the learner gets it wrong.
    package var lines: [String]

    package init(id: String, text: String, isCorrect: Bool, lines: [String]) {
        self.id = id
        self.text = text
        self.isCorrect = isCorrect
        self.lines = lines
    }
}

/// A spoken question with three spoken answers, A, B and C, exactly one of them correct.
package struct Question: Hashable, Sendable, Storable {
    package var id: String
    package var text: String
    package var audio: String
    package var answers: [Answer]
    /// Shown after the learner checks: why the correct answer is correct.
    package var feedback: String?

    package init(id: String, text: String, audio: String, answers: [Answer], feedback: String? = nil) {
        self.id = id
        self.text = text
        self.audio = audio
        self.answers = answers
        self.feedback = feedback
    }

    package struct Answer: Hashable, Sendable, Storable {
        package var text: String
        package var audio: String
        package var isCorrect: Bool

        package init(text: String, audio: String, isCorrect: Bool) {
            self.text = text
            self.audio = audio
            self.isCorrect = isCorrect
        }
    }
}

/// The test's item bank: each attempt draws `draw` of its items.
package struct TestBank: Hashable, Sendable, Storable {
    package static let defaultDraw = 20

    package var draw: Int
    package var items: [TestItem]

    package init(draw: Int = TestBank.defaultDraw, items: [TestItem] = []) {
        self.draw = draw
        self.items = items
    }
}

package struct TestItem: Hashable, Sendable, Storable {
    package enum Kind: Hashable, Sendable, Storable {
        /// A statement the learner marks correct or incorrect.
        case statement(isCorrect: Bool)
        /// Pick the answer among the choices.
        case multipleChoice(choices: [String], answer: String)
    }

    package var id: String
    /// The id of the objective this item assesses.
    package var objective: String
    package var text: String
    package var kind: Kind
    /// Shown on the results screen when the learner gets the item wrong.
    package var explanation: String?
    /// How much the item counts in the test's score, as written; nil when the source leaves it out (it counts 1).
    /// Kept optional so that a module without weights compiles to the same bytes as before weights existed.
    package var weight: Int?

    package init(id: String, objective: String, text: String, kind: Kind, explanation: String? = nil, weight: Int? = nil) {
        self.id = id
        self.objective = objective
        self.text = text
        self.kind = kind
        self.explanation = explanation
        self.weight = weight
    }

    /// What the item counts in the score: its weight, 1 by default.
    package var scoreWeight: Int { weight ?? 1 }
}
