import ArgumentParser
import Foundation
import LessonpackDiagnostics
import LessonpackSystem
import TerminalText

package enum LessonpackMain {
    /// Runs the command line and returns the exit status: 0 success, 1 problems found, 2 usage or I/O failure.
    package static func run(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        var command: any ParsableCommand
        do {
            command = try parse(arguments)
        } catch {
            if let unknown = unknownCommand(arguments) {
                return report(CommandFailure(.argumentInvalid, unknown), status: 2, nil, arguments)
            }
            return usage(error)
        }
        // A failure thrown before the command's engine exists is told with the command's own output options.
        let output = (command as? any OutputOptionsCommand)?.commandOutput
        do {
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch let failure as CommandFailure {
            return report(failure, status: failure.status, output, arguments)
        } catch let failure as any DiagnosticError {
            return report(failure, status: 2, output, arguments)
        } catch let invalid as ValidationError {
            // A value `run` refuses is a usage mistake, told as a diagnostic with the command's options.
            return report(CommandFailure(.argumentInvalid, invalid.message), status: 2, output, arguments)
        } catch {
            return usage(error)
        }
    }

    /// The command the arguments ask for. Arguments that start with a subcommand's name are parsed by that
    /// subcommand alone first: parsed from the root, ArgumentParser also builds the root's arguments and walks down
    /// to the subcommand, which cost `play` 3% of its start-up (4M instructions of 158M). Only a parse that gives
    /// one of that subcommand's own commands is kept; help (which ArgumentParser answers with a command of its own that
    /// would name the subcommand as the root), a mistake or anything else is parsed again from the root, so every
    /// message and usage line reads exactly as before.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if let name = arguments.first,
           let subcommand = Lessonpack.configuration.subcommands.first(where: { $0.configuration.commandName == name }),
           let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
           isCommand(type(of: command), in: subcommand) {
            return command
        }
        return try Lessonpack.parseAsRoot(arguments)
    }

    /// "'plya' is not a lessonpack command; did you mean 'play'?" for a word where a command's name belongs: at the
    /// root, or after a group such as `media` that does nothing by itself. Nil when the mistake is another one,
    /// which ArgumentParser's own message then describes.
    static func unknownCommand(_ arguments: [String]) -> String? {
        var group: any ParsableCommand.Type = Lessonpack.self
        var path = ["lessonpack"]
        for argument in arguments {
            let commands = group.configuration.subcommands
            guard !argument.hasPrefix("-"), !commands.isEmpty, group.configuration.defaultSubcommand == nil else { return nil }
            if let next = commands.first(where: { $0._commandName == argument }) {
                group = next
                path.append(argument)
                continue
            }
            let names = commands.map { $0._commandName }
            return "'\(TerminalSafe.line(argument))' is not a \(path.joined(separator: " ")) command"
                + DidYouMean.hint(for: argument, among: names) + " ('\(path.joined(separator: " ")) --help' lists them)"
        }
        return nil
    }

    private static func isCommand(_ type: any ParsableCommand.Type, in tree: any ParsableCommand.Type) -> Bool {
        ObjectIdentifier(type) == ObjectIdentifier(tree) || tree.configuration.subcommands.contains { isCommand(type, in: $0) }
    }

    /// A usage mistake (an unknown option, a missing argument, a value `validate` refuses), in ArgumentParser's
    /// words with the usage line; `--help` and `--version` land here too, and succeed.
    private static func usage(_ error: any Error) -> Int32 {
        let message = Lessonpack.fullMessage(for: error)
        if Lessonpack.exitCode(for: error) == .success {
            Console.out(message)
            return 0
        }
        Console.error(message)
        // Usage mistakes exit 2, as other Unix tools do.
        return 2
    }

    /// A command that could not do its work: its diagnostics on standard error, and for a script that asked for
    /// JSON, the frame alone (on standard output, or standard error for `play` and `studio`), so it gets a
    /// document even when the command could not start.
    private static func report(_ failure: some DiagnosticError, status: Int32, _ output: CommandOutput?,
                               _ arguments: [String]) -> Int32 {
        let engine = output?.engine() ?? DiagnosticsEngine(format: .text, colour: .auto)
        engine.fail(failure, status: status)
        return engine.finishFailure(command: commandPath(arguments))
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
