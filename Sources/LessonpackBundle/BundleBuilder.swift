import BundleArchive
import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// `lessonpack build`: checks a module, then writes its bundle, atomically and reproducibly.
package enum BundleBuilder {
    package struct Options: Sendable {
        package var outputFolder: String
        package var signingKey: SigningKey?
        /// Seconds since 1970 for every entry (SOURCE_DATE_EPOCH); nil leaves entries undated.
        package var timestamp: Int64?
        /// A bundle of the previous release: the build is refused if the version does not rise enough.
        package var previous: String?
        package var transcoder: Transcoder?
        package var progress: (@Sendable (BuildProgress) -> Void)?
        /// The media hashes the check made: a medium unchanged since is written without being hashed again.
        package var digests: DigestMemo?

        package init(outputFolder: String = "dist", signingKey: SigningKey? = nil, timestamp: Int64? = nil,
                    previous: String? = nil, transcoder: Transcoder? = nil,
                    progress: (@Sendable (BuildProgress) -> Void)? = nil, digests: DigestMemo? = nil) {
            self.outputFolder = outputFolder
            self.signingKey = signingKey
            self.timestamp = timestamp
            self.previous = previous
            self.transcoder = transcoder
            self.progress = progress
            self.digests = digests
        }
    }

    package struct Result: Sendable {
        /// What check found; when it holds an error, nothing was written.
        package var diagnostics: [Diagnostic]
        /// Set when the build was refused for another reason (the version did not rise enough); nothing was written.
        package var refusal: String? { versionCheck?.refusal }
        package var bundlePath: String?
        package var manifest: BundleManifest?
        package var entries: [PackedEntry] = []
        package var transcoded: [TranscodeReport] = []
        package var versionCheck: VersionCheck?
    }

    package struct PackedEntry: Sendable, Equatable {
        package var path: String
        package var size: Int
        package var compression: ZipCompression
    }

    package static func build(folder: String, options: Options = Options()) throws(BundleError) -> Result {
        options.progress?(.checking(folder))
        // Hash once: the check's media-integrity rule hashes every medium, and the writer takes those hashes for
        // the files still as they were.
        var options = options
        let digests = options.digests ?? DigestMemo()
        options.digests = digests
        let checked: ModuleChecker.Result
        do { checked = try ModuleChecker.check(folder: folder, digests: digests) } catch {
            throw BundleError(.bundleWriteFailed, error.description, file: folder)
        }
        return try build(checked, options: options)
    }

    /// Builds a module already checked (a release checks every module before it builds any).
    package static func build(_ checked: ModuleChecker.Result, options: Options = Options()) throws(BundleError) -> Result {
        var result = Result(diagnostics: checked.diagnostics)
        guard !checked.diagnostics.hasErrors else { return result }

        var module = checked.source.module
        var sources = Dictionary(module.media.map { ($0.path, MediaSource.module(checked.source.folder, $0.path)) },
                                 uniquingKeysWith: { first, _ in first })
        if let transcoder = options.transcoder {
            let outcome = try transcoder.transcode(module, sources: sources, progress: options.progress)
            module = outcome.module
            sources = outcome.sources
            result.transcoded = outcome.reports
        }
        if let previous = options.previous {
            let check = try VersionPolicy.check(previous: previous, next: module)
            result.versionCheck = check
            // A version that does not rise enough is a finding about the module, like a check error: no bundle.
            if check.refusal != nil { return result }
        }

        let plan = try PackingPlan(module: module, mediaSources: sources)
        let manifest = BundleManifest(moduleID: module.id, version: module.version, entries: plan.manifestEntries)
        let manifestBytes: [UInt8]
        do { manifestBytes = try manifest.encoded() } catch {
            throw BundleError(.bundleWriteFailed, "cannot write the manifest: \(SystemErrorText.describe(error))")
        }
        var signatureBytes: [UInt8]?
        if let key = options.signingKey {
            do { signatureBytes = try BundleSignature.signing(manifestBytes, with: key).encoded() } catch {
                throw BundleError(.keyInvalid, "cannot sign the manifest: \(error)")
            }
        }

        let outputPath = ModuleLayout.join(options.outputFolder, BundleFormat.fileName(id: module.id, version: module.version))
        let written = try write(plan, manifest: manifestBytes, signature: signatureBytes, to: outputPath, options: options)
        result.bundlePath = outputPath
        result.manifest = manifest
        result.entries = written.packed(manifestSize: manifestBytes.count, signatureSize: signatureBytes?.count)
        options.progress?(.finished(outputPath))
        return result
    }

    /// Writes into a temporary file beside the destination and renames it into place only once complete, and only
    /// once its container passes the checks every reader makes: a build never writes what `verify` refuses. An
    /// entry that deflate shrinks more than a reader accepts (a silent WAV) is stored instead, and the file written
    /// again. Returns the plan as written: every entry's compression decided, fallbacks included.
    private static func write(_ plan: PackingPlan, manifest: [UInt8], signature: [UInt8]?, to outputPath: String,
                              options: Options) throws(BundleError) -> PackingPlan {
        do {
            try FileManager.default.createDirectory(atPath: options.outputFolder, withIntermediateDirectories: true)
        } catch {
            throw BundleError(.bundleWriteFailed, "cannot create \(options.outputFolder): \(SystemErrorText.describe(error))")
        }
        var plan = plan
        while true {
            let staged: AtomicFile.Staged
            do { staged = try AtomicFile.Staged(replacing: outputPath) } catch {
                throw BundleError(.bundleWriteFailed, error.description)
            }
            defer { staged.discard() }
            try writeEntries(&plan, manifest: manifest, signature: signature, into: staged, options: options)
            let directory: ZipDirectory
            do { directory = try ZipArchive(path: staged.temporaryPath).directory } catch {
                throw BundleError(.bundleWriteFailed, "the bundle written for \(outputPath) does not read back: \(SystemErrorText.describe(error))")
            }
            let tooCompressed = directory.entries.filter { BundleSafety.isTooCompressed($0) }.map(\.name)
            if !tooCompressed.isEmpty, plan.store(Set(tooCompressed)) { continue }
            // Many small entries can expand too much together: store every medium, which only grows the file.
            if BundleSafety.declaredTotal(directory) > BundleSafety.allowedTotal(fileSize: directory.fileSize),
               plan.store(Set(directory.entries.map(\.name).filter { $0.hasPrefix(BundleFormat.mediaFolder) })) { continue }
            let problems = BundleSafety.problems(in: directory)
            guard problems.isEmpty else { throw BundleError(diagnostics: problems.map { moved($0, to: outputPath) }) }
            do { try staged.commit() } catch { throw BundleError(.bundleWriteFailed, error.description) }
            return plan
        }
    }

    /// Writes the entries in order while other cores decide the compression of the media still ahead.
    private static func writeEntries(_ plan: inout PackingPlan, manifest: [UInt8], signature: [UInt8]?,
                                     into staged: AtomicFile.Staged, options: Options) throws(BundleError) {
        do {
            let writer = try ZipWriter(descriptor: staged.descriptor, timestamp: options.timestamp)
            let ordered = plan.orderedItems(manifest: manifest, signature: signature)
            let total = plan.count + (signature == nil ? 1 : 2)
            var index = 0
            var decisions: [String: ZipCompression] = [:]
            try OrderedParallelMap.run(ordered, width: plan.isUndecided ? OrderedParallelMap.defaultWidth : 1,
                                       transform: PackingPlan.decided) { item in
                index += 1
                options.progress?(.packing(item.path, index: index, of: total))
                let compression = item.compression ?? .store
                decisions[item.path] = compression
                switch item.content {
                case .bytes(let bytes):
                    try writer.add(item.path, bytes: bytes, compression: compression)
                case .file(let source, let expected):
                    let file: ReadableFile
                    switch source.open() {
                    case .success(let opened): file = opened
                    case .failure(let failure): throw BundleError(.bundleWriteFailed, "\(source) \(failure)")
                    }
                    // What is recorded is what was written: hashed on the way, unless the check hashed this very
                    // file (same identity before and after the writing, and settled when it was hashed).
                    let hashedByCheck = options.digests?.settledSHA256(of: file) == expected.sha256
                    var hasher = StreamingSHA256()
                    try writer.add(item.path, file: file, size: expected.size, compression: compression) {
                        if !hashedByCheck { hasher.update($0) }
                    }
                    let unchanged = hashedByCheck ? options.digests?.settledSHA256(of: file) == expected.sha256
                        : hasher.finalize() == expected.sha256
                    guard unchanged else {
                        throw BundleError(.bundleWriteFailed, "\(source) changed while the bundle was being built; build again")
                    }
                }
            }
            try writer.finish()
            plan.record(decisions)
        } catch let error as BundleError {
            throw error
        } catch {
            throw BundleError(.bundleWriteFailed, "cannot write \(staged.destination): \(SystemErrorText.describe(error))")
        }
    }

    private static func moved(_ diagnostic: Diagnostic, to file: String) -> Diagnostic {
        var moved = diagnostic
        moved.location = SourceLocation(file: file)
        return moved
    }
}

/// What a build reports as it goes, for a progress line.
package enum BuildProgress: Sendable, Equatable {
    case checking(String)
    case transcoding(String, index: Int, of: Int)
    case packing(String, index: Int, of: Int)
    case finished(String)
}
