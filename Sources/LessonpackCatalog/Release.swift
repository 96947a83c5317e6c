import Foundation
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// `lessonpack release`: every module under a folder, checked and built on every core into one output folder
/// with a catalog. A module whose sources, tool version and signing key are what they were at the last release
/// is not checked or built again. If any module has an error, nothing is written at all.
package enum Release {
    package struct Options: Sendable {
        package var output: String
        package var signingKey: SigningKey?
        package var jobs: Int
        /// SOURCE_DATE_EPOCH: dates the bundles' entries and the catalog, for releases that can be reproduced.
        package var timestamp: Int64?
        /// Warnings stop the release too (--werror).
        package var warningsAsErrors: Bool
        package var progress: (@Sendable (Progress) -> Void)?
        /// Re-encode media for size, as `build --transcode` does.
        package var transcoder: Transcoder?

        package init(output: String, signingKey: SigningKey? = nil, jobs: Int = OrderedParallelMap.defaultWidth,
                    timestamp: Int64? = nil, warningsAsErrors: Bool = false, transcoder: Transcoder? = nil,
                    progress: (@Sendable (Progress) -> Void)? = nil) {
            self.transcoder = transcoder
            self.output = output
            self.signingKey = signingKey
            self.jobs = jobs
            self.timestamp = timestamp
            self.warningsAsErrors = warningsAsErrors
            self.progress = progress
        }
    }

    /// How far a release has come: each step counts its modules, so a long release never goes quiet.
    package enum Progress: Sendable {
        case checked(String, done: Int, of: Int)
        /// A module's bundle is built (into staging; it moves in once all are).
        case packed(String, done: Int, of: Int)
        case built(String, done: Int, of: Int)
    }

    package struct Outcome: Sendable {
        /// Every problem in every module checked; with an error among them nothing was written.
        package var diagnostics: [Diagnostic] = []
        /// Module folders built this time, and those whose last bundle still stands.
        package var built: [String] = []
        package var unchanged: [String] = []
        /// Bundle files of the previous release that this one replaced, deleted.
        package var removed: [String] = []
        package var catalog: Catalog?
        /// False when nothing changed since the last release: the catalog was left as it was.
        package var catalogWritten = false
        /// Files whose SHA-256 had to be computed (the rest were known from the last release).
        package var filesHashed = 0

        package var hasErrors: Bool { diagnostics.hasErrors }
    }

    package static func run(_ root: String, options: Options) throws(CatalogError) -> Outcome {
        let folders = ModuleDiscovery.modules(under: root)
        guard !folders.isEmpty else {
            throw CatalogError(.releaseFailed, "no modules under \(root): a module is a folder with a module.plist", file: root)
        }
        var outcome = Outcome()
        // One release at a time into a folder; the lock also means that whatever a killed release left there
        // (a staging folder, a half-written catalog) belongs to nobody and can go.
        let createdOutput = !FileManager.default.fileExists(atPath: options.output)
        let lock: FolderLock
        do { lock = try FolderLock(options.output, name: ".release.lock") } catch {
            throw CatalogError(.releaseFailed, error.description, file: options.output)
        }
        defer {
            if createdOutput && !outcome.catalogWritten { try? FileManager.default.removeItem(atPath: options.output) }
            withExtendedLifetime(lock) {}
        }
        lock.removeLeftovers(in: options.output) { $0.hasPrefix(stagingPrefix) || FolderLock.isTemporaryFile($0) }
        try restoreSupersededCatalog(in: options.output)
        // A catalog that is there but cannot be read is not "no previous release": going on would number this
        // release 1 and release changed content under versions already released.
        var status = stat()
        let previous: Catalog? = lstat(ModuleLayout.join(options.output, Catalog.jsonFileName), &status) == 0
            ? try Catalog.read(folder: options.output, links: .refuse) : nil
        var cache = ReleaseCache.load(from: options.output)
        // The cache names modules by their place under the catalog folder, and files by absolute path, so that
        // running from another directory, or with the folder named another way, finds them.
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        func key(_ folder: String) -> String {
            let path = URL(fileURLWithPath: folder).standardizedFileURL.path
            return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
        }
        let keyID = options.signingKey?.verificationKey.keyID

        // 1. What each module is made of now, and whether its last bundle still stands.
        let known = cache.files
        var hashes: [String: String] = [:]
        OrderedParallelMap.run(folders, width: options.jobs, transform: { folder in
            var fresh = FileHashCache()
            let hash = SourceHash.of(module: folder, signingKeyID: keyID, strict: options.warningsAsErrors,
                                     transcode: options.transcoder?.preset,
                                     known: known, fresh: &fresh)
            return (folder, hash, fresh)
        }, consume: { folder, hash, fresh in
            cache.files.merge(fresh)
            hashes[folder] = hash
        })
        var standing: [String: Catalog.Module] = [:]
        var toBuild: [String] = []
        for folder in folders {
            if let hash = hashes[folder], let built = cache.modules[key(folder)], built.sourceHash == hash,
               let entry = previous?.modules.first(where: { $0.file == built.file }), entry.sha256 == built.sha256,
               cache.files.sha256(of: ModuleLayout.join(options.output, built.file)) == built.sha256 {
                standing[folder] = entry
                outcome.unchanged.append(folder)
            } else {
                toBuild.append(folder)
            }
        }

        // 2. Check what changed; any error anywhere stops the release before it writes a byte. The media hashes
        // the check makes are the ones the builds record (hash once).
        let digests = DigestMemo()
        var checked: [String: ModuleChecker.Result] = [:]
        var checkedCount = 0
        OrderedParallelMap.run(toBuild, width: options.jobs, transform: { folder in
            (folder, Result { () throws(ModuleLoader.Failure) in try ModuleChecker.check(folder: folder, digests: digests) })
        }, consume: { folder, result in
            checkedCount += 1
            options.progress?(.checked(folder, done: checkedCount, of: toBuild.count))
            switch result {
            case .success(let result):
                checked[folder] = result
                outcome.diagnostics += options.warningsAsErrors ? result.diagnostics.promotingWarningsToErrors()
                                                                : result.diagnostics
            case .failure(let failure):
                outcome.diagnostics.append(.error(.releaseModule, failure.description, at: SourceLocation(file: folder)))
            }
        })
        outcome.diagnostics += crossModuleProblems(checked: checked, standing: standing, previous: previous,
                                                   output: options.output)
        outcome.filesHashed = cache.files.hashed
        guard !outcome.hasErrors else { return outcome }

        // 3. Build what changed, into a staging folder: the bundles move into place only when every build has
        // succeeded, so a failure leaves the last release as it was.
        let staging = ModuleLayout.join(options.output, stagingPrefix + UUID().uuidString)
        do { try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true) } catch {
            throw CatalogError(.releaseFailed, "cannot write into \(options.output): \(SystemErrorText.describe(error))",
                               file: options.output)
        }
        defer { try? FileManager.default.removeItem(atPath: staging) }
        // Builds already run side by side, `jobs` at a time: their encodes share the cores rather than multiply.
        var transcoder = options.transcoder
        transcoder?.width = max(1, OrderedParallelMap.defaultWidth / max(1, min(options.jobs, toBuild.count)))
        let bundleOptions = BundleBuilder.Options(outputFolder: staging, signingKey: options.signingKey,
                                                  timestamp: options.timestamp, transcoder: transcoder, digests: digests)
        var failures: [Diagnostic] = []
        var staged: [(folder: String, path: String, module: LessonpackModel.Module)] = []
        let jobs = toBuild.compactMap { folder in checked[folder].map { (folder, $0) } }
        var packedCount = 0
        OrderedParallelMap.run(jobs, width: options.jobs, transform: { folder, module in
            (folder, Result { () throws(BundleError) in try BundleBuilder.build(module, options: bundleOptions) })
        }, consume: { folder, result in
            packedCount += 1
            options.progress?(.packed(folder, done: packedCount, of: jobs.count))
            switch result {
            case .success(let built):
                guard let path = built.bundlePath, let module = checked[folder]?.source.module else {
                    failures.append(.error(.releaseModule, built.refusal ?? "the bundle was not built",
                                           at: SourceLocation(file: folder)))
                    return
                }
                staged.append((folder, path, module))
            case .failure(let error):
                failures.append(.error(.releaseModule, error.description, at: SourceLocation(file: folder)))
            }
        })
        guard failures.isEmpty else {
            outcome.diagnostics += failures
            return outcome
        }
        // Moving in must not stop halfway: anything in the way of a bundle or of the catalog (a folder, a link, a
        // device) is found before the first file moves.
        for (folder, path, _) in staged {
            let destination = ModuleLayout.join(options.output, (path as NSString).lastPathComponent)
            if let problem = obstacle(at: destination) {
                outcome.diagnostics.append(.error(.releaseModule, problem, at: SourceLocation(file: folder)))
            }
        }
        for name in [Catalog.jsonFileName, SignedCatalog.fileName, Catalog.fileName, Changelog.fileName, ReleaseCache.fileName] {
            let path = ModuleLayout.join(options.output, name)
            if let problem = obstacle(at: path) {
                outcome.diagnostics.append(.error(.releaseFailed, problem, at: SourceLocation(file: path)))
            }
        }
        guard !outcome.hasErrors else { return outcome }
        // A bundle rebuilt under the same name (a new key, a new lessonpack) is about to replace one the current
        // catalog lists. Until the new catalog is in place there must be no catalog rather than one that lies:
        // the current one is set aside, and put back by the next release if this one is killed.
        let listed = Dictionary((previous?.modules ?? []).map { ($0.file, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let replacesListed = staged.contains { _, path, _ in
            listed[(path as NSString).lastPathComponent].map { $0 != FileDigest.sha256(ofFileAt: path, links: .refuse) } ?? false
        }
        if replacesListed {
            // The signed catalog lists the same bundles; it is written again once the new catalog is in place.
            unlink(ModuleLayout.join(options.output, SignedCatalog.fileName))
            guard rename(ModuleLayout.join(options.output, Catalog.jsonFileName),
                         ModuleLayout.join(options.output, supersededCatalog)) == 0 else {
                throw CatalogError(.releaseFailed, "cannot set the old catalog aside in \(options.output): " +
                                   String(cString: strerror(errno)), file: options.output)
            }
        }
        var entries = standing
        for (folder, path, module) in staged {
            let file = (path as NSString).lastPathComponent
            let destination = ModuleLayout.join(options.output, file)
            guard let sha256 = FileDigest.sha256(ofFileAt: path), rename(path, destination) == 0 else {
                throw CatalogError(.releaseFailed, "cannot move \(file) into \(options.output): " +
                                   String(cString: strerror(errno)), file: options.output)
            }
            cache.files.remember(destination, sha256: sha256)
            let size = ((try? FileManager.default.attributesOfItem(atPath: destination))?[.size] as? Int) ?? 0
            entries[folder] = Catalog.Module(id: module.id, title: module.title, version: module.version,
                                             level: module.level, file: file, size: size, sha256: sha256, signedBy: keyID)
            cache.modules[key(folder)] = ReleaseCache.Built(sourceHash: hashes[folder] ?? "", file: file, sha256: sha256)
            outcome.built.append(folder)
            options.progress?(.built(destination, done: outcome.built.count, of: staged.count))
        }

        // 4. The catalog, its changes, and what it no longer needs.
        let modules = entries.values.sorted { $0.id < $1.id }
        let changes = Changelog.changes(from: previous, to: modules, output: options.output, checked: checked.values.map(\.source.module))
        if let previous, changes.isEmpty, previous.modules == modules {
            outcome.catalog = previous
        } else {
            let catalog = Catalog(release: (previous?.release ?? 0) + 1,
                                  released: options.timestamp ?? Int64(Date().timeIntervalSince1970),
                                  modules: modules, changes: changes)
            try write(catalog, to: options.output)
            outcome.catalog = catalog
            outcome.catalogWritten = true
            let current = Set(modules.map(\.file))
            for old in previous?.modules ?? [] where !current.contains(old.file) {
                if unlink(ModuleLayout.join(options.output, old.file)) == 0 { outcome.removed.append(old.file) }
            }
        }
        unlink(ModuleLayout.join(options.output, supersededCatalog))
        try writeSignedCatalog(in: options.output, key: options.signingKey)
        let keys = Set(folders.map(key))
        cache.modules = cache.modules.filter { keys.contains($0.key) }
        cache.files.keepOnly(Set(folders.flatMap { folder in ModuleDiscovery.files(of: folder).map { ModuleLayout.join(folder, $0) } }
                                 + modules.map { ModuleLayout.join(options.output, $0.file) }))
        do { try cache.save(to: options.output) } catch {
            throw CatalogError(.releaseFailed, error.description, file: options.output)
        }
        return outcome
    }

    /// Problems no single module has: two modules with one id, and content that changed under an unchanged
    /// version (learners' libraries would not see the update).
    private static func crossModuleProblems(checked: [String: ModuleChecker.Result], standing: [String: Catalog.Module],
                                            previous: Catalog?, output: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var owners: [String: String] = standing.mapValues(\.id).reduce(into: [:]) { $0[$1.value] = $1.key }
        for (folder, result) in checked.sorted(by: { $0.key < $1.key }) where !result.diagnostics.hasErrors {
            let module = result.source.module
            let location = SourceLocation(file: ModuleLayout.join(folder, SourceFile.module.path))
            if let other = owners[module.id], other != folder {
                problems.append(.error(.releaseModule, "module id '\(module.id)' is also the id of \(other)", at: location))
            }
            owners[module.id] = folder
            guard let released = previous?.module(module.id),
                  let old = try? BundleReader.open(ModuleLayout.join(output, released.file)).module else { continue }
            if let refusal = VersionPolicy.check(old: old, new: module).refusal {
                problems.append(.error(.releaseModule, refusal + " (released as \(released.file))", at: location))
            }
        }
        return problems
    }

    static let stagingPrefix = ".staging-"
    /// The previous catalog, set aside while bundles it lists are replaced.
    static let supersededCatalog = ".catalog.json.superseded"

    /// A release killed while the previous catalog was set aside: that catalog is the last one released, and the
    /// bundles it lists that were replaced meanwhile are found changed and built again.
    private static func restoreSupersededCatalog(in output: String) throws(CatalogError) {
        let aside = ModuleLayout.join(output, supersededCatalog)
        var status = stat()
        guard lstat(aside, &status) == 0 else { return }
        let current = ModuleLayout.join(output, Catalog.jsonFileName)
        if lstat(current, &status) == 0 {
            unlink(aside)
        } else if rename(aside, current) != 0 {
            throw CatalogError(.releaseFailed, "cannot restore the catalog set aside in \(output): " +
                               String(cString: strerror(errno)), file: output)
        }
    }

    /// Why a release cannot put a file at `path`: something other than a regular file is there. A release never
    /// writes through a link: `OUT/catalog.json -> /dev/…` must not turn a device into a file.
    private static func obstacle(at path: String) -> String? {
        do { _ = try AtomicFile.destination(for: path, links: .refuse) } catch { return error.description }
        return nil
    }

    /// catalog.signed.json, for learners who fetch the release over the web: written when the catalog is new or
    /// the envelope is missing or stale, and left alone when it already says the same (so its ETag stays put and
    /// an unchanged release costs learners one 304). A release without a key removes it: its bundles are unsigned,
    /// and a stale signed catalog would keep offering the release before.
    private static func writeSignedCatalog(in output: String, key: SigningKey?) throws(CatalogError) {
        let path = ModuleLayout.join(output, SignedCatalog.fileName)
        guard let key else {
            unlink(path)
            return
        }
        guard case .success(let catalogJSON) = BoundedFile.read(ModuleLayout.join(output, Catalog.jsonFileName),
                                                                limit: Catalog.maxBytes, links: .refuse) else {
            throw CatalogError(.releaseFailed, "cannot read back the catalog in \(output) to sign it", file: output)
        }
        let envelope = try SignedCatalog.envelope(for: catalogJSON, signedWith: key)
        if case .success(let present) = BoundedFile.read(path, limit: 2 * Catalog.maxBytes, links: .refuse),
           present == envelope { return }
        do { try AtomicFile.write(envelope, to: path) } catch {
            throw CatalogError(.releaseFailed, "cannot write \(path): \(SystemErrorText.describe(error))", file: path)
        }
    }

    /// catalog.json is the release: learners' tools read it and nothing else, so it is renamed into place last,
    /// once every bundle it lists and every other file of the release is there. A release killed before then
    /// leaves the previous catalog, whose bundles are still in place, and the next release finishes the job.
    private static func write(_ catalog: Catalog, to output: String) throws(CatalogError) {
        do {
            try AtomicFile.write(try catalog.plist(), to: ModuleLayout.join(output, Catalog.fileName))
            let changelog = ModuleLayout.join(output, Changelog.fileName)
            let earlier: String = switch BoundedFile.read(changelog, limit: 64 << 20, links: .refuse) {
            case .success(let bytes): String(decoding: bytes, as: UTF8.self)
            case .failure: ""
            }
            try AtomicFile.write(Changelog.markdown(catalog) + earlier, to: changelog)
            try AtomicFile.write(try catalog.json(), to: ModuleLayout.join(output, Catalog.jsonFileName))
        } catch {
            throw CatalogError(.releaseFailed, "cannot write the catalog in \(output): \(SystemErrorText.describe(error))", file: output)
        }
    }
}

extension DiagnosticCode {
    /// A module a release cannot take: unreadable, a duplicate id, a version that did not rise with the content.
    package static let releaseModule: DiagnosticCode = "release-module"
}
