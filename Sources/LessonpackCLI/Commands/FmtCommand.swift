import ArgumentParser
import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite property list sources in one canonical layout.",
        discussion: """
            Standard header, one element per line, tab indentation, minimal escaping, one spelling per value, and \
            in module sources the keys of each record in the order docs/format.md lists them. Values never change \
            and comments stay beside what they were written about. A folder means every .plist under it, except \
            in media/ and hidden folders. Files with errors are left alone and their errors shown.

            A file found in a folder is rewritten only if it is a regular file: a symbolic link there is reported \
            and left alone (it could lead outside the module). A file named on the command line that is a link is \
            followed, and the file it leads to rewritten.

            '-' formats standard input and writes it to standard output (or, with --check, only says whether it \
            is formatted), as editors run formatters; module key order needs the file's name, so it is not applied.

            Exit status: 0 done (or, with --check, nothing to change), 1 some file would change (--check), has \
            errors or is not a regular file, 2 usage or I/O failure.

            Examples:
              lessonpack fmt Modules/at-the-cafe
              lessonpack fmt --check Modules
              lessonpack fmt - < transcript.plist
            """)

    @Argument(help: "Module folders or property list files ('-' alone: standard input to standard output).",
              completion: .file())
    var paths: [String]

    @Flag(help: "Change nothing; list the files that are not formatted, and exit 1 if there are any.")
    var check = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one folder or file") }
        if paths.contains("-"), paths.count > 1 {
            throw ValidationError("'-' formats standard input onto standard output: name it alone")
        }
    }

    func run() throws {
        let engine = output.engine()
        if paths == ["-"] { return try formatStandardInput(engine: engine) }
        // `place`: for a file found inside a named folder, that folder and the file's path in it. Such a file is
        // read and rewritten through its own folder, held open and reached without links, so a folder swapped
        // for a link after the listing cannot have fmt rewrite a file outside the tree it was given.
        var files: [(path: String, role: SourceFile?, named: Bool, place: (root: String, relative: String)?)] = []
        for path in paths {
            let found = SourceFormatter.files(under: path)
            if found.isEmpty { throw CommandFailure(.noPropertyLists, "\(path): no such file, or no .plist files in it") }
            files += found.map { ($0.path, $0.role, $0.path == path, $0.relative.map { (path, $0) }) }
        }
        var (changed, unchanged, failed) = (0, 0, 0)
        var report = FmtJSON()
        let json = engine.isJSON
        for file in files {
            var folder: OpenFolder?
            if let place = file.place {
                do {
                    folder = try OpenFolder(place.root).folder(at: (place.relative as NSString).deletingLastPathComponent).folder
                } catch {
                    failed += 1
                    engine.emit([.error(.notARegularFile, "not formatted: \(error.description)", at: SourceLocation(file: file.path))])
                    report.files.append(.init(path: file.path, status: "failed"))
                    continue
                }
            }
            let name = (file.path as NSString).lastPathComponent
            let bytes: [UInt8]
            let read = if let folder { BoundedFile.read(name, in: folder, limit: 32 << 20) }
                       else { BoundedFile.read(file.path, limit: 32 << 20, links: file.named ? .follow : .refuse) }
            switch read {
            case .success(let read): bytes = read
            case .failure(let failure):
                failed += 1
                let code: DiagnosticCode = if case .tooLarge = failure { .fileTooLarge } else { .notARegularFile }
                engine.emit([.error(code, "not formatted: this file \(failure)", at: SourceLocation(file: file.path))])
                report.files.append(.init(path: file.path, status: "failed"))
                continue
            }
            switch SourceFormatter.format(bytes, file: file.path, role: file.role) {
            case .unchanged:
                unchanged += 1
                report.files.append(.init(path: file.path, status: "formatted"))
            case .changed(let text):
                changed += 1
                report.files.append(.init(path: file.path, status: check ? "not-formatted" : "rewritten"))
                if check {
                    if !json { Console.out("\(file.path): not formatted") }
                } else {
                    if let folder {
                        try AtomicFile.write(Data(text.utf8), named: name, in: folder)
                    } else {
                        try AtomicFile.write(Data(text.utf8), to: file.path, links: file.named ? .writeThrough : .refuse)
                    }
                    if !json { Console.out("formatted \(file.path)") }
                }
            case .failed(let diagnostics):
                failed += 1
                report.files.append(.init(path: file.path, status: "failed"))
                engine.emit(diagnostics)
            }
        }
        let verb = check ? "not formatted" : "formatted"
        var summary = "\(files.count) file\(files.count == 1 ? "" : "s"): \(changed) \(verb), \(unchanged) already formatted"
        if failed > 0 { summary += ", \(failed) with errors (left as they were)" }
        let ok = failed == 0 && !(check && changed > 0)
        engine.summarise(summary)
        try engine.finish(command: check ? "fmt --check" : "fmt", body: report, ok: ok)
        if !ok { throw ExitCode(1) }
    }
}

extension FmtCommand {
    /// `fmt -`: standard input in, the formatted text out (unchanged text as it came), nothing out when it has
    /// errors. With --check nothing is printed but whether it is formatted.
    private func formatStandardInput(engine: DiagnosticsEngine) throws {
        let name = "<stdin>"
        let bytes: [UInt8]
        switch BoundedFile.readStandardInput(limit: 32 << 20) {
        case .success(let read): bytes = read
        case .failure(let failure):
            let code: DiagnosticCode = if case .tooLarge = failure { .fileTooLarge } else { .notARegularFile }
            engine.emit([.error(code, "not formatted: standard input \(failure)", at: SourceLocation(file: name))])
            try engine.finish(command: check ? "fmt --check" : "fmt", body: FmtJSON(files: [.init(path: name, status: "failed")]),
                              ok: false)
            throw ExitCode(1)
        }
        var report = FmtJSON()
        var ok = true
        switch SourceFormatter.format(bytes, file: name, role: nil) {
        case .unchanged:
            report.files.append(.init(path: name, status: "formatted"))
            if !check { deliver(String(decoding: bytes, as: UTF8.self), into: &report, json: engine.isJSON) }
        case .changed(let text):
            report.files.append(.init(path: name, status: check ? "not-formatted" : "rewritten"))
            if check {
                ok = false
                if !engine.isJSON { Console.out("\(name): not formatted") }
            } else {
                deliver(text, into: &report, json: engine.isJSON)
            }
        case .failed(let diagnostics):
            ok = false
            report.files.append(.init(path: name, status: "failed"))
            engine.emit(diagnostics)
        }
        try engine.finish(command: check ? "fmt --check" : "fmt", body: report, ok: ok)
        if !ok { throw ExitCode(1) }
    }

    /// The formatted text onto standard output, or into the JSON document, which standard output then is.
    private func deliver(_ text: String, into report: inout FmtJSON, json: Bool) {
        if json { report.document = text } else { Console.data(text, terminator: "") }
    }
}

/// `fmt --format json`'s own keys: `{"files": [{"path", "status"}]}`, status one of `formatted` (already),
/// `rewritten`, `not-formatted` (--check) and `failed`; with `fmt -`, `document` holds the formatted text.
struct FmtJSON: Encodable {
    struct File: Encodable { var path: String; var status: String }
    var files: [File] = []
    /// `fmt -`: the formatted text.
    var document: String?
}
