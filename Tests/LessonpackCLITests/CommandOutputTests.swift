import ArgumentParser
import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackCLI

/// Every command takes the same output options (`--format`, `--color`, `-q`, `-v`), and a failure a command throws
/// before its diagnostics engine exists is told with them, as every other diagnostic is.
@Suite struct CommandOutputTests {
    /// The commands a user can run: the leaves of the command tree.
    static func leaves(_ commands: [any ParsableCommand.Type] = Lessonpack.configuration.subcommands,
                       path: [String] = []) -> [(name: String, type: any ParsableCommand.Type)] {
        commands.flatMap { command -> [(name: String, type: any ParsableCommand.Type)] in
            let name = path + [command.configuration.commandName ?? "?"]
            let children = command.configuration.subcommands
            return children.isEmpty ? [(name.joined(separator: " "), command)] : leaves(children, path: name)
        }
    }

    @Test func everyCommandTakesTheOutputOptions() {
        let commands = Self.leaves()
        #expect(commands.count >= 28)
        for (name, type) in commands {
            #expect(type is any OutputOptionsCommand.Type, "\(name) does not say its output options")
            let help = Lessonpack.helpMessage(for: type, includeHidden: false, columns: 200)
            for option in ["--format <", "--color <", "-q, --quiet", "-v, --verbose"] {
                #expect(help.contains(option), "\(name) has no \(option)")
            }
        }
    }

    /// `OutputOptions` declares the console options itself rather than nesting `ConsoleOptions` (a group costs
    /// ArgumentParser a reflection at every parse): both must read the same to a user, and parse the same.
    @Test func theOutputOptionsDeclareTheConsoleOptionsAsTheyAre() throws {
        func lines(_ help: String) -> [String] {
            help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("--color") || $0.hasPrefix("-q") || $0.hasPrefix("-v") }
        }
        let console = lines(ConsoleOptions.helpMessage(columns: 200))
        #expect(console.count == 3)
        #expect(lines(OutputOptions.helpMessage(columns: 200)) == console)
        for arguments in [["--colour", "never", "-q"], ["--color=always", "--verbose"], []] {
            let output = try OutputOptions.parse(arguments).console
            let direct = try ConsoleOptions.parse(arguments)
            #expect(output.color == direct.color && output.quiet == direct.quiet && output.verbose == direct.verbose)
        }
        #expect(throws: (any Error).self) { try OutputOptions.parse(["-q", "-v"]) }
    }

    /// `keygen` refuses to replace a key before it makes its engine: the refusal is coloured as asked, or not.
    @Test func aFailureBeforeTheEngineFollowsColorAndFormat() throws {
        let folder = TemporaryFolder()
        let key = folder.write("not a key\n", to: "existing.key")
        let coloured = try LessonpackBinary.run(["keygen", key, "--color", "always"])
        #expect(coloured.status == 2)
        #expect(coloured.standardError.contains("\u{1B}[1;31merror:\u{1B}[0m"), "\(coloured.standardError)")
        #expect(coloured.standardError.contains("[key-file-exists]"))
        let plain = try LessonpackBinary.run(["keygen", key, "--color", "never"])
        #expect(!plain.standardError.contains("\u{1B}["), "\(plain.standardError)")
        // An option given with '=' or before the argument counts as well: the parsed command says, not a scan.
        let json = try LessonpackBinary.run(["keygen", "--format=json", key])
        #expect(json.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((document["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "key-file-exists")
    }

    /// `play` keeps standard output for the session: under `--format json` a failure before it starts is the
    /// document alone on standard error, with the code and status of text.
    @Test func playTellsAFailureAsJSONOnStandardError() throws {
        let folder = TemporaryFolder()
        let broken = folder.copy(Paths.sampleModule, as: "broken")
        try "<plist><dict><key>id</key></dict>".write(toFile: broken + "/module.plist", atomically: true, encoding: .utf8)
        for (module, code, status) in [(folder.child("missing"), "module-not-found", Int32(2)),
                                       (broken, "runtime-module-invalid", 1)] {
            let result = try LessonpackBinary.run(["play", module, "--plain", "--format", "json",
                                                   "--data-dir", folder.child("data")])
            #expect(result.status == status)
            #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardError.utf8)) as? [String: Any],
                                        "\(result.standardError)")
            #expect(document["command"] as? String == "play" && document["ok"] as? Bool == false)
            #expect((document["diagnostics"] as? [[String: Any]])?.contains { $0["code"] as? String == code } == true)
        }
    }
}
