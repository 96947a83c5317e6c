import ArgumentParser
import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a module's content in other tools' formats.",
        discussion: """
            A module whose files have errors is refused, with its diagnostics, and nothing is written. \
            docs/authoring.md shows each format.

            Exit status: 0 exported, 1 problems in the module (nothing written), 2 usage or I/O failure.

            Examples:
              lessonpack export questions Modules/at-the-cafe -o at-the-cafe.xml
              lessonpack export web Modules/at-the-cafe -o site
            """,
        subcommands: [ExportQuestionsCommand.self, ExportLessonCommand.self, ExportSubtitlesCommand.self,
                      ExportGlossaryCommand.self, ExportWebCommand.self,
                      ExportScorm12Command.self, ExportCmi5Command.self])
}

extension QuestionExport.Selection: ExpressibleByArgument {}
extension QuestionExport.Format: ExpressibleByArgument {}

struct ExportQuestionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questions",
        abstract: "Write the test's items and the Q&A's questions as Moodle GIFT, Moodle XML or Aiken.",
        discussion: """
            Each question keeps its id as its name (GIFT, Moodle XML), multiple choice keeps its order with the \
            right answer marked, and explanations and feedback become general feedback. Statements become \
            true/false questions; Aiken has only multiple choice, so there they are left out, with a warning \
            each. The Q&A's answers are spoken in the module: only their texts are written. 'lessonpack import \
            questions' reads every format back. The format comes from --to, else from the output's extension \
            (.xml is Moodle XML), else GIFT. Writes to standard output unless -o names a file, which is replaced \
            atomically, and not at all when the module has errors.

            Examples:
              lessonpack export questions Modules/at-the-cafe -o at-the-cafe.gift
              lessonpack export questions Modules/at-the-cafe --from test -o at-the-cafe.xml
              lessonpack export questions Modules/at-the-cafe --to aiken -o at-the-cafe.txt
            """)

    @OptionGroup var destination: ExportDestination

    @Option(help: "Which questions: test (the test's item bank), qa (the spoken questions and answers) or all.")
    var from: QuestionExport.Selection = .all

    @Option(help: "gift, moodle-xml or aiken; by default the output's extension says (.xml is moodle-xml), else gift.")
    var to: QuestionExport.Format?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let format = to ?? (destination.fileExtension == "xml" ? .moodleXML : .gift)
        let engine = outputOptions.engine()
        let module = destination.module
        let source = try ModuleLoader.load(folder: module)
        let export = QuestionExport.export(source, from: from, as: format)
        // Standard output may be the questions themselves, so everything said about them goes to standard error.
        engine.emit(export.diagnostics)
        var body = ExportJSON(module: module, documentFormat: format.rawValue,
                              testItems: from == .qa ? nil : export.testItems,
                              qaQuestions: from == .test ? nil : export.qaQuestions)
        guard !export.hasErrors else {
            if !engine.isJSON { Console.error("nothing was exported: \(engine.counts)") }
            return try engine.finish(command: "export questions", body: body)
        }
        var parts: [String] = []
        if from != .qa { parts.append("\(export.testItems) test item\(export.testItems == 1 ? "" : "s")") }
        if from != .test { parts.append("\(export.qaQuestions) Q&A question\(export.qaQuestions == 1 ? "" : "s")") }
        try destination.deliver(export.text, engine: engine, body: &body, summary: parts.joined(separator: " and "),
                                quiet: outputOptions.quiet)
        try engine.finish(command: "export questions", body: body)
    }
}

struct ExportLessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Write the module as a lesson document (Markdown, Word or OpenDocument) a teacher can edit.",
        discussion: """
            The document follows docs/lesson-document.md, so 'lessonpack import lesson' brings it back as the \
            same module. The format comes from the output's extension: .md or .txt, .docx, .odt or .html (Word, \
            OpenDocument and HTML are written by pandoc). Writes Markdown to standard output unless -o names a \
            file, which is replaced atomically, and not at all when the module has errors.

            Example: lessonpack export lesson Modules/at-the-cafe -o at-the-cafe.docx
            """)

    @Argument(help: "The module folder.", completion: .directory)
    var module: String

    @Option(name: .shortAndLong, help: "The document to write ('-' for Markdown on standard output).", completion: .file())
    var output: String = "-"

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let target = OutputTarget(output)
        var format = LessonDocumentFormat.markdown
        if case .file(let path) = target {
            guard let guessed = LessonDocumentFormat.guess(forFile: path) else {
                throw ValidationError("name the document .md, .txt, .docx, .odt or .html: its extension says its format")
            }
            format = guessed
        }
        let engine = outputOptions.engine()
        let source = try ModuleLoader.load(folder: module)
        engine.emit(source.diagnostics.filter { $0.severity == .error })
        var body = ExportJSON(module: module, documentFormat: format.documentName)
        guard !engine.hasErrors else {
            if !engine.isJSON { Console.error("nothing was exported: \(engine.counts)") }
            return try engine.finish(command: "export lesson", body: body)
        }
        let bytes = try LessonExport.document(of: source.module, as: format)
        switch target {
        case .standardOutput where engine.isJSON:
            body.document = String(decoding: bytes, as: UTF8.self)
        case .standardOutput:
            Console.data(String(decoding: bytes, as: UTF8.self), terminator: "")
        case .file(let path):
            try AtomicFile.write(Data(bytes), to: path)
            body.file = path
            engine.summarise("wrote \(path): the lesson as \(format.documentName)")
        }
        try engine.finish(command: "export lesson", body: body)
    }
}

extension SubtitleTrack.Format: ExpressibleByArgument {}

