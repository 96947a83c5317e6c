import ArgumentParser
import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a module that passes 'check', from the built-in starter or your own template.",
        discussion: """
            Creates FOLDER with the module's id and title filled in, placeholder text, a placeholder video and \
            placeholder clips, and a media.plist: 'lessonpack check FOLDER' passes at once. NEXT-STEPS.md inside \
            lists what to replace. With --template, your own template folder (a module folder whose files may \
            say {{ID}} and {{TITLE}}) is used instead; audio it names but does not hold is made as placeholders.

            With --from, the module is made from a teacher's lesson document (Markdown or text, Word, \
            OpenDocument or HTML; docs/lesson-document.md gives the conventions): everything the document says \
            replaces the starter's placeholders. With --video too, the video becomes the module's, and every \
            transcript line is timed against its soundtrack and gets its own clip (as 'lessonpack align' does). \
            A document with an error is refused at its place, and nothing is written.

            Examples:
              lessonpack new Modules/at-the-cafe --title "Ordering at a café"
              lessonpack new Modules/at-the-cafe --from at-the-cafe.docx --video cafe.mp4
            """)

    @Argument(help: "The folder to create (it must not exist, or be empty).", completion: .directory)
    var folder: String

    @Option(help: "The module id: lowercase letters, digits and '-'. Default: from the folder name.")
    var id: String?

    @Option(help: "The module title. Default: from the id.")
    var title: String?

    @Option(help: "A template: a module folder to copy instead of the built-in starter.", completion: .directory)
    var template: String?

    @Option(name: .customLong("from"), help: "A lesson document to make the module from (.md, .txt, .docx, .odt, .html).",
            completion: .file())
    var lesson: String?

    @Option(help: "With --from: the filmed conversation, which times the lines and gives their clips.", completion: .file())
    var video: String?

    @Flag(help: "With --from: speak the questions and answers with espeak-ng until they are recorded.")
    var speak = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if lesson == nil, video != nil || speak {
            throw ValidationError("--video and --speak go with --from LESSON, the lesson document")
        }
        if lesson != nil, template != nil { throw ValidationError("--from makes the module from the starter: leave out --template") }
    }

    func run() throws {
        if let lesson { return try runFromLesson(lesson) }
        let id = id ?? ModuleTemplate.suggestedID(forFolder: folder)
        let title = title ?? ModuleTemplate.suggestedTitle(forID: id)
        try ModuleTemplate.create(from: template.map { .folder($0) } ?? .starter, at: folder, id: id, title: title)
        let steps = template == nil ? [
            "module.plist: title, summary, level, speakers and objectives",
            "media/conversation.mp4: your filmed conversation",
            "transcript.plist: the lines and their times; each line's clip in media/lines/",
            "questions/: the video task, the spoken Q&A (clips in media/qa/) and the test bank",
            "definitions.plist and phrasebook.plist",
            "after changing media: 'lessonpack media scan \(folder)'; then 'lessonpack check \(folder)'",
        ] : ["replace the placeholder clips under media/, then run 'lessonpack media scan \(folder)' and 'lessonpack check \(folder)'"]
        let engine = output.engine()
        engine.summarise("created \(folder) (\(id)); it passes 'lessonpack check', which lists each placeholder left to " +
                         "replace. To do:\n" + steps.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n"))
        try engine.finish(command: "new", body: NewJSON(folder: folder, id: id, report: steps))
    }

    private func runFromLesson(_ lesson: String) throws {
        let id = id ?? ModuleTemplate.suggestedID(forFolder: folder)
        let engine = output.engine()
        var body = NewJSON(folder: folder, id: id, from: lesson, report: [])
        let (read, diagnostics) = LessonImport.read(lesson)
        guard let read else {
            engine.emit(diagnostics)
            engine.summarise("nothing was written: \(counts(diagnostics))")
            return try engine.finish(command: "new", body: body)
        }
        let outcome: LessonModule.Outcome
        do {
            outcome = try LessonModule.create(at: folder, id: id, title: title, lesson: read, from: lesson, video: video,
                                              speak: speak, align: NewCommand.aligner)
        } catch {
            engine.emit(diagnostics)
            // Problems found in the document or the video are problems found (1); anything else stopped the work.
            engine.fail(error, status: (diagnostics + error.diagnostics).hasErrors ? 1 : 2)
            return try engine.finish(command: "new", body: body)
        }
        engine.emit(diagnostics + outcome.diagnostics)
        body.report = outcome.report
        engine.summarise((["created \(folder) (\(id)) from \(lesson)"] + outcome.report.map { "  " + $0 } +
                          ["next: 'lessonpack check \(folder)' lists what is still a placeholder; 'lessonpack studio " +
                           "\(folder)' to look at it"]).joined(separator: "\n"))
        try engine.finish(command: "new", body: body)
    }

    /// Times the lines of a new module from its video, as 'lessonpack align' does.
    static let aligner: LessonModule.Aligner = { folder in try ModuleAlignment.run(folder: folder) }
}

/// `new --format json`'s own keys: `{"folder", "id", "from", "report": [line]}` (`report`: what is left to do, or,
/// with --from, what the document gave).
struct NewJSON: Encodable {
    var folder: String
    var id: String
    var from: String?
    var report: [String]
}
