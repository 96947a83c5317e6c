import ArgumentParser
import Testing
@testable import LessonpackCLI

/// The command line is parsed by the subcommand it starts with when that parse succeeds, and from the root
/// otherwise: either way the same command with the same values, and help and mistakes read as from the root.
@Suite struct ArgumentParsing {
    @Test func aSubcommandsArgumentsGiveTheCommandTheRootWouldGive() throws {
        for arguments in [["play", "m.lessonpack", "--plain", "--seed", "3"], ["check", "Modules/job-interview", "--format", "json"],
                          ["plist", "lint", "a.plist"], ["progress", "--format", "answers"]] {
            let fast = try LessonpackMain.parse(arguments)
            let root = try Lessonpack.parseAsRoot(arguments)
            #expect(ObjectIdentifier(type(of: fast)) == ObjectIdentifier(type(of: root)), "\(arguments)")
            #expect(String(describing: fast) == String(describing: root), "\(arguments)")
        }
    }

    /// Help asked of any command, nested ones too, names the whole command, as parsing from the root does.
    @Test func helpNamesTheWholeCommand() throws {
        var paths: [[String]] = []
        func walk(_ command: any ParsableCommand.Type, _ path: [String]) {
            for subcommand in command.configuration.subcommands {
                guard let name = subcommand.configuration.commandName else { continue }
                paths.append(path + [name])
                walk(subcommand, path + [name])
            }
        }
        walk(Lessonpack.self, [])
        #expect(paths.count > 20)
        for path in paths {
            do {
                // ArgumentParser answers --help with a command of its own that throws the help: never one of ours.
                var command = try LessonpackMain.parse(path + ["--help"])
                guard "\(type(of: command))" == "HelpCommand" else {
                    Issue.record("\(path): --help gave \(type(of: command))")
                    continue
                }
                try command.run()
                Issue.record("\(path): the help command ran without a help message")
            } catch {
                let message = Lessonpack.fullMessage(for: error)
                #expect(message.contains("USAGE: lessonpack \(path.joined(separator: " "))"), "\(path): \(message.prefix(200))")
            }
        }
    }
}
