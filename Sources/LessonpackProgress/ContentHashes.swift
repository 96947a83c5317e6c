import Foundation
import LessonpackModel
import LessonpackSystem

/// A hash of each item's content, keyed by its id: two versions of a module share an item's history only when the
/// item reads the same in both.
public enum ContentHashes {
    public static func of(_ module: Module) -> [String: String] {
        var hashes: [String: String] = [:]
        func add<T: Encodable>(_ id: String, _ value: T) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            if let data = try? encoder.encode(value) { hashes[id] = String(FileDigest.sha256(of: data).prefix(32)) }
        }
        for line in module.transcript { add(line.id, line) }
        for statement in module.videoTask { add(statement.id, statement) }
        for question in module.questions { add(question.id, question) }
        for item in module.test.items { add(item.id, item) }
        for definition in module.definitions { add(definition.term, definition) }
        return hashes
    }
}
