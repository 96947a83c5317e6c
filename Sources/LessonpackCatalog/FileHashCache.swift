import Foundation
import LessonpackSystem

/// SHA-256s of files, remembered by path, size and modification time, as git's index does: a release of
/// hundreds of modules with gigabytes of media re-reads only the files that changed since the last release.
struct FileHashCache: Codable, Sendable {
    struct Stamp: Codable, Sendable, Equatable {
        var size: Int
        /// Nanoseconds since 1970: seconds alone miss a file saved twice in one second.
        var modified: Int64
        var sha256: String
    }

    private var stamps: [String: Stamp] = [:]
    /// Paths hashed (not remembered) since the cache was loaded, for the release's report; not saved.
    private(set) var hashed = 0

    private enum CodingKeys: String, CodingKey { case stamps }

    /// The file's hash: from `known` or this cache when its size and time are unchanged, else read and remembered
    /// here. Parallel jobs share one `known` cache and each fill a fresh one, merged afterwards.
    mutating func sha256(of file: String, known: FileHashCache? = nil) -> String? {
        let path = Self.absolute(file)
        guard let (size, modified) = Self.sizeAndTime(path) else { return nil }
        for cache in [known, self].compactMap({ $0 }) {
            if let stamp = cache.stamps[path], stamp.size == size, stamp.modified == modified { return stamp.sha256 }
        }
        guard let digest = FileDigest.sha256(ofFileAt: path) else { return nil }
        stamps[path] = Stamp(size: size, modified: modified, sha256: digest)
        hashed += 1
        return digest
    }

    /// Records a hash just computed elsewhere (a bundle as it was written), so the next release need not read it.
    mutating func remember(_ file: String, sha256: String) {
        let path = Self.absolute(file)
        guard let (size, modified) = Self.sizeAndTime(path) else { return }
        stamps[path] = Stamp(size: size, modified: modified, sha256: sha256)
    }

    /// stat() follows symbolic links: a linked file is stamped with what it links to.
    private static func sizeAndTime(_ path: String) -> (Int, Int64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (Int(status.st_size), Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }

    /// Forgets files not asked about in this release, so the cache does not grow forever.
    mutating func keepOnly(_ files: Set<String>) {
        let paths = Set(files.map(Self.absolute))
        stamps = stamps.filter { paths.contains($0.key) }
    }

    private static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    mutating func merge(_ other: FileHashCache) {
        stamps.merge(other.stamps) { _, new in new }
        hashed += other.hashed
    }
}
