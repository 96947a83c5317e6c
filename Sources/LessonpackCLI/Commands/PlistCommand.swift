import ArgumentParser
import LessonpackDiagnostics
import LessonpackSystem
import PropertyList

struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Check and convert XML property lists, like Apple's plutil.",
        subcommands: [PlistLintCommand.self, PlistConvertCommand.self])
}

struct PlistLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check that files are valid XML property lists.",
        discussion: "Prints 'FILE: OK' for each valid file and every problem in the others. Exit status 0 when all are valid, 1 otherwise.")

    @Argument(help: "Property list files.")
    var files: [String]

    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file") }
    }

    func run() throws {
        let writer = DiagnosticConsoleWriter(style: Style(enabled: color.enabled(for: 1)))
        var allValid = true
        // Files are read on every core; only their diagnostics come back, in the order the files were named.
        OrderedParallelMap.run(files, transform: { file in
            let document = PlistReader.read(fileAt: file)
            return (file, document.diagnostics.sortedForDisplay(), document.hasErrors)
        }, consume: { file, diagnostics, hasErrors in
            for diagnostic in diagnostics { Console.styled(writer.render(diagnostic), terminator: "") }
            if hasErrors {
                allValid = false
            } else {
                Console.out("\(file): OK")
            }
        })
        if !allValid { throw ExitCode(1) }
    }
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
            kept; a device, a FIFO or a folder is never replaced. '-' and /dev/stdout mean standard output.
            """)

    @Option(name: .customLong("to"), help: "Output format: json or xml.")
    var format: Format

    @Argument(help: "The property list to convert.")
    var file: String

    @Option(name: .shortAndLong, help: "Write here instead of standard output ('-' for standard output).")
    var output: String?

    func run() throws {
        let document = PlistReader.read(fileAt: file)
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
            Console.error("\(file): error: cannot convert to \(format.rawValue): \(error)")
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
