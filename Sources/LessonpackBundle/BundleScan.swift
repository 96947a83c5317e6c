import BundleArchive
import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// One pass over a bundle that gathers every problem it can: the ZIP structure, the entries, the manifest, the
/// signature, the module, and (when asked) every media entry's size and hash. Opening a bundle and verifying it
/// both run it; only verification reads the media, so opening does not slow down as media grows.
///
/// There is one reading of the file, ours: the central directory, checked against every other record of the
/// container, is the only list of entries, and each entry is read from the offsets it gives. Every entry the
/// manifest lists is looked up by its exact name there and hashed exactly once, and no other entry may exist.
struct BundleScan {
    var archive: ZipArchive?
    var manifestBytes: [UInt8]?
    var manifest: BundleManifest?
    var module: Module?
    var signature: SignatureStatus = .unsigned
    var diagnostics: [Diagnostic] = []
    let path: String
    private let checked: CheckedModuleMemory?

    /// The small entries every reading decompresses, whole.
    static let textEntries = [BundleFormat.mimetypeEntry, BundleFormat.manifestEntry, BundleFormat.signatureEntry,
                              BundleFormat.moduleEntry]

    init(path: String, readMedia: Bool, trustedKey: VerificationKey? = nil, limits: BundleLimits = .default,
         checked: CheckedModuleMemory? = nil) {
        self.path = path
        self.checked = checked
        let archive: ZipArchive
        do {
            archive = try ZipArchive(path: path, limits: .init(maxEntries: limits.maxEntries))
        } catch {
            report(error.code, "\(path) is not a readable bundle: \(error.description)")
            return
        }
        self.archive = archive
        diagnostics += BundleSafety.problems(in: archive.directory, limits: limits).map(located)
        // Nothing is decompressed from a bundle whose directory already looks hostile.
        guard diagnostics.isEmpty else { return }
        let first = archive.directory.entries.min { $0.localHeaderOffset < $1.localHeaderOffset }
        if first?.rawName != Array(BundleFormat.mimetypeEntry.utf8) {
            report(.bundleMimetype, "the first entry is not 'mimetype'")
        }
        var texts: [String: [UInt8]] = [:]
        for name in Self.textEntries {
            guard let entry = archive.entry(name) else { continue }
            do { texts[name] = try archive.readAll(entry, limit: limits.maxTextEntryBytes) } catch {
                reportReading(error, entry: name)
            }
        }
        if let mimetype = texts[BundleFormat.mimetypeEntry], mimetype != Array(BundleFormat.mediaType.utf8) {
            report(.bundleMimetype, "'mimetype' does not say \(BundleFormat.mediaType)")
        }
        guard let manifestBytes = texts[BundleFormat.manifestEntry] else {
            if archive.entry(BundleFormat.manifestEntry) == nil { report(.manifestMissing, "the bundle has no manifest.plist") }
            return
        }
        self.manifestBytes = manifestBytes
        let manifest: BundleManifest
        do { manifest = try BundleManifest.decode(manifestBytes) } catch {
            diagnostics += error.located(at: path).diagnostics
            return
        }
        self.manifest = manifest
        checkSignature(texts[BundleFormat.signatureEntry], manifest: manifestBytes, trustedKey: trustedKey)
        checkEntries(archive: archive, manifest: manifest, texts: texts, readMedia: readMedia)
        checkModule(texts[BundleFormat.moduleEntry], manifest: manifest)
    }

