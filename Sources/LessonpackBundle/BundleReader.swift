import BundleArchive
import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// A bundle opened for use: its manifest and module read and checked, its media left in the file until needed.
/// The file stays open: media extracted later comes from the very file that was checked.
package struct OpenedBundle: Sendable {
    package let path: String
    package let manifest: BundleManifest
    package let manifestBytes: [UInt8]
    package let module: Module
    package let signature: SignatureStatus
    package let archive: ZipArchive

    package var directory: ZipDirectory { archive.directory }
}

package enum BundleReader {
    /// Opens a bundle, refusing it (with every reason found) when it is hostile, corrupt, tampered with or newer
    /// than this build understands. Reads the directory, the manifest, the signature and module.json only.
    /// `checked`: module.json files this build already checked, whose check is not run again.
    package static func open(_ path: String, limits: BundleLimits = .default,
                             checked: CheckedModuleMemory? = nil) throws(BundleError) -> OpenedBundle {
        let scan = BundleScan(path: path, readMedia: false, limits: limits, checked: checked)
        guard scan.diagnostics.isEmpty, let manifest = scan.manifest, let manifestBytes = scan.manifestBytes,
              let module = scan.module, let archive = scan.archive else {
            throw scan.diagnostics.isEmpty ? BundleError(.zipNotAZip, "\(path) is not a bundle", file: path)
                                           : BundleError(diagnostics: scan.diagnostics)
        }
        return OpenedBundle(path: path, manifest: manifest, manifestBytes: manifestBytes, module: module,
                            signature: scan.signature, archive: archive)
    }

    /// Copies one entry out of the bundle to `destination`, checking its size and SHA-256 against the manifest on
    /// the way; the file appears only once it is complete and correct.
    package static func extract(_ entryPath: String, from bundle: OpenedBundle, to destination: String)
        throws(BundleError) {
        guard let expected = bundle.manifest.entry(entryPath), let entry = bundle.archive.entry(entryPath) else {
            throw BundleError(.entryMissing, "the bundle has no entry '\(entryPath)'", file: bundle.path)
        }
        let folder = (destination as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw BundleError(.bundleWriteFailed, "cannot create \(folder): \(SystemErrorText.describe(error))", file: bundle.path)
        }
        let output: AtomicFile.Staged
        do { output = try AtomicFile.Staged(replacing: destination) } catch {
            throw BundleError(.bundleWriteFailed, error.description, file: bundle.path)
        }
        try extract(entryPath, expected: expected, entry: entry, from: bundle, to: output)
    }

    /// Copies one entry out of the bundle to the file `name` in `folder`, a folder held open (see `extract(_:from:to:)`).
    package static func extract(_ entryPath: String, from bundle: OpenedBundle, named name: String, in folder: OpenFolder)
        throws(BundleError) {
        guard let expected = bundle.manifest.entry(entryPath), let entry = bundle.archive.entry(entryPath) else {
            throw BundleError(.entryMissing, "the bundle has no entry '\(entryPath)'", file: bundle.path)
        }
        let output: AtomicFile.Staged
        do { output = try AtomicFile.Staged(named: name, in: folder) } catch {
            throw BundleError(.bundleWriteFailed, error.description, file: bundle.path)
        }
        try extract(entryPath, expected: expected, entry: entry, from: bundle, to: output)
    }

    private static func extract(_ entryPath: String, expected: BundleManifest.Entry, entry: ZipDirectory.Entry, from bundle: OpenedBundle,
                                to output: AtomicFile.Staged) throws(BundleError) {
        defer { output.discard() }
        var hasher = StreamingSHA256()
        do {
            try bundle.archive.read(entry, limit: expected.size) { chunk in
                hasher.update(chunk)
                try output.write(chunk)
            }
        } catch let error as ArchiveError {
            throw BundleError(error.code, "entry '\(entryPath)' is corrupt: \(error.description)",
                              file: bundle.path)
        } catch {
            throw BundleError(.bundleWriteFailed, "cannot extract '\(entryPath)': \(SystemErrorText.describe(error))", file: bundle.path)
        }
        guard hasher.finalize() == expected.sha256 else {
            throw BundleError(.entryChanged, "entry '\(entryPath)' does not match the manifest: the bundle was changed",
                              file: bundle.path)
        }
        do { try output.commit() } catch {
            throw BundleError(.bundleWriteFailed, error.description, file: bundle.path)
        }
    }
}

/// `lessonpack verify`: everything `open` checks, plus every media entry's size and hash, and the signature
/// against a trusted key when one is given.
package enum BundleVerifier {
    package struct Report: Sendable {
        package var diagnostics: [Diagnostic]
        package var signature: SignatureStatus
        package var manifest: BundleManifest?
        /// Entries in the ZIP directory.
        package var entryCount: Int
        package var isValid: Bool { diagnostics.isEmpty }
        package var problems: [String] { diagnostics.map(\.message) }
    }

    package static func verify(_ path: String, trustedKey: VerificationKey? = nil,
                              limits: BundleLimits = .default) -> Report {
        let scan = BundleScan(path: path, readMedia: true, trustedKey: trustedKey, limits: limits)
        return Report(diagnostics: scan.diagnostics, signature: scan.signature, manifest: scan.manifest,
                      entryCount: scan.archive?.directory.entries.count ?? 0)
    }
}
