import ArgumentParser
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackSystem
import PropertyList

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring a transcript, questions or a glossary from other tools into a module.",
        discussion: """
            Reads the file, reports what it took and where it could not read it, and writes the module's plist \
            files only when nothing went wrong. Importing the same file again changes nothing. docs/authoring.md \
            shows each format.

            --from names the file's format when its name does not say it; --format json reports for tools.

            Exit status: 0 imported (warnings allowed), 1 problems in the file or the module (nothing written), \
            2 usage or I/O failure.

            Examples:
              lessonpack import lesson lesson.docx --into Modules/at-the-cafe
              lessonpack import transcript interview.vtt --into Modules/at-the-cafe
              lessonpack import questions quiz.gift --into Modules/at-the-cafe --objective order
            """,
        subcommands: [ImportLessonCommand.self, ImportTranscriptCommand.self, ImportQuestionsCommand.self,
                      ImportGlossaryCommand.self])
}

/// What every import takes: the file, the module, and whether to write.
struct ImportOptions: ParsableArguments {
    @Argument(help: "The file to import ('-' for standard input).", completion: .file())
    var file: String

    @Option(name: .customLong("into"), help: "The module folder to import into (it must have a module.plist).", completion: .directory)
    var folder: String

    @Flag(help: "Report what would be imported without writing anything.")
    var dryRun = false

    @OptionGroup var output: OutputOptions

    var format: OutputFormat { output.format }

    /// The file as messages and reports name it: `<stdin>` for `-`.
    var fileName: String { file == "-" ? "<stdin>" : file }

    func bytes() throws -> [UInt8] {
        let limit = 16 << 20
        switch file == "-" ? BoundedFile.readStandardInput(limit: limit) : BoundedFile.read(file, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw CommandFailure(.unreadableFile, "\(fileName): \(failure)")
        }
    }

    /// Shows what was read and planned; writes the plan unless it has errors or this is a dry run.
    /// `apply` writes the plan: by default its files; a lesson also makes placeholder clips and rescans media.
    func finish(reading diagnostics: [Diagnostic], _ plan: ImportPlan?,
                apply: (ImportPlan) throws -> Void = { try $0.apply() }) throws {
        let engine = output.engine()
        let all = engine.emit(diagnostics + (plan?.diagnostics ?? []))
        var body = ImportJSON(file: fileName, module: folder, dryRun: dryRun, report: plan?.report ?? [],
                              files: plan?.files.map(\.path) ?? [], written: false)
        guard let plan, !all.hasErrors else {
            engine.summarise("nothing was written: \(counts(all))")
            return try engine.finish(command: "import", body: body, ok: false)
        }
        if !engine.isJSON { for line in plan.report { Console.out(line) } }
        if dryRun {
            engine.summarise("dry run: \(plan.files.isEmpty ? "nothing would change" : "would write " + plan.files.map(\.path).joined(separator: ", "))")
            return try engine.finish(command: "import", body: body)
        }
        do { try apply(plan) } catch { throw CommandFailure(error, otherwise: .outputWriteFailed) }
        body.written = !plan.files.isEmpty
        engine.summarise(plan.files.isEmpty ? "nothing to change" : "wrote " + plan.files.map(\.path).joined(separator: ", "))
        try engine.finish(command: "import", body: body)
    }
}

/// `import --format json`'s own keys: `{"file", "module", "dryRun", "report": [line], "files": [path],
/// "written": bool}` (`files`: what was, or with --dry-run would be, written).
struct ImportJSON: Encodable {
    var file: String
    var module: String
    var dryRun: Bool
    var report: [String]
    var files: [String]
    var written: Bool
}

struct ImportTranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: "Import the conversation from plain text, SubRip (.srt) or WebVTT (.vtt).",
        discussion: """
            Plain text is 'Speaker: what they say', one line each. In subtitles, the speaker comes from a WebVTT \
            <v Name> tag or a 'Name:' at the start of the cue. New speakers are added to module.plist.

            Examples:
              lessonpack import transcript interview.srt --into Modules/at-the-cafe
              lessonpack import transcript lines.txt --into Modules/at-the-cafe --speaker alex --dry-run
            """)

    @OptionGroup var options: ImportOptions

    @Option(name: .customLong("from"), help: "The file's format: plain, srt or vtt. Default: from the file's extension.")
    var inputFormat: String?

    @Option(help: "The speaker of lines that name none.")
    var speaker: String?

    func run() throws {
        let format = try inputFormat.map { name in
            guard let format = TranscriptFormat(rawValue: name) else {
                throw ValidationError("unknown format '\(name)': use plain, srt or vtt")
            }
            return format
        } ?? TranscriptFormat.guess(forFile: options.file)
        let read = format.read(try options.bytes(), file: options.fileName)
        let plan = read.hasErrors ? nil : TranscriptImport.plan(read.items, from: options.fileName, into: options.folder,
                                                                defaultSpeaker: speaker)
        try options.finish(reading: read.diagnostics, plan)
    }
}

