import Foundation
import LessonpackModel

/// A class's results from the statements Lessonpack sent to a record store (or exported to files): per module, a
/// gradebook of learners × objectives, how hard each test item was, and each learner's answers. Built from the
/// statements alone, so a teacher needs neither the modules nor the learners' machines. Only Lessonpack's own
/// statements are read (their activity ids say so); anything else in the store is left alone.
package struct Gradebook: Sendable, Equatable {
    package struct Tally: Sendable, Equatable {
        package var correct = 0
        package var total = 0

        package init(correct: Int = 0, total: Int = 0) {
            self.correct = correct
            self.total = total
        }

        package var percent: Double? { total == 0 ? nil : Double(correct) * 100 / Double(total) }
    }

    package struct Objective: Sendable, Equatable {
        package var id: String
        package var text: String?
        /// The whole class.
        package var tally: Tally
    }

    package struct Item: Sendable, Equatable {
        package var id: String
        package var text: String?
        package var objective: String?
        /// How often it was got right, over every finished test attempt that showed it.
        package var tally: Tally
    }

    package struct Learner: Sendable, Equatable {
        package var key: String
        package var name: String?
        package var objectives: [String: Tally]
        package var testAttempts: Int
        package var lastTestPercent: Double?
        package var bestTestPercent: Double?
        /// Whether the last test fell below the pass mark; nil with no pass mark or no finished test.
        package var belowPassMark: Bool?
        package var lastActivity: Date
        package var answers: [AnswerRecord]

        /// Who stands out: below the pass mark first (lowest first), then those with no finished test, then the rest;
        /// by name, then by address, within each.
        var standing: (Int, Double, String, String) {
            switch (belowPassMark, lastTestPercent) {
            case (true?, let percent): (0, percent ?? 0, name ?? key, key)
            case (_, nil): (1, 0, name ?? key, key)
            default: (2, 0, name ?? key, key)
            }
        }
    }

    package struct Module: Sendable, Equatable {
        package var id: String
        package var title: String?
        package var passMark: Int?
        package var objectives: [Objective]
        /// The tag of the language the module's words are in, as its statements' language maps say it ("en-GB").
        package var language: String?
        package var items: [Item]
        /// At risk first (see `Learner.standing`).
        package var learners: [Learner]

        /// The items most often missed, worst first (at most `count`).
        package func mostMissed(_ count: Int) -> [Item] {
            Array(items.filter { $0.tally.total > 0 && $0.tally.correct < $0.tally.total }
                .sorted { ($0.tally.percent ?? 0, $0.id) < ($1.tally.percent ?? 0, $1.id) }.prefix(count))
        }
    }

    package var modules: [Module]
    package var since: Date?
    package var until: Date?
    /// Statements that were not Lessonpack's, or could not be read.
    package var ignored: Int

    package init(_ statements: [XAPIStatement], since: Date? = nil, until: Date? = nil) {
        self.since = since
        self.until = until
        var ignored = 0
        var builders: [String: ModuleBuilder] = [:]
        // The same statement twice (two exports that overlap, a page a store sent again) counts once.
        var seen: Set<String> = []
        for statement in statements {
            guard let parts = ActivityIRI.parse(statement.object.id), let actor = statement.actor,
                  let time = XAPITime.date(statement.timestamp) else {
                ignored += 1
                continue
            }
            guard seen.insert(statement.id.lowercased()).inserted else { continue }
            if let since, time < since { continue }
            if let until, time >= until { continue }
            builders[parts.module, default: ModuleBuilder(id: parts.module)].add(statement, parts: parts, actor: actor, at: time)
        }
        self.ignored = ignored
        modules = builders.values.map { $0.module() }.sorted { $0.id < $1.id }
    }
}

/// Collects one module's statements.
private struct ModuleBuilder {
    let id: String
    var title: String?
    var language: String?
    var passMark: Int?
    var objectiveTexts: [String: String] = [:]
    var objectiveOrder: [String] = []
    var itemTexts: [String: String] = [:]
    var items: [String: Gradebook.Item] = [:]
    var learners: [String: Gradebook.Learner] = [:]
    /// Per learner, their finished tests: (when, percent), to find the last.
    var tests: [String: [(Date, Double)]] = [:]

