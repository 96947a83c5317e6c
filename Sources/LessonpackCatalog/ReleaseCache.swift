import Foundation
import LessonpackModel
import LessonpackSystem

/// OUT/.lessonpack-release-cache.json: for each module folder, the source hash of its last release and the
/// bundle it gave, and the file hash cache. Losing it only costs time: the next release builds everything.
struct ReleaseCache: Codable, Sendable {
    struct Built: Codable, Sendable, Equatable {
        var sourceHash: String
        var file: String
        var sha256: String
    }

    static let fileName = ".lessonpack-release-cache.json"

    var modules: [String: Built] = [:]
    var files = FileHashCache()

    static func load(from output: String) -> ReleaseCache {
        let path = ModuleLayout.join(output, fileName)
        guard case .success(let bytes) = BoundedFile.read(path, limit: 64 << 20),
              let cache = try? JSONDecoder().decode(ReleaseCache.self, from: Data(bytes)) else { return ReleaseCache() }
        return cache
    }

    func save(to output: String) throws(AtomicFile.Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try AtomicFile.write(data, to: ModuleLayout.join(output, Self.fileName))
    }
}
