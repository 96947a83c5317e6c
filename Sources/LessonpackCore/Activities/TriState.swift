/// The three states of a correct/incorrect box: a click moves empty → correct → incorrect → empty.
package enum TriState: String, CaseIterable, Sendable, Storable {
    case empty, correct, incorrect

    package var next: TriState {
        switch self {
        case .empty: .correct
        case .correct: .incorrect
        case .incorrect: .empty
        }
    }

    /// The answer this state gives to "is the statement correct?", or nil when unanswered.
    package var claim: Bool? {
        switch self {
        case .empty: nil
        case .correct: true
        case .incorrect: false
        }
    }
}
