import ArgumentParser
import LessonpackDiagnostics
import LessonpackSystem
import PropertyList

struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Check and convert XML and binary property lists, like Apple's plutil.",
        subcommands: [PlistLintCommand.self, PlistConvertCommand.self])
}

struct PlistLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check that files are valid XML or binary property lists.",
        discussion: "Prints 'FILE: OK' for each valid file and every problem in the others. Exit status 0 when all are valid, 1 otherwise.")

    @Argument(help: "Property list files.", completion: .file())
    var files: [String]

    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto

    @Option(help: "Output format: 'text' for people, 'json' for tools.")
    var format: OutputFormat = .text

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file") }
    }

    func run() throws {
        let writer = DiagnosticConsoleWriter(style: Style(enabled: color.enabled(for: 1)))
        let json = format == .json
        var allValid = true
        var report = LintJSON()
        var found: [Diagnostic] = []
        // Files are read on every core; only their diagnostics come back, in the order the files were named.
        OrderedParallelMap.run(files, transform: { file in
            let document = PlistReader.read(xmlOrBinaryAt: file)
            return (file, document.diagnostics.sortedForDisplay(), document.hasErrors)
        }, consume: { file, diagnostics, hasErrors in
            found += diagnostics
            report.files.append(.init(path: file, valid: !hasErrors))
            if hasErrors { allValid = false }
            guard !json else { return }
            for diagnostic in diagnostics { Console.styled(writer.render(diagnostic), terminator: "") }
            if !hasErrors { Console.out("\(file): OK") }
        })
        if json { Console.json(JSONReport(command: "plist lint", ok: allValid, diagnostics: found, body: report).rendered()) }
        if !allValid { throw ExitCode(1) }
    }
}

/// `plist lint --format json`'s own keys: `{"files": [{"path", "valid"}]}`.
struct LintJSON: Encodable {
    struct File: Encodable { var path: String; var valid: Bool }
    var files: [File] = []
}

struct PlistConvertCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case json, xml }

    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a property list to JSON or to canonical XML.",
        discussion: """
            JSON: dict → object (keys in document order), array → array, string → string, integer and real → \
            number, true/false → bool, date → "YYYY-MM-DDTHH:MM:SSZ" (UTC), data → base64 without line breaks. \
            Writes to standard output unless -o names a file; the file is replaced atomically, and not at all when \
            the input has errors. If the file is a symbolic link, the file it leads to is replaced and the link \
            kept; a device, a FIFO or a folder is never replaced. '-' and /dev/stdout mean standard output. \
            -o may name the input itself: 'convert --to xml F -o F' turns a binary property list into XML in place. \
            Reads XML and binary (bplist00) property lists; a binary one's dictionary keys come out sorted, as \
            plutil writes them, because the binary reader does not keep their order. JSON is not read.
            """)

    @Option(name: .customLong("to"), help: "Output format: json or xml.")
    var format: Format

    @Argument(help: "The property list to convert.")
    var file: String

    @Option(name: .shortAndLong, help: "Write here instead of standard output ('-' for standard output).")
    var output: String?

    func run() throws {
        let document = PlistReader.read(xmlOrBinaryAt: file)
        let writer = DiagnosticConsoleWriter(style: Style(enabled: ColourMode.auto.enabled(for: 2)))
        for diagnostic in document.diagnostics.sortedForDisplay() {
            Console.styled(writer.render(diagnostic), terminator: "", toError: true)
        }
        guard let value = document.root?.value, !document.hasErrors else { throw ExitCode(1) }
        let text: String
        do {
            text = switch format {
            case .json: try PlistJSONWriter.json(value)
            case .xml: try PlistXMLWriter.xml(value)
            }
        } catch {
            Console.error("\(file): error: cannot convert to \(format.rawValue): \(SystemErrorText.describe(error))")
            throw ExitCode(1)
        }
        guard case .file(let path) = OutputTarget(output) else {
            Console.data(text, terminator: "")
            return
        }
        do {
            try AtomicFile.write(text, to: path, links: .writeThrough)
        } catch {
            throw CommandFailure(writing: error)
        }
    }
}
