import ArgumentParser
import Foundation
import LessonpackDiagnostics
import LessonpackSystem
import TerminalText

/// A failure of the command itself rather than a finding about the input: a missing folder, an unwritable
/// output. Reported as `lessonpack: error: …` with exit status 2, or 1 when it is about problems in the input
/// (a module with errors that cannot be played).
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    /// The stable code of the failure, when it has one (shown as `[code]`, like a diagnostic's).
    var code: String?
    var status: Int32

    init(_ description: String, code: String? = nil, status: Int32 = 2) {
        self.description = description
        self.code = code
        self.status = status
    }

    init(_ diagnostic: Diagnostic) {
        self.init(diagnostic.message, code: diagnostic.code.rawValue)
    }

    /// A write the atomic writer refused: over a link, a device or a FIFO is `output-not-a-regular-file`.
    init(writing failure: AtomicFile.Failure) {
        self.init(failure.description, code: failure.kind == .io ? nil : Self.outputNotARegularFile)
    }

    static let outputNotARegularFile = "output-not-a-regular-file"
}

package enum LessonpackMain {
    /// Runs the command line and returns the exit status: 0 success, 1 problems found, 2 usage or I/O failure.
    package static func run(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        do {
            var command = try Lessonpack.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch let failure as CommandFailure {
            Console.error("lessonpack: error: \(TerminalSafe.line(failure.description))" +
                          (failure.code.map { " [\($0)]" } ?? ""))
            // A script that asked for JSON gets it even when the command could not start its work.
            if asksForJSON(arguments) {
                let diagnostic = Diagnostic.error(DiagnosticCode(rawValue: failure.code ?? "command-failed"),
                                                  failure.description, at: SourceLocation(file: ""))
                Console.json(JSONReport(command: commandPath(arguments), ok: false, diagnostics: [diagnostic],
                                        body: EmptyBody()).rendered())
            }
            return failure.status
        } catch {
            let message = Lessonpack.fullMessage(for: error)
            if Lessonpack.exitCode(for: error) == .success {
                Console.out(message)
                return 0
            }
            Console.error(message)
            // Usage mistakes (an unknown option, a missing argument) exit 2, as other Unix tools do.
            return 2
        }
    }

    private static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }

    /// "media scan" for `lessonpack media scan --format json x`: the subcommand names the arguments start with.
    private static func commandPath(_ arguments: [String]) -> String {
        var names: [String] = []
        var commands: [any ParsableCommand.Type] = Lessonpack.configuration.subcommands
        for argument in arguments {
            guard let command = commands.first(where: { $0.configuration.commandName == argument }) else { break }
            names.append(argument)
            commands = command.configuration.subcommands
        }
        return names.joined(separator: " ")
    }
}

/// The frame alone, for a failure that has no results to report.
private struct EmptyBody: Encodable {
    func encode(to encoder: any Encoder) throws {}
}