    /// Every listed entry is in the directory under exactly its name, with the size and SHA-256 the manifest gives;
    /// every entry in the directory is listed (but the manifest and signature themselves).
    private mutating func checkEntries(archive: ZipArchive, manifest: BundleManifest, texts: [String: [UInt8]],
                                       readMedia: Bool) {
        let stored = Dictionary(archive.directory.entries.map { ($0.rawName, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = Set(manifest.entries.map { Array($0.path.utf8) })
        for expected in manifest.entries {
            guard let entry = stored[Array(expected.path.utf8)] else {
                report(.entryMissing, "entry '\(expected.path)' is listed in the manifest but missing from the bundle")
                continue
            }
            // The directory's declared size is checked even when the data is not read: a swapped file of another
            // size is caught on opening, not only on verifying.
            guard entry.uncompressedSize == UInt64(expected.size) else {
                report(.entryChanged, "entry '\(expected.path)' is \(entry.uncompressedSize) bytes; the manifest says \(expected.size)")
                continue
            }
            let digest: String
            if let bytes = texts[expected.path] {
                digest = FileDigest.sha256(of: bytes)
            } else if Self.textEntries.contains(expected.path) || !readMedia {
                // A text entry that could not be read has been reported; media waits for verification.
                continue
            } else {
                var hasher = StreamingSHA256()
                do { try archive.read(entry, limit: expected.size) { hasher.update($0) } } catch {
                    reportReading(error, entry: expected.path)
                    continue
                }
                digest = hasher.finalize()
            }
            if digest != expected.sha256 {
                report(.entryChanged, "entry '\(expected.path)' does not match its SHA-256 in the manifest: it was changed")
            }
        }
        let own: Set = [Array(BundleFormat.manifestEntry.utf8), Array(BundleFormat.signatureEntry.utf8)]
        for entry in archive.directory.entries where !listed.contains(entry.rawName) && !own.contains(entry.rawName) {
            guard BundleSafety.isFolder(entry) else {
                report(.entryNotInManifest, "entry '\(entry.name)' is in the bundle but not in the manifest")
                continue
            }
            // A folder entry holds nothing: read it to be sure, so no bytes of the file go unread.
            do { try archive.read(entry, limit: 0) { _ in } } catch { reportReading(error, entry: entry.name) }
        }
    }

    /// module.json, once its hash matches the manifest: decoded, the same module the manifest names, held as it is
    /// to every rule a source folder is (but those about files under media/, which the manifest stands for), and
    /// listing the media the manifest holds. Warnings do not refuse a bundle: only what would stop a build does.
    private mutating func checkModule(_ bytes: [UInt8]?, manifest: BundleManifest) {
        guard let bytes else {
            if archive?.entry(BundleFormat.moduleEntry) == nil {
                report(.moduleJSONMissing, "the bundle has no module.json")
            }
            return
        }
        guard let digest = manifest.entry(BundleFormat.moduleEntry)?.sha256, FileDigest.sha256(of: bytes) == digest
        else { return }
        let module: Module
        do { module = try CompiledModule.decode(bytes) } catch {
            diagnostics += error.located(at: path).diagnostics
            return
        }
        if module.id != manifest.moduleID || module.version != manifest.version {
            report(.moduleIdentityMismatch, "module.json is \(module.id) \(module.version) but the manifest says " +
                   "\(manifest.moduleID) \(manifest.version)")
        }
        // The module's own check, unless this build passed these very bytes before.
        let passedBefore = checked?.passed(moduleSHA256: digest) == true
        for error in passedBefore ? [] : ModuleChecker.check(compiled: module) where error.severity == .error {
            // module.json has no lines to point at: the part of the module each problem is about names the place.
            var found = Diagnostic.error(error.code, ModuleChecker.compiledName + (error.path.map { ", \($0)" } ?? "") +
                                         ": " + error.message, at: SourceLocation(file: path))
            found.path = error.path
            diagnostics.append(found)
        }
        // Both ways: media the module does not list would be entries nobody needs, read and hashed for nothing.
        let listedMedia = Set(module.media.map { Array((BundleFormat.mediaFolder + $0.path).utf8) })
        for entry in manifest.entries where entry.path.hasPrefix(BundleFormat.mediaFolder)
            && !listedMedia.contains(Array(entry.path.utf8)) {
            report(.moduleMediaMismatch, "the manifest lists '\(entry.path)', which module.json does not")
        }
        for file in module.media {
            guard let entry = manifest.entry(BundleFormat.mediaFolder + file.path) else {
                report(.moduleMediaMismatch, "module.json lists media '\(file.path)', which the bundle does not hold")
                continue
            }
            if entry.sha256 != file.sha256 || entry.size != file.size {
                report(.moduleMediaMismatch, "module.json and the manifest disagree about media '\(file.path)'")
            }
        }
        if diagnostics.isEmpty {
            self.module = module
            if !passedBefore { checked?.rememberPassed(moduleSHA256: digest) }
        }
    }

    private mutating func checkSignature(_ bytes: [UInt8]?, manifest: [UInt8], trustedKey: VerificationKey?) {
        guard let bytes else {
            signature = .unsigned
            if trustedKey != nil { report(.signatureMissing, "the bundle is not signed, but a key was given to check it with") }
            return
        }
        do {
            let key = try BundleSignature.decode(bytes).verify(manifest)
            signature = .valid(keyID: key.keyID)
            if let trustedKey, trustedKey != key {
                report(.signatureWrongKey, "the bundle is signed by key \(key.keyID), not by the given key \(trustedKey.keyID)")
            }
        } catch {
            signature = .invalid(error.description)
            diagnostics += error.located(at: path).diagnostics
        }
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String) {
        diagnostics.append(.error(code, message, at: SourceLocation(file: path)))
    }

    private mutating func reportReading(_ error: any Error, entry: String) {
        if let error = error as? ArchiveError {
            report(error.code, "entry '\(entry)' is corrupt: \(error.description)")
        } else {
            report(.zipCorruptEntry, "entry '\(entry)' is corrupt: \(error)")
        }
    }

    private func located(_ diagnostic: Diagnostic) -> Diagnostic {
        var moved = diagnostic
        if moved.location.file.isEmpty { moved.location = SourceLocation(file: path) }
        return moved
    }
}

/// What a bundle's signature says.
package enum SignatureStatus: Sendable, Equatable, CustomStringConvertible {
    case unsigned
    case valid(keyID: String)
    case invalid(String)

    /// The key that signed the bundle, when the signature is valid.
    package var keyID: String? { if case .valid(let keyID) = self { keyID } else { nil } }

    package var description: String {
        switch self {
        case .unsigned: "unsigned"
        case .valid(let keyID): "signed by key \(keyID)"
        case .invalid(let reason): "INVALID: \(reason)"
        }
    }
}
