/// The verbs Lessonpack's statements use, all from ADL's vocabulary (http://adlnet.gov/expapi/verbs/), so that any
/// record store and report reads them without a profile of ours.
package enum ADLVerb: String, CaseIterable, Sendable {
    /// The learner opened a module in the player.
    case launched
    /// An attempt at an activity began.
    case initialized
    /// A role play in the video was begun.
    case attempted
    /// One answer, as it was given.
    case answered
    /// An attempt was finished, with its score.
    case completed
    /// A test attempt reached the module's pass mark.
    case passed
    /// A test attempt fell short of the module's pass mark.
    case failed
    /// An attempt ended: finished, set aside or closed.
    case terminated

    package var id: String { "http://adlnet.gov/expapi/verbs/" + rawValue }
    package var verb: Verb { Verb(id: id, display: [LanguageMaps.ours: rawValue]) }

    package init?(id: String) {
        guard id.hasPrefix("http://adlnet.gov/expapi/verbs/") else { return nil }
        self.init(rawValue: String(id.dropFirst("http://adlnet.gov/expapi/verbs/".count)))
    }
}
