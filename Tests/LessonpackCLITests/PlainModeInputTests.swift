import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// Plain play of the sample module, with the given lines typed, through the built binary.
enum PlainPlay {
    static func run(_ lines: [String], data: String, seed: Int = 1, environment: [String: String] = [:]) throws -> LessonpackBinary.Result {
        try LessonpackBinary.run(["play", Paths.sampleModule, "--plain", "--seed", String(seed), "--data-dir", data,
                                  "--player", "none", "--recorder", "none"],
                                 environment: environment, standardInput: lines.joined(separator: "\n") + "\n")
    }
}

/// What a learner types in plain mode, and what it does: commands, answers, and the questions the player asks.
@Suite(.serialized) struct PlainModeInputTests {
    /// Plain mode replays the lines of a wrong statement, from the first line's start to the last one's end.
    @Test func plainModeReplaysTheLinesOfAWrongStatement() throws {
        let result = try PlainPlay.run(["2", "answers c c c c c c c c c c", "check", "replay 2", "replay 1", "back", "quit"],
                                    data: TemporaryFolder().path)
        #expect(result.standardOutput.contains("('replay 2' to watch again)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Replaying 0:16–0:19."), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Only a wrong statement, once checked, has lines to watch again."))
    }

    /// The test a learner gets does not depend on the commands typed before it.
    @Test func aDealDoesNotDependOnTheCommandsBeforeIt() throws {
        let direct = try PlainPlay.run(["8", "list", "quit"], data: TemporaryFolder().path, seed: 5)
        let roundabout = try PlainPlay.run(["6", "A", "again", "B", "back", "4", "level hard", "new", "back", "8", "list", "quit"],
                                        data: TemporaryFolder().path, seed: 5)
        func draw(_ output: String) -> [String] {
            output.split(separator: "\n").map(String.init).filter { $0.range(of: #"^\d+\. .* — "#, options: .regularExpression) != nil }
        }
        #expect(draw(direct.standardOutput).count == 20)
        #expect(draw(direct.standardOutput) == draw(roundabout.standardOutput))
    }

    /// At the resume question, `quit` keeps the attempt and `help` explains; only `no` sets it aside.
    @Test func theResumeQuestionTakesQuitAndHelp() throws {
        let data = TemporaryFolder().path
        _ = try PlainPlay.run(["8", "c", "quit"], data: data)
        let asked = try PlainPlay.run(["help", "quit"], data: data)
        #expect(asked.standardOutput.contains("You did not finish Test last time. Carry on where you stopped?"))
        #expect(asked.standardOutput.contains("later (or back): keep your work for later"))
        #expect(asked.standardOutput.contains("Your work is kept"))
        let again = try PlainPlay.run(["no", "quit"], data: data)
        #expect(again.standardOutput.contains("You did not finish Test last time"))
        let gone = try PlainPlay.run(["quit"], data: data)
        #expect(!gone.standardOutput.contains("did not finish"))
    }

    /// Choices are answered by letter in either case, or by number.
    @Test func plainTestChoicesTakeEitherCaseAndNumbers() throws {
        let player = try InteractiveProcess(LessonpackBinary.path, ["play", Paths.sampleModule, "--plain", "--seed", "3",
                                                                    "--data-dir", TemporaryFolder().path, "--player", "none"])
        var prompts = 1
        func say(_ line: String) {
            player.send(line)
            prompts += 1
            player.waitFor("> ", count: prompts)
        }
        #expect(player.waitFor("contents> "))
        say("8")
        var given = 0
        for word in ["b", "B", "2"] {
            // On to the next item with choices.
            var tries = 0
            while !Self.currentItemHasChoices(player.text), tries < 20 {
                say("skip")
                tries += 1
            }
            say(word)
            given += 1
        }
        player.send("list")
        #expect(player.waitFor("20. "))
        let answered = Self.lastList(player.text).filter { $0.range(of: #" — B\. "#, options: .regularExpression) != nil }
        #expect(answered.count == given, "\(player.text)")
        #expect(!player.text.contains("is not a command here"))
        player.send("quit")
        #expect(player.waitUntilExit() == 0)
    }

    /// Whether the last item shown has lettered choices.
    static func currentItemHasChoices(_ text: String) -> Bool {
        guard let item = text.range(of: "Item ", options: .backwards) else { return false }
        return text[item.upperBound...].contains("\n  A. ")
    }

    static func lastList(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.lastIndex(where: { $0.hasSuffix("list") }) else { return [] }
        return lines[(start + 1)...].filter { $0.range(of: #"^\d+\. .* — "#, options: .regularExpression) != nil }
    }

    /// After seeing the last test's results, the learner goes on with the test.
    @Test func earlierResultsDoNotStopTheTest() throws {
        let data = TemporaryFolder().path
        _ = try PlainPlay.run(["8", "finish", "yes", "back", "quit"], data: data)
        let result = try PlainPlay.run(["8", "results", "skip", "quit"], data: data)
        let afterResults = result.standardOutput.components(separatedBy: "test> skip").last ?? ""
        #expect(result.standardOutput.contains("Your last test, finished on"))
        #expect(afterResults.contains("Item 2 of 20"), "\(result.standardOutput)")
    }

    /// Listening first hides the answers' text until heard, and is remembered.
    @Test func listeningFirstIsRemembered() throws {
        let data = TemporaryFolder().path
        let on = try PlainPlay.run(["listening on", "6", "back", "quit"], data: data)
        #expect(on.standardOutput.contains("Texts are hidden until heard"))
        #expect(on.standardOutput.contains("  A. (listen: 'hear A')"))
        // The question played by itself without starting an attempt: the next start goes straight to the contents.
        let later = try PlainPlay.run(["6", "hear B", "look", "back", "listening off", "quit"], data: data)
        #expect(!later.standardOutput.contains("did not finish"))
        #expect(later.standardOutput.contains("  A. (listen: 'hear A')"))
        #expect(later.standardOutput.split(separator: "\n").contains { $0.hasPrefix("  B. ") && !$0.contains("(listen") })
        #expect(later.standardOutput.contains("Every text is shown."))
    }
}

/// What plain mode writes to a terminal, whatever its character set.
@Suite struct PlainModeCharacterSetTests {
    /// A terminal that is not set up for UTF-8 gets ASCII.
    @Test func aNonUTF8TerminalGetsASCII() throws {
        let lines = try String(contentsOfFile: Paths.inPackage("Tests/LessonpackCLITests/Fixtures/play-all.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let result = try PlainPlay.run(lines + ["8", "results", "quit"], data: TemporaryFolder().path, environment: ["LC_ALL": "C"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Question 1 of 7 - try 1 - 0 answered"))
        #expect(result.standardOutput.contains("I worked in a cafe for two years"))
        #expect(result.standardOutput.utf8.allSatisfy { $0 < 0x80 }, "non-ASCII output under LC_ALL=C")
    }
}
