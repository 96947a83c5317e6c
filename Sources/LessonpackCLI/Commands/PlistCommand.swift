import ArgumentParser
import LessonpackDiagnostics
import LessonpackSystem
import PropertyList

struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Check and convert XML and binary property lists, like Apple's plutil.",
        discussion: """
            Examples:
              lessonpack plist lint Modules/at-the-cafe/transcript.plist
              lessonpack plist convert --to json settings.plist -o settings.json
            """,
        subcommands: [PlistLintCommand.self, PlistConvertCommand.self])
}

struct PlistLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check that files are valid XML or binary property lists.",
        discussion: """
            Prints 'FILE: OK' for each valid file on standard output and every problem in the others on standard \
            error. Exit status 0 when all are valid, 1 when one is not, 2 when one cannot be read at all.

            Examples:
              lessonpack plist lint Modules/at-the-cafe/transcript.plist
              lessonpack plist lint - < Info.plist
            """)

    @Argument(help: "Property list files ('-' for standard input).", completion: .file())
    var files: [String]

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be read once only") }
    }

    func run() throws {
        let engine = output.engine()
        var allValid = true
        var report = LintJSON()
        // Files are read on every core; only their diagnostics come back, in the order the files were named. No
        // tree is built: lint says what is wrong, and never reads a value.
        OrderedParallelMap.run(files, transform: { file in
            let document = file == "-" ? PlistReader.readStandardInput(keepingValues: false)
                : PlistReader.read(xmlOrBinaryAt: file, keepingValues: false)
            return (file == "-" ? "<stdin>" : file, document.diagnostics.sortedForDisplay(), document.hasErrors)
        }, consume: { file, diagnostics, hasErrors in
            // A file that is not there or cannot be opened is not a property list with problems: exit status 2.
            engine.emit(diagnostics, unreadable: [.unreadableFile, .notARegularFile])
            report.files.append(.init(path: file, valid: !hasErrors))
            if hasErrors { allValid = false }
            if !hasErrors { engine.summarise("\(file): OK") }
        })
        try engine.finish(command: "plist lint", body: report, ok: allValid)
    }
}

/// `plist lint --format json`'s own keys: `{"files": [{"path", "valid"}]}`.
struct LintJSON: Encodable {
    struct File: Encodable { var path: String; var valid: Bool }
    var files: [File] = []
}

struct PlistConvertCommand: ParsableCommand {
    /// `xml1` and `binary1` are plutil's names; `xml` is ours.
    enum Format: String, ExpressibleByArgument, CaseIterable { case json, xml, xml1, binary1 }

    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a property list to JSON, canonical XML or binary (bplist00).",
        discussion: """
            JSON: dict → object (keys in document order), array → array, string → string, integer and real → \
            number, true/false → bool, date → "YYYY-MM-DDTHH:MM:SSZ" (UTC), data → base64 without line breaks. \
            Writes to standard output unless -o names a file; the file is replaced atomically, and not at all when \
            the input has errors. If the file is a symbolic link, the file it leads to is replaced and the link \
            kept; a device, a FIFO or a folder is never replaced. '-' and /dev/stdout mean standard output. \
            -o may name the input itself: 'convert --to xml F -o F' turns a binary property list into XML in place. \
            Reads XML and binary (bplist00) property lists; a binary one's dictionary keys come out sorted, as \
            plutil writes them, because the binary reader does not keep their order. JSON is not read. \
            --to binary1 writes a binary property list with dictionaries in the document's order, so the same \
            input always gives the same bytes; it is written to a file or a pipe, never to a terminal. xml1 is \
            xml, by plutil's name.

            Examples:
              lessonpack plist convert --to json settings.plist -o settings.json
              lessonpack plist convert --to xml Info.plist
              lessonpack plist convert --to binary1 Info.plist -o Info.binary.plist
            """)

    @Option(name: .customLong("to"), help: "The format to convert to: json, xml (or xml1) or binary1.")
    var target: Format

    @Argument(help: "The property list to convert ('-' for standard input).")
    var file: String

    @Option(name: .shortAndLong, help: "Write here instead of standard output ('-' for standard output).")
    var output: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let engine = outputOptions.engine()
        let document = file == "-" ? PlistReader.readStandardInput() : PlistReader.read(xmlOrBinaryAt: file)
        engine.emit(document.diagnostics, unreadable: [.unreadableFile, .notARegularFile])
        guard let value = document.root?.value, !document.hasErrors else { return try engine.finish(command: "plist convert") }
        if target == .binary1, OutputTarget(output) == .standardOutput {
            if engine.isJSON {
                throw ValidationError("a binary property list cannot go inside a JSON document: name a file with -o")
            }
            if Console.isTerminal(1) {
                throw ValidationError("a binary property list is not for a terminal: name a file with -o, or send " +
                                      "standard output to a file or a pipe")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = switch target {
            case .json: Array(try PlistJSONWriter.json(value).utf8)
            case .xml, .xml1: Array(try PlistXMLWriter.xml(value).utf8)
            case .binary1: try PlistBinaryWriter.bplist(value)
            }
        } catch {
            // The document is read, but holds what the other format cannot: a problem in the input.
            engine.emit([.error(.plistConvertFailed, "cannot convert to \(target.rawValue): \(error)",
                                at: SourceLocation(file: file))])
            return try engine.finish(command: "plist convert")
        }
        guard case .file(let path) = OutputTarget(output) else {
            let text = String(decoding: bytes, as: UTF8.self)
            if engine.isJSON { return try engine.finish(command: "plist convert", body: ConvertJSON(to: target, document: text)) }
            if target == .binary1 { Console.bytes(bytes) } else { Console.data(text, terminator: "") }
            return
        }
        try AtomicFile.write(bytes, to: path, links: .writeThrough)
        try engine.finish(command: "plist convert", body: ConvertJSON(to: target, file: path))
    }
}

/// `plist convert --format json`'s own keys: `to` (json or xml), and `file` (written with `-o`) or else
/// `document` (the converted text itself).
struct ConvertJSON: Encodable {
    var to: PlistConvertCommand.Format
    var file: String?
    var document: String?
}

extension PlistConvertCommand.Format: Encodable {}
