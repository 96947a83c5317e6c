import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// Where in the studio's forms each place of a module's sources is edited: a dotted path into the model as the page
/// holds it (`transcript.3.start`, `questions.1.answers.2.audio`), so a diagnostic found at a line and column of a
/// source file can be shown beside the field that wrote it. Paths use the model's names where the source's differ
/// (a statement's `correct` is `isCorrect`, a box's `text` is `body`); a test item's `correct`, `choices` and
/// `answer` keep the source's names, since the model folds them into its kind.
package struct FieldPaths: Sendable {
    private struct Place: Hashable {
        var file: String
        var line: Int
        var column: Int
    }

    private var paths: [Place: String] = [:]

    package init(_ source: ModuleSource) {
        let map = source.map
        add(map.module.fields, under: nil, renames: [:])
        for (index, origin) in map.transcript.enumerated() { add(origin, under: "transcript.\(index)") }
        for (index, origin) in map.definitions.enumerated() {
            let path = "definitions.\(index)"
            note(origin.location, path)
            if let value = origin.valueLocation { note(value, path + ".meaning") }
        }
        for (index, origin) in map.phrasebook.enumerated() {
            add(origin, under: "phrasebook.\(index)", renames: ["text": "body"])
        }
        for (index, origin) in map.videoTask.enumerated() {
            add(origin, under: "videoTask.\(index)", renames: ["correct": "isCorrect"])
        }
        for (index, origin) in map.questions.enumerated() {
            add(origin, under: "questions.\(index)", renames: ["correct": "isCorrect"])
        }
        add(map.test.fields, under: "test", renames: [:], skipping: ["items"])
        for (index, origin) in map.testItems.enumerated() { add(origin, under: "test.items.\(index)") }
        for (index, origin) in map.media.enumerated() { note(origin.location, "media.\(index)") }
    }

    /// The field a diagnostic concerns, nil when it is about a whole file or a place no form shows.
    package func field(for location: SourceLocation) -> String? {
        guard let line = location.line, let column = location.column else { return nil }
        return paths[Place(file: location.file, line: line, column: column)]
    }

    private mutating func add(_ origin: EntryOrigin, under path: String, renames: [String: String] = [:]) {
        note(origin.location, path)
        add(origin.fields, under: path, renames: renames)
    }

    private mutating func add(_ fields: PlistDictionary, under path: String?, renames: [String: String],
                              skipping: Set<String> = []) {
        for entry in fields.entries where !skipping.contains(entry.key) {
            let name = renames[entry.key] ?? entry.key
            let child = path.map { "\($0).\(name)" } ?? name
            note(entry.keyLocation, child)
            add(entry.value, at: child, renames: renames)
        }
    }

    private mutating func add(_ node: PlistNode, at path: String, renames: [String: String]) {
        note(node.location, path)
        if let items = node.array {
            for (index, item) in items.enumerated() { add(item, at: "\(path).\(index)", renames: renames) }
        } else if let dictionary = node.dictionary {
            add(dictionary, under: path, renames: renames)
        }
    }

    /// The first place to claim a position keeps it: an entry's own dictionary and its first key can share none,
    /// but an entry and the node that holds it do, and the entry is the more useful answer.
    private mutating func note(_ location: SourceLocation, _ path: String) {
        guard let line = location.line, let column = location.column else { return }
        let place = Place(file: location.file, line: line, column: column)
        if paths[place] == nil { paths[place] = path }
    }
}
