import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackSigning

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check modules and write their bundles.",
        discussion: """
            Runs every check first: errors stop the build and nothing is written. Writes OUTDIR/<id>-<version>.lessonpack \
            atomically. The same sources always give the same bytes; set SOURCE_DATE_EPOCH to date the entries \
            (they are otherwise undated).

            Examples:
              lessonpack build Modules/at-the-cafe -o dist
              lessonpack build Modules/at-the-cafe -o dist --sign publisher.key
            """)

    @Argument(help: "Module folders to build.", completion: .directory)
    var folders: [String]

    @Option(name: .shortAndLong, help: "The folder to write bundles into (default: 'output' in config.plist, else dist).",
            completion: .directory)
    var output: String?

    @Option(name: .customLong("sign"), help: "Sign the manifest with this private key (see 'lessonpack keygen'; default: 'signingKey' in config.plist).",
            completion: .file())
    var signingKey: String?

    @Option(help: "A bundle of the previous release: refuse to build when the content changed but the version did not rise enough.", completion: .file(extensions: ["lessonpack"]))
    var previous: String?

    @Flag(help: "Re-encode media for size with ffmpeg (speech audio to Opus, video to H.264), caching the results.")
    var transcode = false

    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws {
        if folders.isEmpty { throw ValidationError("name at least one module folder") }
        if previous != nil, folders.count > 1 { throw ValidationError("--previous applies to one module at a time") }
    }

    func run() throws {
        let timestamp = try SourceDateEpoch.read()
        let configuration = try UserConfiguration.load()
        let output = self.output ?? configuration.output ?? "dist"
        let key = try (signingKey ?? configuration.signingKey).map { path throws(CodedError) in try SigningKey.load(from: path) }
        let transcoder = transcode ? try Transcoder.make(cacheFolder: Transcoder.defaultCacheFolder()) : nil
        let engine = try diagnostics.engine(configuration: configuration)
        let progress = ProgressLine(enabled: Console.isTerminal(2) && !diagnostics.output.quiet)
        var report = BuildJSON()
        for folder in folders {
            let options = BundleBuilder.Options(outputFolder: output, signingKey: key, timestamp: timestamp,
                                                previous: previous, transcoder: transcoder,
                                                progress: { progress.show($0) })
            let result: BundleBuilder.Result
            do {
                result = try BundleBuilder.build(folder: folder, options: options)
            } catch {
                progress.clear()
                // Not a finding about the module but a failure to build at all: exit 2.
                report.modules.append(.init(folder: folder, built: false, refusal: error.description))
                engine.fail(error)
                continue
            }
            progress.clear()
            let found = engine.emit(result.diagnostics)
            guard let path = result.bundlePath, !found.hasErrors else {
                let refusal = result.refusal ?? counts(found)
                report.modules.append(.init(folder: folder, built: false, refusal: refusal))
                if found.hasErrors {
                    if !engine.isJSON { Console.error("\(folder): not built: " + refusal) }
                } else {
                    engine.fail(CommandFailure(.versionNotRaised, "\(folder): not built: \(refusal)", status: 1))
                }
                continue
            }
            let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
            report.modules.append(.init(folder: folder, built: true, bundle: path, size: size, entries: result.entries.count,
                                        signed: key != nil, transcoded: result.transcoded.map(BuildJSON.Transcoded.init)))
            guard !engine.isJSON else { continue }
            if !result.transcoded.isEmpty { Console.out(transcodeTable(result.transcoded)) }
            Console.out("built \(path) (\(Formatting.size(size)), \(result.entries.count) entries" +
                        (key != nil ? ", signed" : "") + ")")
        }
        try engine.finish(command: "build", body: report)
    }

    private func transcodeTable(_ reports: [TranscodeReport]) -> String {
        var lines = [Formatting.padded("media", 40) + Formatting.padded("before", 12, right: true)
                     + Formatting.padded("after", 12, right: true) + "  "]
        for report in reports {
            let note = report.kept ? "kept (not smaller)" : report.newPath == report.path ? "" : "→ \(report.newPath)"
            lines.append(Formatting.padded(report.path, 40) + Formatting.padded(Formatting.bytes(report.originalSize), 12, right: true)
                         + Formatting.padded(Formatting.bytes(report.kept ? report.originalSize : report.newSize), 12, right: true)
                         + "  " + note + (report.cached ? " (cached)" : ""))
        }
        let before = reports.reduce(0) { $0 + $1.originalSize }
        let after = reports.reduce(0) { $0 + ($1.kept ? $1.originalSize : $1.newSize) }
        lines.append(Formatting.padded("total", 40) + Formatting.padded(Formatting.bytes(before), 12, right: true)
                     + Formatting.padded(Formatting.bytes(after), 12, right: true)
                     + "  " + Formatting.percent(before == 0 ? 1 : Double(after) / Double(before)))
        return lines.joined(separator: "\n")
    }
}

/// `build --format json`'s own keys: `{"modules": [{"folder", "built", "bundle", "size", "entries", "signed",
/// "refusal", "transcoded": [{"path", "newPath", "before", "after", "kept", "cached"}]}]}`.
struct BuildJSON: Encodable {
    struct Module: Encodable {
        var folder: String
        var built: Bool
        var bundle: String?
        var size: Int?
        var entries: Int?
        var signed: Bool?
        var refusal: String?
        var transcoded: [Transcoded]?
    }

    struct Transcoded: Encodable {
        var path: String
        var newPath: String
        var before: Int
        var after: Int
        var kept: Bool
        var cached: Bool

        init(_ report: TranscodeReport) {
            path = report.path
            newPath = report.newPath
            before = report.originalSize
            after = report.kept ? report.originalSize : report.newSize
            kept = report.kept
            cached = report.cached
        }
    }

    var modules: [Module] = []
}
