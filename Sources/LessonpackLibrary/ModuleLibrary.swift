import Foundation
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// The learner's installed modules: verified bundles copied into `<data folder>/library/<id>/`, so `play` can take
/// a module's id instead of a path. One process changes the library at a time (`FolderLock`); each install copies
/// the bundle in under a temporary name, verifies the copy, and only then renames it into place, so a killed
/// install leaves a temporary file that the next one clears, never a half-installed module.
package struct ModuleLibrary: Sendable {
    package let folder: String

    package init(dataFolder: String) { folder = dataFolder + "/library" }

    package struct Installed: Sendable, Equatable {
        package var id: String
        package var version: String
        package var title: String
        package var path: String
        package var signature: SignatureStatus
    }

    /// What the learner trusts: a publisher's key (`--key`) and whether an older version may go in.
    package struct Trust: Sendable {
        package var key: VerificationKey?
        package var allowDowngrade: Bool

        package init(key: VerificationKey? = nil, allowDowngrade: Bool = false) {
            self.key = key
            self.allowDowngrade = allowDowngrade
        }
    }

    package struct Outcome: Sendable {
        package var installed: Installed
        /// The copy of the same version this one replaced, when there was one with other content.
        package var replaced: Installed?
        /// Said, not refused: a change of signer, an older version (see the trust rules in docs/bundle-format.md).
        package var warnings: [Diagnostic]
        /// The identical bundle was already installed; nothing changed.
        package var alreadyInstalled: Bool
    }

    /// A bundle being installed, checked by whoever asked for it: `expect` sees the copy before it is verified (is
    /// it the file a catalog lists?), `accept` the verified report (is it the module and signer the catalog says?).
    package struct Checks: Sendable {
        package var expect: @Sendable (_ copy: String) -> [Diagnostic]
        package var accept: @Sendable (BundleVerifier.Report) -> [Diagnostic]

        package init(expect: @escaping @Sendable (String) -> [Diagnostic] = { _ in [] },
                    accept: @escaping @Sendable (BundleVerifier.Report) -> [Diagnostic] = { _ in [] }) {
            self.expect = expect
            self.accept = accept
        }
    }

    package static let incomingPrefix = ".incoming"

    /// Takes the library's lock and clears what killed installs left behind. Hold it while changing the library.
    package func lock() throws(BundleError) -> FolderLock {
        let lock: FolderLock
        do { lock = try FolderLock(folder) } catch { throw BundleError(.libraryBusy, error.description, file: folder) }
        // The copy is staged as `..incoming.tmp-XXXXXX`: a staged file's name is a dot, the target's name (itself
        // `.incoming`), `.tmp-` and a random part. `.incoming.tmp-*` is swept too: the name older code was
        // thought to leave, which the hostile corpus plants.
        lock.removeLeftovers(in: folder) { name in
            (name.hasPrefix("." + Self.incomingPrefix) || name.hasPrefix(Self.incomingPrefix)) && FolderLock.isTemporaryFile(name)
        }
        return lock
    }

    /// Installs one bundle: copied in, the copy verified (against `trust.key` when given), then checked against
    /// what is installed already, and renamed into place. Verifying the copy rather than the original means a file
    /// swapped on a shared folder after it was checked cannot get in.
    package func install(_ bundle: String, trust: Trust = Trust(), checks: Checks = Checks()) throws(BundleError) -> Outcome {
        let held = try lock()
        defer { withExtendedLifetime(held) {} }
        return try installLocked(bundle, trust: trust, checks: checks)
    }

    /// `size`: the size the bundle must have (a catalog says it), checked before anything is copied.
    package func installLocked(_ bundle: String, size: Int? = nil, trust: Trust, checks: Checks) throws(BundleError) -> Outcome {
        let copy = try copyIn(bundle, size: size)
        defer { copy.discard() }
        let unexpected = checks.expect(copy.temporaryPath)
        guard unexpected.isEmpty else { throw BundleError(diagnostics: unexpected) }
        let report = BundleVerifier.verify(copy.temporaryPath, trustedKey: trust.key)
        guard report.isValid, let manifest = report.manifest else {
            throw BundleError(diagnostics: report.diagnostics.map { relocated($0, from: copy.temporaryPath, to: bundle) })
        }
        let refusals = checks.accept(report)
        guard refusals.isEmpty else { throw BundleError(diagnostics: refusals) }
        let opened = try BundleReader.open(copy.temporaryPath)
        // The manifest's id and version were checked to be an id and a version when it was read: no '/' or '..'.
        let destination = "\(folder)/\(manifest.moduleID)/" + BundleFormat.fileName(id: manifest.moduleID, version: manifest.version)
        let present = list().filter { $0.id == manifest.moduleID }
        let incoming = Installed(id: manifest.moduleID, version: manifest.version, title: opened.module.title,
                                 path: destination, signature: report.signature)
        let sameVersion = present.first { $0.version == manifest.version }
        if let sameVersion, FileDigest.sha256(ofFileAt: sameVersion.path, links: .refuse)
            == FileDigest.sha256(ofFileAt: copy.temporaryPath, links: .refuse) {
            return Outcome(installed: sameVersion, replaced: nil, warnings: [], alreadyInstalled: true)
        }
        let warnings = try TrustRules.check(incoming: incoming, present: present, trust: trust, bundle: bundle)
        do {
            // The module's folder is opened from the library's, as the copy was made in it: a folder swapped for a
            // link on the way cannot send the bundle out of the library.
            let moduleFolder = try copy.folder.folder(manifest.moduleID, create: true).folder
            try copy.commit(permissions: 0o644, as: (destination as NSString).lastPathComponent, in: moduleFolder)
        } catch {
            throw BundleError(.installFailed, "cannot install into \(destination): \(SystemErrorText.describe(error))", file: bundle)
        }
        return Outcome(installed: incoming, replaced: sameVersion, warnings: warnings, alreadyInstalled: false)
    }

    /// The bundle copied into the library under a temporary name, read as a regular file (a FIFO named as a
    /// bundle would otherwise hang the copy).
    private func copyIn(_ bundle: String, size: Int?) throws(BundleError) -> AtomicFile.Staged {
        let source: ReadableFile
        switch ReadableFile.open(bundle, links: .follow) {
        case .success(let file): source = file
        case .failure(let failure): throw BundleError(.installFailed, "\(bundle) \(failure)", file: bundle)
        }
        // No bundle is larger than what its entries may add up to; a catalog's says exactly what it must be.
        let limit = size ?? BundleLimits.default.maxTotalBytes + (64 << 20)
        guard source.size <= limit, size.map({ $0 == source.size }) ?? true else {
            throw BundleError(size == nil ? .bundleTooLarge : .catalogBundleMismatch,
                              "\(bundle) is \(source.size) bytes" + (size.map { ", not the \($0) the catalog lists" } ?? ""),
                              file: bundle)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let copy = try AtomicFile.Staged(replacing: "\(folder)/\(Self.incomingPrefix)")
            do {
                var copied = 0
                try source.forEachChunk { chunk in
                    copied += chunk.count
                    // A file that grows while it is copied is not the one that was measured.
                    guard copied <= limit else { throw BundleError(.installFailed, "\(bundle) grew while it was copied") }
                    try copy.write(chunk)
                }
            } catch {
                copy.discard()
                throw error
            }
            return copy
        } catch {
            throw BundleError(.installFailed, "cannot copy \(bundle) into \(folder): \(SystemErrorText.describe(error))", file: bundle)
        }
    }

    /// Every installed bundle that opens, by id then version. A library folder is checked like any bundle on
    /// every listing: a file changed there after it was installed is left out.
    package func list() -> [Installed] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [Installed] = []
        for id in ids.sorted() where Identifier.isValidModuleID(id) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(id)")) ?? []
            for file in files where file.hasSuffix("." + BundleFormat.fileExtension) && !file.hasPrefix(".") {
                let path = "\(folder)/\(id)/\(file)"
                guard let bundle = try? BundleReader.open(path), bundle.module.id == id,
                      file == BundleFormat.fileName(id: bundle.module.id, version: bundle.module.version) else { continue }
                found.append(Installed(id: bundle.module.id, version: bundle.module.version, title: bundle.module.title,
                                       path: path, signature: bundle.signature))
            }
        }
        return found.sorted { $0.id != $1.id ? $0.id < $1.id : Self.version($0) < Self.version($1) }
    }

    /// The newest installed version of module `id`.
    package func newest(_ id: String) -> Installed? { list().last { $0.id == id } }

    package static func version(_ installed: Installed) -> SemanticVersion {
        SemanticVersion(installed.version) ?? SemanticVersion(major: 0, minor: 0, patch: 0)
    }

    /// The verifier speaks of the temporary copy; the learner named the original.
    private func relocated(_ diagnostic: Diagnostic, from copy: String, to original: String) -> Diagnostic {
        var moved = diagnostic
        moved.message = moved.message.replacingOccurrences(of: copy, with: original)
        if moved.location.file == copy || moved.location.file.isEmpty { moved.location = SourceLocation(file: original) }
        return moved
    }
}

extension DiagnosticCode {
    package static let installFailed: DiagnosticCode = "install-failed"
    package static let installSignerChanged: DiagnosticCode = "install-signer-changed"
    package static let installDowngrade: DiagnosticCode = "install-downgrade"
    package static let libraryBusy: DiagnosticCode = "library-busy"
}