    init(id: String) { self.id = id }

    mutating func add(_ statement: XAPIStatement, parts: ActivityIRI.Parts, actor: Agent, at time: Date) {
        let key = actor.key
        var learner = learners[key] ?? Gradebook.Learner(key: key, name: actor.name, objectives: [:], testAttempts: 0,
                                                         lastActivity: time, answers: [])
        if learner.name == nil { learner.name = actor.name }
        learner.lastActivity = max(learner.lastActivity, time)
        let moduleDefinition = (statement.context?.contextActivities?.parent ?? [])
            + (statement.context?.contextActivities?.grouping ?? []) + [statement.object]
        let names = moduleDefinition.first(where: { $0.id == ActivityIRI.module(id) })?.definition?.name
        if let name = LanguageMaps.text(names) {
            title = name
            language = LanguageMaps.tag(names)
        }
        // Numbers from the store are untrusted: a pass mark is a whole percentage, or it is not one.
        if let mark = statement.context?.extensions?[ExtensionIRI.passMark]?.number, (1...100).contains(mark),
           mark == mark.rounded() {
            passMark = Int(mark)
        }
        if let answer = AnswerRecord(statement) {
            learner.answers.append(answer)
            if answer.activity == .test {
                itemTexts[answer.item] = answer.prompt
                if let objective = answer.objective, let text = answer.objectiveText { note(objective, text: text) }
            }
        }
        if statement.verb.id == ADLVerb.completed.id, parts.activity == .test, parts.item == nil,
           case .outcomes(let records)? = statement.result?.extensions?[ExtensionIRI.outcomes] {
            learner.testAttempts += 1
            for record in records {
                let right = record.outcome == "correct"
                if let objective = record.objective {
                    note(objective, text: nil)
                    learner.objectives[objective, default: Gradebook.Tally()].correct += right ? 1 : 0
                    learner.objectives[objective, default: Gradebook.Tally()].total += 1
                }
                var item = items[record.item] ?? Gradebook.Item(id: record.item, objective: record.objective, tally: .init())
                item.tally.correct += right ? 1 : 0
                item.tally.total += 1
                items[record.item] = item
            }
            // xAPI's scaled score is from -1 to 1; anything else is not a score.
            if let scaled = statement.result?.score?.scaled, (-1...1).contains(scaled) {
                tests[key, default: []].append((time, max(0, scaled) * 100))
            }
        }
        learners[key] = learner
    }

    mutating func note(_ objective: String, text: String?) {
        if !objectiveOrder.contains(objective) { objectiveOrder.append(objective) }
        if let text { objectiveTexts[objective] = text }
    }

    func module() -> Gradebook.Module {
        let objectives = objectiveOrder.sorted().map { id in
            var tally = Gradebook.Tally()
            for learner in learners.values {
                tally.correct += learner.objectives[id]?.correct ?? 0
                tally.total += learner.objectives[id]?.total ?? 0
            }
            return Gradebook.Objective(id: id, text: objectiveTexts[id], tally: tally)
        }
        let rows = learners.values.map { learner -> Gradebook.Learner in
            var learner = learner
            let finished = (tests[learner.key] ?? []).sorted { $0.0 < $1.0 }
            learner.lastTestPercent = finished.last?.1
            learner.bestTestPercent = finished.map(\.1).max()
            if let passMark, let last = learner.lastTestPercent { learner.belowPassMark = last + 1e-9 < Double(passMark) }
            learner.answers.sort { ($0.date ?? .distantPast) < ($1.date ?? .distantPast) }
            return learner
        }.sorted { $0.standing < $1.standing }
        let items = items.values.map { item in
            var item = item
            item.text = itemTexts[item.id]
            return item
        }.sorted { $0.id < $1.id }
        return Gradebook.Module(id: id, title: title, passMark: passMark, objectives: objectives, language: language,
                                items: items, learners: rows)
    }
}
