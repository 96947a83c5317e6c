import ArgumentParser
import LessonpackAuthoring
import LessonpackDiagnostics

struct AlignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "align",
        abstract: "Time the transcript's lines from the video and cut each line's clip.",
        discussion: """
            Finds when each line of transcript.plist is spoken in the video's soundtrack (forced alignment with \
            espeak-ng's voice, offline), writes each line's start, end and audio into transcript.plist (comments \
            kept), cuts its clip to media/lines/<id>.opus with ffmpeg and refreshes media.plist. A line whose \
            timing looks doubtful gets an 'uncertain-timing' warning: check it in the studio. docs/authoring.md \
            explains.

            The video is module.plist's 'video' unless --video names another file.

            Exit status: 0 aligned (warnings allowed), 1 problems in the module or the video (nothing written), \
            2 usage or I/O failure.

            Examples:
              lessonpack align Modules/at-the-cafe
              lessonpack align Modules/at-the-cafe --video cafe.mp4 --dry-run
            """)

    @Argument(help: "The module folder.", completion: .directory)
    var folder: String

    @Option(help: "The video (or audio) to align with. Default: module.plist's 'video', under media/.", completion: .file())
    var video: String?

    @Option(help: "The espeak-ng voice or language the lines are spoken in (en, en-gb, fr, de, …).")
    var voice: String = "en"

    @Flag(help: "Report the times that would be written without writing anything.")
    var dryRun = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let result = ModuleAlignment.plan(folder: folder, video: video, voice: voice)
        let engine = output.engine()
        let all = engine.emit(result.diagnostics)
        var body = AlignJSON(module: folder, video: result.soundtrack, dryRun: dryRun, lines: result.lines,
                             report: result.report, files: result.paths, written: false)
        guard !all.hasErrors else {
            engine.summarise("nothing was written: \(counts(all))")
            return try engine.finish(command: "align", body: body)
        }
        if !engine.isJSON { for line in result.report { Console.out(line) } }
        if dryRun {
            engine.summarise("dry run: would write " + result.paths.joined(separator: ", "))
            return try engine.finish(command: "align", body: body)
        }
        try result.apply()
        body.written = true
        engine.summarise("wrote \(result.clips.count) clip\(result.clips.count == 1 ? "" : "s")" +
                         (result.plan.files.isEmpty ? "" : ", " + result.plan.files.map(\.path).joined(separator: ", ")) +
                         " and media.plist")
        try engine.finish(command: "align", body: body)
    }
}

/// `align --format json`'s own keys: `{"module", "video", "dryRun", "lines": [{"id", "start", "end", "doubt"?}],
/// "report": [line], "files": [path], "written": bool}` (times in seconds; `files`: what was, or with --dry-run
/// would be, written).
struct AlignJSON: Encodable {
    var module: String
    var video: String?
    var dryRun: Bool
    var lines: [ModuleAlignment.Timing]
    var report: [String]
    var files: [String]
    var written: Bool
}
