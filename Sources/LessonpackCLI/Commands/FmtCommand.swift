import ArgumentParser
import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite property list sources in one canonical layout.",
        discussion: """
            Standard header, one element per line, tab indentation, minimal escaping, one spelling per value, and \
            in module sources the keys of each record in the order docs/format.md lists them. Values never change \
            and comments stay beside what they were written about. A folder means every .plist under it, except \
            in media/ and hidden folders. Files with errors are left alone and their errors shown.

            Exit status: 0 done (or, with --check, nothing to change), 1 some file would change (--check) or has \
            errors, 2 usage or I/O failure.
            """)

    @Argument(help: "Module folders or property list files.")
    var paths: [String]

    @Flag(help: "Change nothing; list the files that are not formatted, and exit 1 if there are any.")
    var check = false

    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one folder or file") }
    }

    func run() throws {
        let writer = DiagnosticConsoleWriter(style: Style(enabled: color.enabled(for: 1)))
        var files: [(path: String, role: SourceFile?)] = []
        for path in paths {
            let found = SourceFormatter.files(under: path)
            if found.isEmpty { throw CommandFailure("\(path): no such file, or no .plist files in it") }
            files += found
        }
        var (changed, unchanged, failed) = (0, 0, 0)
        for file in files {
            let bytes: [UInt8]
            switch BoundedFile.read(file.path, limit: 32 << 20) {
            case .success(let read): bytes = read
            case .failure(let failure): throw CommandFailure("\(file.path): \(failure)")
            }
            switch SourceFormatter.format(bytes, file: file.path, role: file.role) {
            case .unchanged:
                unchanged += 1
            case .changed(let text):
                changed += 1
                if check {
                    Console.out("\(file.path): not formatted")
                } else {
                    do {
                        try AtomicFile.write(Data(text.utf8), to: file.path, permissions: permissions(of: file.path))
                    } catch {
                        throw CommandFailure(error.description)
                    }
                    Console.out("formatted \(file.path)")
                }
            case .failed(let diagnostics):
                failed += 1
                for diagnostic in diagnostics.sortedForDisplay() { Console.out(writer.render(diagnostic), terminator: "") }
            }
        }
        let verb = check ? "not formatted" : "formatted"
        var summary = "\(files.count) file\(files.count == 1 ? "" : "s"): \(changed) \(verb), \(unchanged) already formatted"
        if failed > 0 { summary += ", \(failed) with errors (left as they were)" }
        Console.out(summary)
        if failed > 0 || (check && changed > 0) { throw ExitCode(1) }
    }

    /// The file's own permissions, through a symbolic link (a link's are always rwxrwxrwx).
    private func permissions(of path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644
    }
}
