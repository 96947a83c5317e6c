import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let rolePlayWithoutConversation: DiagnosticCode = "role-play-without-conversation"
}

/// `roleplay` switched on where there can be none: role play is the video's, and needs someone to answer. The
/// player offers none, so the author is told why rather than left to wonder.
struct RolePlayRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.module.rolePlay == true else { return [] }
        let speakers = context.module.speakers.count
        let why: String? = if !context.lists(.video) {
            "'video' is not among the activities"
        } else if speakers < 2 {
            "the conversation has \(speakers == 0 ? "no speaker" : "one speaker") and a role play needs two"
        } else {
            nil
        }
        guard let why else { return [] }
        return [context.problem(.rolePlayWithoutConversation, "'roleplay' is on, but \(why): learners will not be " +
                                "offered one; remove 'roleplay' or make it false", at: .module(.rolePlay))]
    }
}