struct ExportSubtitlesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subtitles",
        abstract: "Write the transcript as subtitles: WebVTT or SubRip (SRT).",
        discussion: """
            One cue per timed line, with its speaker: WebVTT names them with a <v> tag (as 'lessonpack import \
            transcript' reads them), SRT starts the text with the speaker's name. Lines not timed yet ('lessonpack \
            align' times them) have no cue. The format comes from --to, else from the output's extension (.vtt, \
            .srt), else WebVTT. Writes to standard output unless -o names a file, which is replaced atomically, \
            and not at all when the module has errors.

            Example: lessonpack export subtitles Modules/at-the-cafe -o at-the-cafe.srt
            """)

    @OptionGroup var destination: ExportDestination

    @Option(help: "vtt (WebVTT) or srt (SubRip); by default the output's extension says, else vtt.")
    var to: SubtitleTrack.Format?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let format = to ?? destination.fileExtension.flatMap(SubtitleTrack.Format.init(rawValue:)) ?? .vtt
        let engine = outputOptions.engine()
        var body = ExportJSON(module: destination.module, documentFormat: format.rawValue)
        guard let module = try destination.load(engine: engine, command: "export subtitles", body: body) else { return }
        let text = SubtitleTrack.text(module, as: format)
        let cues = SubtitleTrack.timedLines(module).count
        let untimed = module.transcript.count - cues
        (body.cues, body.untimedLines) = (cues, untimed)
        let summary = "\(cues) cue\(cues == 1 ? "" : "s")" + (untimed == 0 ? "" :
            "; \(untimed) line\(untimed == 1 ? " is" : "s are") not timed yet and \(untimed == 1 ? "has" : "have") none")
        try destination.deliver(text, engine: engine, body: &body, summary: summary, quiet: outputOptions.quiet)
        try engine.finish(command: "export subtitles", body: body)
    }
}

extension GlossaryWriter.Format: ExpressibleByArgument {}

struct ExportGlossaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glossary",
        abstract: "Write the definitions as CSV or as an Anki text file for flashcards.",
        discussion: """
            CSV has a header row and one row per definition: term, part of speech, definition. Anki's text \
            format (File > Import in Anki) makes one Basic note per definition, the term on the front and \
            '(part of speech) definition' on the back, in a deck named after the module. 'lessonpack import \
            glossary' reads either back. The format comes from --to, else from the output's extension (.csv; \
            .txt for Anki), else CSV. Writes to standard output unless -o names a file, which is replaced \
            atomically, and not at all when the module has errors.

            Example: lessonpack export glossary Modules/at-the-cafe --to anki -o at-the-cafe.txt
            """)

    @OptionGroup var destination: ExportDestination

    @Option(help: "csv or anki; by default the output's extension says (.txt is anki), else csv.")
    var to: GlossaryWriter.Format?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let format = to ?? (destination.fileExtension == "txt" ? .anki : .csv)
        let engine = outputOptions.engine()
        var body = ExportJSON(module: destination.module, documentFormat: format.rawValue)
        guard let module = try destination.load(engine: engine, command: "export glossary", body: body) else { return }
        body.definitions = module.definitions.count
        try destination.deliver(GlossaryWriter.text(module, as: format), engine: engine, body: &body,
                                summary: "\(module.definitions.count) definition\(module.definitions.count == 1 ? "" : "s")",
                                quiet: outputOptions.quiet)
        try engine.finish(command: "export glossary", body: body)
    }
}

/// `export questions|lesson|subtitles|glossary --format json`'s own keys: `{"module", "file", "document", "documentFormat",
/// "testItems", "qaQuestions", "cues", "untimedLines", "definitions"}`: `file` when -o named one, else `document`
/// holds what was exported.
struct ExportJSON: Encodable {
    var module: String
    var file: String?
    var document: String?
    var documentFormat: String?
    var testItems: Int?
    var qaQuestions: Int?
    var cues: Int?
    var untimedLines: Int?
    var definitions: Int?
}

/// The module an export reads and where its text goes: shared by the exports that write one text.
struct ExportDestination: ParsableArguments {
    @Argument(help: "The module folder.", completion: .directory)
    var module: String

    @Option(name: .shortAndLong, help: "Write here instead of standard output ('-' for standard output).", completion: .file())
    var output: String = "-"

    /// The output file's extension, lowercased; nil for standard output.
    var fileExtension: String? {
        guard case .file(let path) = OutputTarget(output) else { return nil }
        return URL(fileURLWithPath: path).pathExtension.lowercased()
    }

    /// The module, or nil when its files have errors: they are reported, and the command says nothing was exported.
    func load(engine: DiagnosticsEngine, command: String, body: ExportJSON) throws -> Module? {
        let source = try ModuleLoader.load(folder: module)
        engine.emit(source.diagnostics.filter { $0.severity == .error })
        guard engine.hasErrors else { return source.module }
        if !engine.isJSON { Console.error("nothing was exported: \(engine.counts)") }
        try engine.finish(command: command, body: body)
        return nil
    }

    /// `text` where the command was told: into the JSON document, onto standard output (what was exported said on
    /// standard error, since standard output is the text itself), or atomically into a file.
    func deliver(_ text: String, engine: DiagnosticsEngine, body: inout ExportJSON, summary: String, quiet: Bool) throws {
        switch OutputTarget(output) {
        case .standardOutput where engine.isJSON:
            body.document = text
        case .standardOutput:
            Console.data(text, terminator: "")
            if !quiet { Console.error("exported \(summary) from \(module)") }
        case .file(let path):
            try AtomicFile.write(text, to: path, links: .writeThrough)
            body.file = path
            engine.summarise("wrote \(path): \(summary)")
        }
    }
}
