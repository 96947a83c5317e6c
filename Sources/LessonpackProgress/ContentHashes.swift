import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackSystem

/// A hash of each item's content, keyed by its id: two versions of a module share an item's history only when the
/// item reads the same in both.
package enum ContentHashes {
    package static func of(_ module: Module) -> [String: String] {
        var hashes: [String: String] = [:]
        for line in module.transcript { hashes[line.id] = digest(line) }
        for statement in module.videoTask { hashes[statement.id] = digest(statement) }
        for question in module.questions { hashes[question.id] = digest(question) }
        for item in module.test.items { hashes[item.id] = digest(item) }
        for definition in module.definitions { hashes[definition.term] = digest(definition) }
        return hashes
    }

    /// Encoded exactly as stores have always hashed items (sorted keys, nothing more), so hashes already stored
    /// still match.
    static func digest<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(value)) ?? Data()
        return String(FileDigest.sha256(of: data).prefix(32))
    }
}

/// The content of the parts of a module an attempt uses, hashed together: an unfinished attempt goes on in another
/// version of its module only when this reads the same in both.
package enum ModuleParts {
    package static func hash(_ parts: [ModulePart], in module: Module) -> String {
        let contents = parts.map { part in part.key + "=" + (content(of: part, in: module) ?? "missing") }
        return ContentHashes.digest(contents)
    }

    static func content(of part: ModulePart, in module: Module) -> String? {
        switch part {
        case .line(let id): module.transcript.first { $0.id == id }.map(ContentHashes.digest)
        case .statement(let id): module.videoTask.first { $0.id == id }.map(ContentHashes.digest)
        case .question(let id): module.questions.first { $0.id == id }.map(ContentHashes.digest)
        case .item(let id): module.test.items.first { $0.id == id }.map(ContentHashes.digest)
        case .term(let term): module.definitions.first { $0.term == term }.map(ContentHashes.digest)
        case .objective(let id): module.objectives.first { $0.id == id }.map(ContentHashes.digest)
        case .speaker(let id): module.speakers.first { $0.id == id }.map(ContentHashes.digest)
        case .media(let path): module.media.first { $0.path == path }?.sha256
        }
    }
}
