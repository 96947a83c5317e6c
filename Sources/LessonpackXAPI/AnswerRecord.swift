import Foundation
import LessonpackModel

/// One answer as an `answered` statement tells it, in words: for the learner's per-answer list and the teacher's
/// per-learner detail. Read from Lessonpack's own statements only (their activity ids say so).
package struct AnswerRecord: Sendable, Equatable {
    package var timestamp: String
    package var module: String
    package var moduleVersion: String?
    package var activity: ActivityKind
    package var attempt: Int?
    package var registration: String?
    package var item: String
    package var prompt: String
    /// What the learner chose, as they saw it: "correct" or "incorrect" for a statement, the text of a choice.
    package var answer: String
    package var isCorrect: Bool?
    package var objective: String?
    package var objectiveText: String?

    /// When it was given, read from `timestamp`.
    package var date: Date? { XAPITime.date(timestamp) }

    package init?(_ statement: XAPIStatement) {
        guard statement.verb.id == ADLVerb.answered.id, let parts = ActivityIRI.parse(statement.object.id),
              let activity = parts.activity, let item = parts.item, let response = statement.result?.response else { return nil }
        let definition = statement.object.definition
        timestamp = statement.timestamp
        module = parts.module
        self.activity = activity
        self.item = item
        registration = statement.context?.registration
        moduleVersion = statement.context?.extensions?[ExtensionIRI.moduleVersion]?.string
        // An attempt number is a small whole number; another value from an untrusted store is left out.
        attempt = statement.context?.extensions?[ExtensionIRI.attemptNumber]?.number
            .flatMap { (1...1_000_000).contains($0) && $0 == $0.rounded() ? Int($0) : nil }
        prompt = LanguageMaps.text(definition?.description) ?? item
        switch definition?.interactionType {
        // A statement judged true or false reads as the learner said it, as the player words it.
        case "true-false": answer = response
        case "choice":
            let choice = definition?.choices?.first { $0.id == response }
            answer = LanguageMaps.text(choice?.description) ?? response
        default: answer = response
        }
        isCorrect = statement.result?.success
        let objectiveActivity = statement.context?.contextActivities?.grouping?.first { activity in
            ActivityIRI.parse(activity.id)?.objective != nil
        }
        objective = objectiveActivity.flatMap { ActivityIRI.parse($0.id)?.objective }
        objectiveText = LanguageMaps.text(objectiveActivity?.definition?.name)
    }
}
