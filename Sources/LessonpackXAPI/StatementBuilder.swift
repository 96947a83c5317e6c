import Foundation
import LessonpackActivities
import LessonpackModel

/// One attempt as its statements name it.
package struct AttemptReference: Sendable, Equatable {
    /// The attempt's UUID: every statement about the attempt carries it as its registration.
    package var registration: String
    package var moduleID: String
    package var moduleVersion: String
    package var activity: ActivityKind
    /// Its number among the learner's attempts at this activity, from 1.
    package var number: Int

    package init(registration: String, moduleID: String, moduleVersion: String, activity: ActivityKind, number: Int) {
        self.registration = registration
        self.moduleID = moduleID
        self.moduleVersion = moduleVersion
        self.activity = activity
        self.number = number
    }
}

/// Makes the statements of what a learner does in the player (docs/publishing.md, "Statements"): `launched` when a
/// module is opened; per attempt `initialized`, `answered` for each answer as it is given, `completed` with the
/// score when it is finished, `passed` or `failed` for a test when the module has a pass mark, and `terminated`
/// when it ends. A video attempt with a role play adds `attempted` for the role play, and `completed` once the
/// learner got to its end, with the lines they said. Pure: the same attempt and event always give the same statement, id included.
package enum StatementBuilder {
    package static let platform = "Lessonpack"

    /// The learner opened `module` in the player; `session` is that run's UUID.
    package static func launched(_ module: Module, session: String, at date: Date) -> XAPIStatement {
        XAPIStatement(id: NameBasedUUID.statement(registration: session, "launched"), verb: ADLVerb.launched.verb,
                  object: moduleActivity(module.id, title: module.title, language: module.taughtLanguage),
                  context: StatementContext(platform: platform, extensions: [ExtensionIRI.moduleVersion: .string(module.version)]),
                  timestamp: XAPITime.timestamp(date))
    }

    package static func initialized(_ attempt: AttemptReference, module: Module, at date: Date) -> XAPIStatement {
        XAPIStatement(id: NameBasedUUID.statement(registration: attempt.registration, "initialized"),
                  verb: ADLVerb.initialized.verb, object: activity(attempt),
                  context: context(attempt, module: module), timestamp: XAPITime.timestamp(date))
    }

    /// An answer, the `sequence`th action of the attempt; nil for items that are not answerable or an answer
    /// taken back.
    package static func answered(_ item: ItemOutcome, _ attempt: AttemptReference, module: Module, sequence: Int,
                                 at date: Date) -> XAPIStatement? {
        guard let interaction = Interactions.interaction(for: item, in: attempt.activity, of: module),
              let response = interaction.response else { return nil }
        var context = context(attempt, module: module)
        context.contextActivities = StatementContext.Activities(
            parent: [activity(attempt)],
            grouping: [moduleActivity(module.id, title: module.title, language: module.taughtLanguage)]
                + (item.objective.flatMap { objectiveActivity($0, module: module) }.map { [$0] } ?? []))
        return XAPIStatement(
            id: NameBasedUUID.statement(registration: attempt.registration, "answered/\(sequence)/\(item.id)"),
            verb: ADLVerb.answered.verb,
            object: Activity(id: ActivityIRI.item(item.id, in: attempt.activity, of: module.id),
                             definition: interaction.definition),
            result: StatementResult(score: interaction.score,
                                    success: item.outcome == .correct ? true : item.outcome == .incorrect ? false : nil,
                                    response: response),
            context: context, timestamp: XAPITime.timestamp(date))
    }

    /// A finished attempt: `completed` (unless it did not do what the activity is for), `passed` or `failed` when
    /// it is a test and the module has a pass mark, then `terminated`.
    package static func finished(_ attempt: AttemptReference, result: ActivityResult, module: Module) -> [XAPIStatement] {
        var statements: [XAPIStatement] = []
        let success = attempt.activity == .test ? result.passed(passMark: module.passMark) : nil
        let outcome = StatementResult(score: result.score.map(score), success: success, completion: result.isCompleted,
                                      duration: XAPITime.duration(result.duration),
                                      extensions: result.score == nil ? nil : [ExtensionIRI.outcomes: .outcomes(records(result, module))])
        let timestamp = XAPITime.timestamp(result.finishedAt)
        if case .video(_, _, _, let rolePlays?) = result.details {
            for rolePlay in rolePlays { statements += rolePlayStatements(rolePlay, attempt, module: module) }
        }
        if result.isCompleted {
            statements.append(XAPIStatement(id: NameBasedUUID.statement(registration: attempt.registration, "completed"),
                                        verb: ADLVerb.completed.verb, object: activity(attempt),
                                        result: outcome, context: context(attempt, module: module), timestamp: timestamp))
        }
        if let success {
            let verb: ADLVerb = success ? .passed : .failed
            statements.append(XAPIStatement(id: NameBasedUUID.statement(registration: attempt.registration, verb.rawValue),
                                        verb: verb.verb, object: activity(attempt),
                                        result: StatementResult(score: outcome.score, success: success, completion: true,
                                                                duration: outcome.duration),
                                        context: context(attempt, module: module), timestamp: timestamp))
        }
        statements.append(terminated(attempt, module: module, startedAt: result.startedAt, at: result.finishedAt))
        return statements
    }

    /// The attempt ended, finished or not.
    package static func terminated(_ attempt: AttemptReference, module: Module?, startedAt: Date, at date: Date) -> XAPIStatement {
        XAPIStatement(id: NameBasedUUID.statement(registration: attempt.registration, "terminated"),
                  verb: ADLVerb.terminated.verb, object: activity(attempt),
                  result: StatementResult(duration: XAPITime.duration(date.timeIntervalSince(startedAt))),
                  context: context(attempt, module: module), timestamp: XAPITime.timestamp(date))
    }

    /// A role play, as an activity of its own under the video: `attempted` when it began, `completed` when the
    /// learner was done with their last line; both say how many of their lines they said.
    static func rolePlayStatements(_ rolePlay: RolePlaySummary, _ attempt: AttemptReference, module: Module) -> [XAPIStatement] {
        let name = module.speakers.first { $0.id == rolePlay.speaker }?.name ?? rolePlay.speaker
        let object = Activity(id: ActivityIRI.rolePlay(as: rolePlay.speaker, of: attempt.moduleID),
                              definition: ActivityDefinition(name: [LanguageMaps.ours: "Role play as \(name)"],
                                                             type: ActivityType.simulation))
        var context = context(attempt, module: module)
        context.contextActivities = StatementContext.Activities(
            parent: [activity(attempt)],
            grouping: [moduleActivity(module.id, title: module.title, language: module.taughtLanguage)])
        let counts: [String: ExtensionValue] = [ExtensionIRI.linesSpoken: .number(Double(rolePlay.spoken)),
                                               ExtensionIRI.lines: .number(Double(rolePlay.lines))]
        // Named after the moment it began: another role play is another pair of statements.
        let key = "role-play/\(rolePlay.speaker)/\(Int64((rolePlay.startedAt.timeIntervalSince1970 * 1000).rounded()))"
        let attempted = XAPIStatement(id: NameBasedUUID.statement(registration: attempt.registration, key + "/attempted"),
                                      verb: ADLVerb.attempted.verb, object: object,
                                      result: StatementResult(extensions: counts),
                                      context: context, timestamp: XAPITime.timestamp(rolePlay.startedAt))
        guard let finished = rolePlay.finishedAt else { return [attempted] }
        let scaled = rolePlay.lines == 0 ? 0 : Double(rolePlay.spoken) / Double(rolePlay.lines)
        return [attempted, XAPIStatement(
            id: NameBasedUUID.statement(registration: attempt.registration, key + "/completed"),
            verb: ADLVerb.completed.verb, object: object,
            result: StatementResult(score: StatementResult.Score(scaled: scaled, raw: Double(rolePlay.spoken), min: 0,
                                                                 max: Double(rolePlay.lines)),
                                    completion: true,
                                    duration: XAPITime.duration(max(0, finished.timeIntervalSince(rolePlay.startedAt))),
                                    extensions: counts),
            context: context, timestamp: XAPITime.timestamp(finished))]
    }

    // MARK: Parts

    private static func score(_ score: Score) -> StatementResult.Score {
        StatementResult.Score(scaled: score.total == 0 ? 0 : Double(score.correct) / Double(score.total),
                              raw: Double(score.correct), min: 0, max: Double(score.total))
    }

    private static func records(_ result: ActivityResult, _ module: Module) -> [ItemRecord] {
        let weights = result.activity == .test
            ? Dictionary(module.test.items.map { ($0.id, $0.scoreWeight) }, uniquingKeysWith: { first, _ in first }) : [:]
        return result.items.map { item in
            ItemRecord(item: item.id, outcome: item.outcome.rawValue, objective: item.objective, weight: weights[item.id])
        }
    }

    /// The module as an activity, its title under the language it teaches.
    static func moduleActivity(_ moduleID: String, title: String?, language: String) -> Activity {
        Activity(id: ActivityIRI.module(moduleID),
                 definition: ActivityDefinition(name: title.map { [language: $0] }, type: ActivityType.module))
    }

    private static func activity(_ attempt: AttemptReference) -> Activity {
        let type = switch attempt.activity {
        case .test: ActivityType.assessment
        case .video: ActivityType.media
        default: ActivityType.lesson
        }
        return Activity(id: ActivityIRI.activity(attempt.activity, of: attempt.moduleID),
                        definition: ActivityDefinition(name: [LanguageMaps.ours: attempt.activity.title], type: type))
    }

    private static func objectiveActivity(_ id: String, module: Module) -> Activity? {
        guard !id.isEmpty else { return nil }
        let performance = module.objectives.first { $0.id == id }?.performance
        return Activity(id: ActivityIRI.objective(id, of: module.id),
                        definition: ActivityDefinition(name: performance.map { [module.taughtLanguage: $0] },
                                                       type: ActivityType.objective))
    }

    private static func context(_ attempt: AttemptReference, module: Module?) -> StatementContext {
        var extensions: [String: ExtensionValue] = [
            ExtensionIRI.moduleVersion: .string(attempt.moduleVersion),
            ExtensionIRI.attemptNumber: .number(Double(attempt.number)),
        ]
        if attempt.activity == .test, let mark = module?.passMark { extensions[ExtensionIRI.passMark] = .number(Double(mark)) }
        return StatementContext(
            registration: attempt.registration,
            contextActivities: StatementContext.Activities(parent: [moduleActivity(attempt.moduleID, title: module?.title,
                                                                                     language: module?.taughtLanguage ?? "en")]),
            platform: platform, extensions: extensions)
    }
}
