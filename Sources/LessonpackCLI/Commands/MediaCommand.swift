import Foundation
import ArgumentParser
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackStudio
import LessonpackSystem

struct MediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Manage a module's media manifest.",
        discussion: """
            Examples:
              lessonpack media scan Modules/at-the-cafe
            """,
        subcommands: [MediaScanCommand.self])
}

struct MediaScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Write or refresh media.plist from the files under media/.",
        discussion: """
            Records each file's kind (from its extension), size, SHA-256 and, for audio and video, its duration. \
            Every file is probed with ffprobe, on all cores: one that does not read as the kind its extension \
            names is left out with an error (exit status 1). Links, hidden files and unknown extensions are \
            skipped with a warning saying why. Without ffprobe, files are not looked inside; durations of \
            unchanged files are kept and new ones left out. Audio named for its place (l01.opus or line-1.wav for \
            a transcript line, q1.opus for a question, q1-a.opus or q1b.mp3 for an answer) fills that clip field \
            when it is empty or names a file that is not there; each field filled is reported.

            Examples:
              lessonpack media scan Modules/at-the-cafe
              lessonpack media scan Modules/at-the-cafe --format json
            """)

    @Argument(help: "The module folder.", completion: .directory)
    var folder: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        // Only a module's folder gets a media.plist: run anywhere else, the scan would leave a stray manifest.
        guard case .success(let mode) = ReadableFile.kind(of: SourceFile.module.path, in: folder), mode & S_IFMT == S_IFREG else {
            throw CommandFailure(.notAModuleFolder, "\(folder) is not a module folder: it has no " +
                                 "\(SourceFile.module.path); run 'lessonpack media scan' on the folder that holds " +
                                 "module.plist, or start one with 'lessonpack new'")
        }
        _ = try ModuleLoader.load(folder: folder)
        let engine = output.engine()
        let scan = MediaScanner.scan(folder: folder)
        let location = { (path: String) in SourceLocation(file: ModuleLayout.join(folder, "media/" + path)) }
        let manifest = SourceLocation(file: ModuleLayout.join(folder, SourceFile.media.path))
        var diagnostics: [Diagnostic] = scan.skipped.map { .warning(.mediaSkipped, "skipped: \($0.reason)", at: location($0.path)) }
        diagnostics += scan.refused.map { .error(.mediaRefused, "left out: \($0.reason)", at: location($0.path)) }
        if let reason = scan.probeUnavailable {
            diagnostics.append(.warning(.mediaSkipped, "\(reason): files were not looked inside" +
                                        (scan.withoutDuration.isEmpty ? "" : ", and no duration is recorded for " +
                                         scan.withoutDuration.map { "media/\($0)" }.joined(separator: ", ")), at: manifest))
        } else if !scan.withoutDuration.isEmpty {
            diagnostics.append(.warning(.mediaSkipped, "no duration could be read from " +
                                        scan.withoutDuration.map { "media/\($0)" }.joined(separator: ", "), at: manifest))
        }
        engine.emit(diagnostics)
        do { try MediaScanner.write(scan, folder: folder) } catch { throw CommandFailure(error, otherwise: .outputWriteFailed) }
        let placed = try ClipPlacement.place(scan.files.filter { $0.kind == .audio }.map(\.path), in: folder)
        if !engine.isJSON {
            for (path, change) in scan.changes where change != .unchanged { Console.out("\(change.rawValue) media/\(path)") }
            for placed in placed { Console.out("filled \(placed.entry)'s clip: media/\(placed.path)") }
            let unchanged = scan.changes.filter { $0.change == .unchanged }.count
            engine.summarise("\(manifest.file): \(scan.files.count) files" + (unchanged == scan.files.count ? ", no changes" : ""))
        }
        let changes = Dictionary(scan.changes.map { ($0.path, $0.change.rawValue) }, uniquingKeysWith: { first, _ in first })
        let body = MediaScanJSON(
            manifest: manifest.file,
            files: scan.files.map { .init(path: $0.path, kind: $0.kind.rawValue, size: $0.size, sha256: $0.sha256,
                                          duration: $0.duration, change: changes[$0.path] ?? "unchanged") },
            removed: scan.changes.filter { $0.change == .removed }.map(\.path),
            filled: placed.map { .init(field: $0.field, entry: $0.entry, path: $0.path) })
        try engine.finish(command: "media scan", body: body)
    }
}

extension DiagnosticCode {
    /// A file `media scan` leaves out: a link, an unknown extension (a warning; the message says what to do).
    static let mediaSkipped: DiagnosticCode = "media-skipped"
    /// A file that does not read as the kind its extension names.
    static let mediaRefused: DiagnosticCode = "media-refused"
}

/// `media scan --format json`'s own keys: `{"manifest", "files": [{"path", "kind", "size", "sha256", "duration",
/// "change"}], "removed": [path], "filled": [{"field", "entry", "path"}]}`, change one of `added`, `changed`,
/// `unchanged`; `filled` lists the clip fields the files' names filled (`field` as the studio names it).
struct MediaScanJSON: Encodable {
    struct File: Encodable {
        var path, kind: String
        var size: Int
        var sha256: String
        var duration: Double?
        var change: String
    }
    struct Filled: Encodable {
        var field, entry, path: String
    }
    var manifest: String
    var files: [File]
    var removed: [String]
    var filled: [Filled]
}
