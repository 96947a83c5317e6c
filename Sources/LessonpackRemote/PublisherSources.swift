import Crypto
import Foundation
import LessonpackBundle
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// `<library>/sources.json`: the catalogs a learner installs from, each pinned to the publisher key first trusted
/// for it (or given with --key), with what makes the next update cheap (the catalog's ETag and Last-Modified,
/// and a copy of it under `.sources/`) and the newest release seen (so a replayed older catalog is refused).
/// Only ever changed under the library's lock.
package struct PublisherSources: Codable, Sendable, Equatable {
    package struct Source: Codable, Sendable, Equatable {
        /// The catalog's base address, ending in '/'.
        package var url: String
        /// The pinned key: its raw Ed25519 bytes in base64, and its id for people.
        package var publicKey: String
        package var keyID: String
        package var etag: String?
        package var lastModified: String?
        package var release: Int
        /// Modules installed from this catalog, which `update` keeps current.
        package var modules: [String]
    }

    package static let fileName = "sources.json"
    static let cacheFolder = ".sources"
    static let format = 1
    static let maxBytes = 4 << 20

    package var format = PublisherSources.format
    package var sources: [Source] = []

    package init() {}

    package func source(_ url: String) -> Source? { sources.first { $0.url == url } }

    package mutating func set(_ source: Source) {
        if let index = sources.firstIndex(where: { $0.url == source.url }) {
            sources[index] = source
        } else {
            sources.append(source)
        }
    }

    static func load(library: String) throws(RemoteError) -> PublisherSources {
        let path = ModuleLayout.join(library, fileName)
        switch BoundedFile.read(path, limit: maxBytes, links: .refuse) {
        case .failure(.missing):
            return PublisherSources()
        case .failure(let failure):
            throw RemoteError(.librarySourcesInvalid, "\(path) \(failure)", url: path)
        case .success(let bytes):
            let sources: PublisherSources
            do { sources = try JSONDecoder().decode(PublisherSources.self, from: Data(bytes)) } catch {
                throw RemoteError(.librarySourcesInvalid, "\(path) is damaged (\(error)); remove it to start afresh, " +
                                  "and pass --key to the next install", url: path)
            }
            guard sources.format <= format else {
                throw RemoteError(.librarySourcesInvalid, "\(path) was written by a newer lessonpack", url: path)
            }
            return sources
        }
    }

    func save(library: String) throws(RemoteError) {
        let path = ModuleLayout.join(library, Self.fileName)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            try AtomicFile.write(try encoder.encode(self) + [0x0A], to: path)
        } catch {
            throw RemoteError(.librarySourcesInvalid, "cannot write \(path): \(SystemErrorText.describe(error))", url: path)
        }
    }

    /// Where the last verified copy of a catalog is kept: named by a hash of its address, never by the address.
    static func cachedCatalog(library: String, url: String) -> String {
        ModuleLayout.join(library, cacheFolder + "/" + String(FileDigest.sha256(of: Array(url.utf8)).prefix(32)) + ".json")
    }

    /// Where bundles are downloaded before they are verified and installed: named by their SHA-256 from the
    /// verified catalog (64 hex digits), so a partial file is resumed only for the very file it is a part of.
    static func download(library: String, sha256: String) -> String {
        ModuleLayout.join(library, ".downloads/\(sha256).part")
    }
}

extension VerificationKey {
    /// The raw key in base64, as sources.json pins it.
    var base64: String { Data(publicKey.rawRepresentation).base64EncodedString() }

    init?(base64: String) {
        guard let raw = Data(base64Encoded: base64), let key = try? VerificationKey(raw: [UInt8](raw)) else { return nil }
        self = key
    }
}