struct ImportQuestionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questions",
        abstract: "Import true/false and multiple-choice questions from Moodle GIFT, Moodle XML or Aiken.",
        discussion: """
            Into the test's item bank (--to test, the default) or the spoken questions and answers (--to qa, \
            multiple choice with three answers). Question types a module cannot hold are reported and skipped.

            Examples:
              lessonpack import questions quiz.gift --into Modules/at-the-cafe --objective order
              lessonpack import questions moodle.xml --into Modules/at-the-cafe --to qa --dry-run
            """)

    @OptionGroup var options: ImportOptions

    @Option(name: .customLong("from"), help: """
        The file's format: gift, aiken or xml (Moodle XML). Default: xml for a .xml file or one that starts like XML, \
        aiken when the file has ANSWER: lines, else gift.
        """)
    var inputFormat: String?

    @Option(help: "Where the questions go: test or qa.")
    var to: String = "test"

    @Option(help: "The objective the test items assess (may be left out when module.plist declares only one).")
    var objective: String?

    func run() throws {
        guard let target = QuestionImport.Target(rawValue: to) else {
            throw ValidationError("--to must be test or qa")
        }
        let bytes = try options.bytes()
        let format = try inputFormat.map { name in
            guard let format = QuestionFormat(rawValue: name) else {
                throw ValidationError("unknown format '\(name)': use gift, aiken or xml")
            }
            return format
        } ?? QuestionFormat.guess(bytes, file: options.file == "-" ? nil : options.file)
        let read = format.read(bytes, file: options.fileName)
        let plan = read.hasErrors ? nil : QuestionImport.plan(read.items, from: options.fileName, into: options.folder,
                                                              target: target, objective: objective)
        try options.finish(reading: read.diagnostics, plan)
    }
}

struct ImportGlossaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glossary",
        abstract: "Import definitions from a CSV, TSV or Anki text export: term, part of speech, definition.",
        discussion: """
            A first row naming the columns is skipped. Terms already defined are updated. The separator is \
            found in the file (comma, semicolon, tab or '|'; a first line 'sep=;' or Anki's '#separator:' \
            header decides); Anki's HTML fields become plain text and its tag, deck and note-type columns are \
            passed over.

            Examples:
              lessonpack import glossary glossary.csv --into Modules/at-the-cafe
              lessonpack import glossary anki-deck.txt --into Modules/at-the-cafe --dry-run
            """)

    @OptionGroup var options: ImportOptions

    func run() throws {
        let read = GlossaryImport.read(try options.bytes(), file: options.fileName)
        let plan = read.hasErrors ? nil : GlossaryImport.plan(read.items, from: options.fileName, into: options.folder)
        try options.finish(reading: read.diagnostics, plan)
    }
}

struct ImportLessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Bring a whole lesson document (Markdown, text, Word, OpenDocument or HTML) into a module.",
        discussion: """
            Every part the document covers (details, speakers, objectives, conversation, glossary, language \
            focus, video task, questions and answers, test) replaces the module's, starter placeholders \
            included; the rest stays. docs/lesson-document.md gives the conventions. Clips the module then names \
            and does not have are made as quiet placeholders, and media.plist is rescanned. A document with an \
            error is refused at its place, and nothing is written.

            Example: lessonpack import lesson lesson.docx --into Modules/at-the-cafe
            """)

    @OptionGroup var options: ImportOptions

    @Flag(help: "Speak the questions and answers that have no recording yet with espeak-ng, until they are recorded.")
    var speak = false

    func validate() throws {
        if options.file == "-" {
            throw ValidationError("a lesson is read from its file ('-' is standard input): pandoc opens Word and " +
                                  "OpenDocument documents by name")
        }
    }

    func run() throws {
        // Checked before anything is written: the lesson and its spoken clips go in together or not at all.
        if speak, ExternalTool.find("espeak-ng") == nil {
            throw CommandFailure(.speakingFailed, "espeak-ng, which --speak uses, is not installed (Debian's 'espeak-ng'); " +
                                 "nothing was written")
        }
        let context = LessonImport.context(of: options.folder)
        let (lesson, diagnostics) = LessonImport.read(options.file, context: context)
        let plan = lesson.map { LessonImport.plan($0, from: options.file, into: options.folder) }
        try options.finish(reading: diagnostics, plan) { plan in
            let spoken = try LessonImport.apply(plan, to: options.folder, speak: speak)
            if !spoken.isEmpty, options.format == .text, !options.output.quiet {
                Console.out("spoke \(spoken.count) question and answer clip\(spoken.count == 1 ? "" : "s") with espeak-ng for now")
            }
        }
    }
}
