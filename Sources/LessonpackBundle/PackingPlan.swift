import BundleArchive
import Foundation
import LessonpackModel
import LessonpackSystem

/// The entries of a bundle and how each is stored, known before anything is written, so the manifest (which
/// is stored before the media) can list every entry's size and hash. Whether a medium is deflated is decided as
/// the bundle is written (`decided`), so that judging one file's bytes runs beside the writing of the one before.
struct PackingPlan: Sendable {
    enum Content: Sendable {
        case bytes([UInt8])
        /// A media file, streamed from disk and checked against what the manifest says on the way.
        case file(source: MediaSource, expected: BundleManifest.Entry)
    }

    struct Item: Sendable {
        var path: String
        var content: Content
        /// Nil for a medium whose bytes the compression policy has not judged yet.
        var compression: ZipCompression?
    }

    /// Every entry but the manifest and the signature: mimetype first, then by path.
    private(set) var items: [Item] = []

    init(module: Module, mediaSources: [String: MediaSource]) throws(BundleError) {
        let compiled: [UInt8]
        do { compiled = try CompiledModule.encode(module) } catch {
            throw BundleError(.bundleWriteFailed, "cannot compile the module: \(SystemErrorText.describe(error))")
        }
        items.append(Item(path: BundleFormat.mimetypeEntry, content: .bytes(Array(BundleFormat.mediaType.utf8)),
                          compression: .store))
        var rest = [Item(path: BundleFormat.moduleEntry, content: .bytes(compiled), compression: .deflate)]
        for file in module.media {
            guard let source = mediaSources[file.path] else {
                throw BundleError(.bundleWriteFailed, "no source for media/\(file.path)")
            }
            let path = BundleFormat.mediaFolder + file.path
            rest.append(Item(path: path, content: .file(source: source, expected: BundleManifest.Entry(
                path: path, size: file.size, sha256: file.sha256.lowercased())), compression: nil))
        }
        items += rest.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    var count: Int { items.count }

    /// Whether any medium still waits for the policy's judgement.
    var isUndecided: Bool { items.contains { $0.compression == nil } }

    /// `item` with its compression decided: the policy reads a medium's bytes (deflating a small file whole, or
    /// samples of a large one), which is slow enough to run on another core while the writer works.
    @Sendable static func decided(_ item: Item) -> Item {
        guard item.compression == nil, case .file(let source, _) = item.content else { return item }
        var decided = item
        decided.compression = CompressionPolicy.compression(for: source)
        return decided
    }

    /// Keeps what was decided for each entry, by path, so writing again (after a fallback) judges nothing twice.
    mutating func record(_ decisions: [String: ZipCompression]) {
        for index in items.indices {
            if let compression = decisions[items[index].path] { items[index].compression = compression }
        }
    }

    /// Stores these entries rather than deflating them; false when none was deflated (nothing changed).
    mutating func store(_ paths: Set<String>) -> Bool {
        var changed = false
        for index in items.indices where paths.contains(items[index].path) && items[index].compression != .store {
            items[index].compression = .store
            changed = true
        }
        return changed
    }

    var manifestEntries: [BundleManifest.Entry] {
        items.map { item in
            switch item.content {
            case .bytes(let bytes): BundleManifest.Entry(path: item.path, size: bytes.count, sha256: FileDigest.sha256(of: bytes))
            case .file(_, let expected): expected
            }
        }
    }

    /// The order entries are stored in: mimetype first (so the file is recognisable by its first bytes), then
    /// everything, manifest and signature included, sorted by path.
    func orderedItems(manifest: [UInt8], signature: [UInt8]?) -> [Item] {
        var all = Array(items.dropFirst())
        all.append(Item(path: BundleFormat.manifestEntry, content: .bytes(manifest), compression: .deflate))
        if let signature {
            all.append(Item(path: BundleFormat.signatureEntry, content: .bytes(signature), compression: .deflate))
        }
        return [items[0]] + all.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    func packed(manifestSize: Int, signatureSize: Int?) -> [BundleBuilder.PackedEntry] {
        let sizes = Dictionary(uniqueKeysWithValues: manifestEntries.map { ($0.path, $0.size) })
        let placeholder: [UInt8] = []
        return orderedItems(manifest: placeholder, signature: signatureSize.map { _ in placeholder }).map { item in
            let size = item.path == BundleFormat.manifestEntry ? manifestSize
                : item.path == BundleFormat.signatureEntry ? (signatureSize ?? 0) : sizes[item.path] ?? 0
            return BundleBuilder.PackedEntry(path: item.path, size: size, compression: item.compression ?? .store)
        }
    }
}
