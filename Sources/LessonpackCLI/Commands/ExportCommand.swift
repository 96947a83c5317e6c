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
            """,
        subcommands: [ExportQuestionsCommand.self, ExportLessonCommand.self])
}

extension GIFTWriter.Selection: ExpressibleByArgument {}

struct ExportQuestionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questions",
        abstract: "Write the test's items and the Q&A's questions as Moodle GIFT.",
        discussion: """
            Statements become true/false questions, multiple choice keeps its order with the right answer marked, \
            explanations and feedback become GIFT's general feedback, and each question is titled with its id. \
            The Q&A's answers are spoken in the module: only their texts are written. 'lessonpack import \
            questions' reads the file back. Writes to standard output unless -o names a file, which is replaced \
            atomically, and not at all when the module has errors.
            """)

    @Argument(help: "The module folder.", completion: .directory)
    var module: String

    @Option(help: "Which questions: test (the test's item bank), qa (the spoken questions and answers) or all.")
    var from: GIFTWriter.Selection = .all

    @Option(name: .shortAndLong, help: "Write here instead of standard output ('-' for standard output).", completion: .file())
    var output: String = "-"

    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto

    func run() throws {
        let source: ModuleSource
        do { source = try ModuleLoader.load(folder: module) } catch { throw CommandFailure(error.description) }
        let export = GIFTWriter.export(source, from: from)
        // Standard output may be the GIFT itself, so everything said about it goes to standard error.
        if export.hasErrors {
            let writer = DiagnosticConsoleWriter(style: Style(enabled: color.enabled(for: 2)))
            let shown = export.diagnostics.filter { $0.severity == .error }.sortedForDisplay()
            for diagnostic in shown { Console.styled(writer.render(diagnostic), terminator: "", toError: true) }
            Console.error("nothing was exported: \(counts(shown))")
            throw ExitCode(1)
        }
        var parts: [String] = []
        if from != .qa { parts.append("\(export.testItems) test item\(export.testItems == 1 ? "" : "s")") }
        if from != .test { parts.append("\(export.qaQuestions) Q&A question\(export.qaQuestions == 1 ? "" : "s")") }
        let summary = parts.joined(separator: " and ")
        switch OutputTarget(output) {
        case .standardOutput:
            Console.data(export.text, terminator: "")
            Console.error("exported \(summary) from \(module)")
        case .file(let path):
            do { try AtomicFile.write(export.text, to: path, links: .writeThrough) } catch {
                throw CommandFailure(writing: error)
            }
            Console.out("wrote \(path): \(summary)")
        }
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

    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto

    func run() throws {
        let target = OutputTarget(output)
        var format = LessonDocumentFormat.markdown
        if case .file(let path) = target {
            guard let guessed = LessonDocumentFormat.guess(forFile: path) else {
                throw ValidationError("name the document .md, .txt, .docx, .odt or .html: its extension says its format")
            }
            format = guessed
        }
        let source: ModuleSource
        do { source = try ModuleLoader.load(folder: module) } catch { throw CommandFailure(error.description) }
        let errors = source.diagnostics.filter { $0.severity == .error }.sortedForDisplay()
        if !errors.isEmpty {
            let writer = DiagnosticConsoleWriter(style: Style(enabled: color.enabled(for: 2)))
            for diagnostic in errors { Console.styled(writer.render(diagnostic), terminator: "", toError: true) }
            Console.error("nothing was exported: \(counts(errors))")
            throw ExitCode(1)
        }
        let bytes: [UInt8]
        do { bytes = try LessonExport.document(of: source.module, as: format) } catch {
            throw CommandFailure(error.description)
        }
        switch target {
        case .standardOutput:
            Console.data(String(decoding: bytes, as: UTF8.self), terminator: "")
        case .file(let path):
            do { try AtomicFile.write(Data(bytes), to: path) } catch { throw CommandFailure(writing: error) }
            Console.out("wrote \(path): the lesson as \(format.documentName)")
        }
    }
}
