import LessonpackModel

/// What changed between two versions of a module, entry by entry, and the semantic-version bump that calls for.
///
/// Learners' progress is kept under the ids of lines, statements, questions, test items, objectives and speakers,
/// so removing one of those (or an activity) breaks history: a major change. Adding anything is minor. Changing
/// an existing entry (a corrected text, a new timing, re-encoded media) is a patch.
package struct ModuleDiff: Sendable, Equatable {
    package enum Area: String, CaseIterable, Sendable {
        case details, speakers, objectives, activities, transcript, definitions, phrasebook
        case videoTask = "video task", questions, test, media

        /// Whether learners' history refers to entries of this area by id.
        var keysHistory: Bool {
            [.speakers, .objectives, .activities, .transcript, .videoTask, .questions, .test].contains(self)
        }
    }

    package enum ChangeKind: String, Sendable { case added, removed, changed }

    package struct Change: Sendable, Equatable {
        package var area: Area
        package var kind: ChangeKind
        /// The id, term, title or path of the entry.
        package var key: String
        /// For a change: what differs, e.g. `text: "Hi." → "Hello."`.
        package var detail: String?

        package var bump: VersionBump {
            switch kind {
            case .removed: area.keysHistory ? .major : .minor
            case .added: .minor
            case .changed: area == .test && key == "draw" ? .minor : .patch
            }
        }
    }

    package var old: (id: String, version: String)
    package var new: (id: String, version: String)
    package var changes: [Change]

    package static func == (lhs: ModuleDiff, rhs: ModuleDiff) -> Bool { lhs.changes == rhs.changes }

    package var requiredBump: VersionBump { changes.map(\.bump).max() ?? .none }

    package static func between(_ old: Module, _ new: Module) -> ModuleDiff {
        var changes: [Change] = []
        func compare<T: Equatable>(_ area: Area, _ before: [T], _ after: [T], key: (T) -> String,
                                   detail: (T, T) -> String?) {
            let oldByKey = Dictionary(before.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
            let newByKey = Dictionary(after.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
            for item in before where newByKey[key(item)] == nil {
                changes.append(Change(area: area, kind: .removed, key: key(item)))
            }
            for item in after {
                guard let previous = oldByKey[key(item)] else {
                    changes.append(Change(area: area, kind: .added, key: key(item)))
                    continue
                }
                if previous != item { changes.append(Change(area: area, kind: .changed, key: key(item), detail: detail(previous, item))) }
            }
        }
        compare(.details, DetailField.all(of: old), DetailField.all(of: new), key: \.name) { a, b in
            "\(quoted(a.value)) → \(quoted(b.value))"
        }
        compare(.speakers, old.speakers, new.speakers, key: \.id) { a, b in
            fields([("name", a.name, b.name), ("colour", a.colour, b.colour)])
        }
        compare(.objectives, old.objectives, new.objectives, key: \.id) { a, b in
            fields([("performance", a.performance, b.performance), ("condition", a.condition, b.condition),
                    ("content", a.content, b.content), ("criteria", a.criteria, b.criteria)])
        }
        compare(.activities, old.activities, new.activities, key: \.rawValue) { _, _ in nil }
        compare(.transcript, old.transcript, new.transcript, key: \.id) { a, b in
            fields([("speaker", a.speaker, b.speaker), ("text", a.text, b.text),
                    ("start", TimeText.format(a.start), TimeText.format(b.start)),
                    ("end", TimeText.format(a.end), TimeText.format(b.end)), ("audio", a.audio, b.audio),
                    ("terms", a.terms.joined(separator: ", "), b.terms.joined(separator: ", "))])
        }
        compare(.definitions, old.definitions, new.definitions, key: \.term) { a, b in
            fields([("part of speech", a.partOfSpeech, b.partOfSpeech), ("meaning", a.meaning, b.meaning)])
        }
        compare(.phrasebook, old.phrasebook, new.phrasebook, key: \.title) { a, b in fields([("text", a.body, b.body)]) }
        compare(.videoTask, old.videoTask, new.videoTask, key: \.id) { a, b in
            fields([("text", a.text, b.text), ("correct", "\(a.isCorrect)", "\(b.isCorrect)"),
                    ("lines", a.lines.joined(separator: ", "), b.lines.joined(separator: ", "))])
        }
        compare(.questions, old.questions, new.questions, key: \.id) { a, b in
            fields([("text", a.text, b.text), ("audio", a.audio, b.audio),
                    ("answers", a.answers.map(\.text).joined(separator: " / "), b.answers.map(\.text).joined(separator: " / ")),
                    ("correct answer", a.answers.first(where: \.isCorrect)?.text ?? "", b.answers.first(where: \.isCorrect)?.text ?? ""),
                    ("feedback", a.feedback ?? "", b.feedback ?? "")])
        }
        compare(.test, [DetailField(name: "draw", value: "\(old.test.draw)")],
                [DetailField(name: "draw", value: "\(new.test.draw)")], key: \.name) { a, b in "\(a.value) → \(b.value)" }
        compare(.test, old.test.items, new.test.items, key: \.id) { a, b in
            fields([("objective", a.objective, b.objective), ("text", a.text, b.text),
                    ("answer", answerText(a.kind), answerText(b.kind)), ("explanation", a.explanation ?? "", b.explanation ?? "")])
        }
        compare(.media, old.media, new.media, key: \.path) { a, b in
            a.sha256 != b.sha256 ? "content (\(a.size) → \(b.size) bytes)" : fields([("kind", a.kind.rawValue, b.kind.rawValue)])
        }
        return ModuleDiff(old: (old.id, old.version), new: (new.id, new.version), changes: changes)
    }

    private struct DetailField: Equatable {
        var name: String
        var value: String

        static func all(of module: Module) -> [DetailField] {
            [DetailField(name: "id", value: module.id), DetailField(name: "title", value: module.title),
             DetailField(name: "level", value: module.level), DetailField(name: "summary", value: module.summary),
             DetailField(name: "video", value: module.video ?? "")]
        }
    }

    private static func fields(_ pairs: [(String, String, String)]) -> String? {
        let changed = pairs.filter { $0.1 != $0.2 }.map { "\($0.0): \(quoted($0.1)) → \(quoted($0.2))" }
        return changed.isEmpty ? nil : changed.joined(separator: "; ")
    }

    private static func quoted(_ text: String) -> String {
        let short = text.count > 60 ? text.prefix(57) + "…" : Substring(text)
        return "\"\(short)\""
    }

    private static func answerText(_ kind: TestItem.Kind) -> String {
        switch kind {
        case .statement(let isCorrect): isCorrect ? "correct" : "incorrect"
        case .multipleChoice(let choices, let answer): "\(answer) of \(choices.joined(separator: " / "))"
        }
    }
}

/// How much a version must rise.
package enum VersionBump: Int, Comparable, Sendable, CustomStringConvertible {
    case none, patch, minor, major

    package static func < (lhs: VersionBump, rhs: VersionBump) -> Bool { lhs.rawValue < rhs.rawValue }

    package var description: String { ["none", "patch", "minor", "major"][rawValue] }

    /// The smallest version that makes this bump from `version`.
    package func applied(to version: SemanticVersion) -> SemanticVersion {
        switch self {
        case .none: version
        case .patch: SemanticVersion(major: version.major, minor: version.minor, patch: version.patch + 1)
        case .minor: SemanticVersion(major: version.major, minor: version.minor + 1, patch: 0)
        case .major: SemanticVersion(major: version.major + 1, minor: 0, patch: 0)
        }
    }
}
