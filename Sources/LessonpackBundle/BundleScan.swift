import BundleArchive
import Foundation
import LessonpackModel
import LessonpackSystem

/// One pass over a bundle that gathers every problem it can: the ZIP structure, the entries, the manifest, the
/// signature and (when asked) every media entry's size and hash. Opening a bundle and verifying it both run it;
/// only verification reads the media, so opening does not slow down as media grows.
struct BundleScan {
    var directory: ZipDirectory?
    var manifestBytes: [UInt8]?
    var manifest: BundleManifest?
    var module: Module?
    var signature: SignatureStatus = .unsigned
    var problems: [String] = []

    init(path: String, readMedia: Bool, trustedKey: VerificationKey? = nil, limits: BundleLimits = .default) {
        do {
            let directory = try ZipDirectory.read(path: path, limits: .init(maxEntries: limits.maxEntries))
            self.directory = directory
            problems += BundleSafety.problems(in: directory, limits: limits)
        } catch {
            problems.append("\(path) is not a readable bundle: \(error.description)")
            return
        }
        // Nothing is decompressed from a bundle whose directory already looks hostile.
        guard problems.isEmpty, let directory else { return }
        if directory.entries.min(by: { $0.localHeaderOffset < $1.localHeaderOffset })?.name != BundleFormat.mimetypeEntry {
            problems.append("the first entry is not 'mimetype'")
        }
        let contents = readEntries(path: path, directory: directory, readMedia: readMedia, limits: limits)
        checkContents(contents, trustedKey: trustedKey)
    }

    /// Hashes and sizes of the entries read, and the small text entries' bytes.
    private struct Contents {
        var texts: [String: [UInt8]] = [:]
        var digests: [String: (size: Int, sha256: String)] = [:]
        /// False when a corrupt entry stopped the read: what was not reached is unknown, not missing.
        var complete = true
    }

    private mutating func readEntries(path: String, directory: ZipDirectory, readMedia: Bool,
                                      limits: BundleLimits) -> Contents {
        var contents = Contents()
        let textEntries: Set = [BundleFormat.mimetypeEntry, BundleFormat.manifestEntry, BundleFormat.moduleEntry,
                                BundleFormat.signatureEntry]
        var current: String?
        do {
            let reader = try ZipReader(path: path)
            while let header = try reader.next() {
                current = header.path
                if header.kind != .file || header.isEncrypted {
                    problems.append("entry '\(header.path)' is not a plain file")
                    try reader.skip()
                    continue
                }
                let declared = directory.entries.first { $0.name == header.path }?.uncompressedSize ?? 0
                if textEntries.contains(header.path) {
                    let bytes = try reader.readAll(limit: min(limits.maxTextEntryBytes, Int(declared)))
                    contents.texts[header.path] = bytes
                    contents.digests[header.path] = (bytes.count, FileDigest.sha256(of: bytes))
                } else if readMedia {
                    var hasher = StreamingSHA256()
                    let size = try reader.read(limit: Int(declared)) { hasher.update($0) }
                    contents.digests[header.path] = (size, hasher.finalize())
                } else {
                    try reader.skip()
                }
            }
        } catch {
            contents.complete = false
            problems.append(current.map { "entry '\($0)' is corrupt: \(error)" } ?? "the bundle's data is corrupt: \(error)")
        }
        return contents
    }

    private mutating func checkContents(_ contents: Contents, trustedKey: VerificationKey?) {
        if let mimetype = contents.texts[BundleFormat.mimetypeEntry],
           mimetype != Array(BundleFormat.mediaType.utf8) {
            problems.append("'mimetype' does not say \(BundleFormat.mediaType)")
        }
        guard let manifestBytes = contents.texts[BundleFormat.manifestEntry] else {
            if contents.complete { problems.append("the bundle has no manifest.plist") }
            return
        }
        self.manifestBytes = manifestBytes
        do {
            manifest = try BundleManifest.decode(manifestBytes)
        } catch {
            problems += error.problems
            return
        }
        checkSignature(contents.texts[BundleFormat.signatureEntry], manifest: manifestBytes, trustedKey: trustedKey)
        guard let manifest, let directory else { return }

        let stored = Set(directory.entries.map(\.name))
        let listed = Set(manifest.entries.map(\.path))
        for entry in manifest.entries where !stored.contains(entry.path) {
            problems.append("entry '\(entry.path)' is listed in the manifest but missing from the bundle")
        }
        let own: Set = [BundleFormat.manifestEntry, BundleFormat.signatureEntry]
        for name in directory.entries.map(\.name) where !listed.contains(name) && !own.contains(name) {
            problems.append("entry '\(name)' is in the bundle but not in the manifest")
        }
        for entry in manifest.entries {
            guard let actual = contents.digests[entry.path] else { continue }
            if actual.size != entry.size {
                problems.append("entry '\(entry.path)' is \(actual.size) bytes; the manifest says \(entry.size)")
            } else if actual.sha256 != entry.sha256 {
                problems.append("entry '\(entry.path)' does not match its SHA-256 in the manifest: it was changed")
            }
        }
        if let bytes = contents.texts[BundleFormat.moduleEntry],
           contents.digests[BundleFormat.moduleEntry]?.sha256 == manifest.entry(BundleFormat.moduleEntry)?.sha256 {
            do {
                let module = try CompiledModule.decode(bytes)
                if module.id != manifest.moduleID || module.version != manifest.version {
                    problems.append("module.json is \(module.id) \(module.version) but the manifest says " +
                                    "\(manifest.moduleID) \(manifest.version)")
                }
                problems += ModuleIntegrity.problems(in: module).map { "module.json: \($0)" }
                problems += mediaMismatches(module, manifest: manifest)
                self.module = module
            } catch {
                problems += error.problems
            }
        } else if contents.texts[BundleFormat.moduleEntry] == nil && contents.complete {
            problems.append("the bundle has no module.json")
        }
    }

    /// The module's media list must agree with the manifest, or the player would look for media that is not there.
    private func mediaMismatches(_ module: Module, manifest: BundleManifest) -> [String] {
        module.media.compactMap { file in
            guard let entry = manifest.entry(BundleFormat.mediaFolder + file.path) else {
                return "module.json lists media '\(file.path)', which the bundle does not hold"
            }
            return entry.sha256 == file.sha256 && entry.size == file.size
                ? nil : "module.json and the manifest disagree about media '\(file.path)'"
        }
    }

    private mutating func checkSignature(_ bytes: [UInt8]?, manifest: [UInt8], trustedKey: VerificationKey?) {
        guard let bytes else {
            signature = .unsigned
            if trustedKey != nil { problems.append("the bundle is not signed, but a key was given to check it with") }
            return
        }
        do {
            let key = try BundleSignature.decode(bytes).verify(manifest)
            signature = .valid(keyID: key.keyID)
            if let trustedKey, trustedKey != key {
                problems.append("the bundle is signed by key \(key.keyID), not by the given key \(trustedKey.keyID)")
            }
        } catch {
            signature = .invalid(error.description)
            problems += error.problems
        }
    }
}

/// What a bundle's signature says.
public enum SignatureStatus: Sendable, Equatable, CustomStringConvertible {
    case unsigned
    case valid(keyID: String)
    case invalid(String)

    /// The key that signed the bundle, when the signature is valid.
    public var keyID: String? { if case .valid(let keyID) = self { keyID } else { nil } }

    public var description: String {
        switch self {
        case .unsigned: "unsigned"
        case .valid(let keyID): "signed by key \(keyID)"
        case .invalid(let reason): "INVALID: \(reason)"
        }
    }
}
