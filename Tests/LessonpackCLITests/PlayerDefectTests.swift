import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// What learners ran into with the player, each played as they played it, through the built binary.
@Suite(.serialized) struct PlayerDefectTests {
    func play(_ lines: [String], data: String, seed: Int = 1, environment: [String: String] = [:]) throws -> LessonpackBinary.Result {
        try LessonpackBinary.run(["play", Paths.sampleModule, "--plain", "--seed", String(seed), "--data-dir", data,
                                  "--player", "none", "--recorder", "none"],
                                 environment: environment, standardInput: lines.joined(separator: "\n") + "\n")
    }

    /// Defect 1: plain mode replays the lines of a wrong statement, from the first line's start to the last one's end.
    @Test func plainModeReplaysTheLinesOfAWrongStatement() throws {
        let result = try play(["2", "answers c c c c c c c c c c", "check", "replay 2", "replay 1", "back", "quit"],
                              data: TemporaryFolder().path)
        #expect(result.standardOutput.contains("('replay 2' to watch again)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Replaying 0:16–0:19."), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Only a wrong statement, once checked, has lines to watch again."))
    }

    /// Defect 2: the test a learner gets does not depend on the commands typed before it.
    @Test func aDealDoesNotDependOnTheCommandsBeforeIt() throws {
        let direct = try play(["8", "list", "quit"], data: TemporaryFolder().path, seed: 5)
        let roundabout = try play(["6", "A", "again", "B", "back", "4", "level hard", "new", "back", "8", "list", "quit"],
                                  data: TemporaryFolder().path, seed: 5)
        func draw(_ output: String) -> [String] {
            output.split(separator: "\n").map(String.init).filter { $0.range(of: #"^\d+\. .* — "#, options: .regularExpression) != nil }
        }
        #expect(draw(direct.standardOutput).count == 20)
        #expect(draw(direct.standardOutput) == draw(roundabout.standardOutput))
    }

    /// Defect 4: a second player on the same progress is refused.
    @Test func aSecondPlayerIsRefused() throws {
        let data = TemporaryFolder()
        let first = try InteractiveProcess(LessonpackBinary.path, ["play", Paths.sampleModule, "--plain", "--data-dir", data.path,
                                                                   "--player", "none"])
        #expect(first.waitFor("contents>"))
        let second = try play(["quit"], data: data.path)
        #expect(second.status != 0)
        #expect(second.standardError.contains("[progress-in-use]"), "\(second.standardError)")
        first.send("quit")
        #expect(first.waitUntilExit() == 0)
    }

    /// Defect 5: `progress` reads a store in a folder the learner cannot write to, and changes nothing there.
    @Test func progressWorksInAReadOnlyFolder() throws {
        let data = TemporaryFolder()
        _ = try play(["2", "answers c i c i c i c i c i", "check", "back", "quit"], data: data.path)
        let before = try FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: data.child("progress.sqlite")))
        chmod(data.child("progress.sqlite"), 0o444)
        chmod(data.path, 0o555)
        defer { chmod(data.path, 0o755) }
        // Root ignores permissions: run the report as nobody, as a learner without write access would be.
        var command = [LessonpackBinary.path, "progress", "--data-dir", data.path]
        if getuid() == 0 {
            let setpriv = try #require(ExternalTool.find("setpriv"), "setpriv (util-linux) runs the report as nobody")
            command = [setpriv.path, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let report = try LessonpackBinary.runTool(command[0], Array(command.dropFirst()), environment: ["LC_ALL": "C.UTF-8"])
        #expect(report.status == 0, "\(report.standardError)")
        #expect(report.standardOutput.contains("Video task") && report.standardOutput.contains("100%"), "\(report.standardOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: data.child("progress.sqlite"))) == bytes)
    }

    /// Defect 6: at the resume question, `quit` keeps the attempt and `help` explains; only `no` sets it aside.
    @Test func theResumeQuestionTakesQuitAndHelp() throws {
        let data = TemporaryFolder().path
        _ = try play(["8", "c", "quit"], data: data)
        let asked = try play(["help", "quit"], data: data)
        #expect(asked.standardOutput.contains("You did not finish Test last time. Carry on where you stopped?"))
        #expect(asked.standardOutput.contains("later (or back): keep your work for later"))
        #expect(asked.standardOutput.contains("Your work is kept"))
        let again = try play(["no", "quit"], data: data)
        #expect(again.standardOutput.contains("You did not finish Test last time"))
        let gone = try play(["quit"], data: data)
        #expect(!gone.standardOutput.contains("did not finish"))
    }

    /// Defect 9: choices are answered by letter in either case, or by number.
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

    /// Defect 10: a terminal that is not set up for UTF-8 gets ASCII.
    @Test func aNonUTF8TerminalGetsASCII() throws {
        let lines = try String(contentsOfFile: Paths.inPackage("Tests/LessonpackCLITests/Fixtures/play-all.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let result = try play(lines + ["8", "results", "quit"], data: TemporaryFolder().path, environment: ["LC_ALL": "C"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Question 1 of 7 - try 1 - 0 answered"))
        #expect(result.standardOutput.contains("I worked in a cafe for two years"))
        #expect(result.standardOutput.utf8.allSatisfy { $0 < 0x80 }, "non-ASCII output under LC_ALL=C")
    }

    /// Defect 14: listening first hides the answers' text until heard, and is remembered.
    @Test func listeningFirstIsRemembered() throws {
        let data = TemporaryFolder().path
        let on = try play(["listening on", "6", "back", "quit"], data: data)
        #expect(on.standardOutput.contains("Texts are hidden until heard"))
        #expect(on.standardOutput.contains("  A. (listen: 'hear A')"))
        // The question played by itself without starting an attempt: the next start goes straight to the contents.
        let later = try play(["6", "hear B", "look", "back", "listening off", "quit"], data: data)
        #expect(!later.standardOutput.contains("did not finish"))
        #expect(later.standardOutput.contains("  A. (listen: 'hear A')"))
        #expect(later.standardOutput.split(separator: "\n").contains { $0.hasPrefix("  B. ") && !$0.contains("(listen") })
        #expect(later.standardOutput.contains("Every text is shown."))
    }

    /// A store written by Lessonpack before schema 3 (by main's own player) plays on: its unfinished test comes back
    /// with its draw and every answer.
    @Test func aStoreFromBeforeSchemaThreeResumesItsTest() throws {
        let data = TemporaryFolder()
        let fixture = Paths.inPackage("Tests/LessonpackProgressTests/Fixtures/main-schema-2")
        try FileManager.default.copyItem(atPath: fixture + "/progress.sqlite", toPath: data.child("progress.sqlite"))
        let result = try play(["yes", "list", "quit"], data: data.path, seed: 99)
        #expect(result.standardOutput.contains("You did not finish Test last time. Carry on where you stopped?"),
                "\(result.standardOutput)")
        let listed = result.standardOutput.split(separator: "\n").map(String.init)
            .filter { $0.range(of: #"^\d+\. .* — "#, options: .regularExpression) != nil }
        let expected = try String(contentsOfFile: fixture + "/unfinished-test-answers.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(listed == expected)
        let report = try LessonpackBinary.run(["progress", "--data-dir", data.path])
        #expect(report.standardOutput.contains("    test 1, "), "\(report.standardOutput)")
    }

    /// Defect 12: after seeing the last test's results, the learner goes on with the test.
    @Test func earlierResultsDoNotStopTheTest() throws {
        let data = TemporaryFolder().path
        _ = try play(["8", "finish", "yes", "back", "quit"], data: data)
        let result = try play(["8", "results", "skip", "quit"], data: data)
        let afterResults = result.standardOutput.components(separatedBy: "test> skip").last ?? ""
        #expect(result.standardOutput.contains("Your last test, finished on"))
        #expect(afterResults.contains("Item 2 of 20"), "\(result.standardOutput)")
    }

    /// Defect 13: ending plain play with a signal ends the media player too, though it runs in a group of its own.
    @Test func aSignalEndsTheMediaPlayerToo() throws {
        let folder = TemporaryFolder()
        let script = folder.child("player")
        try "#!/bin/sh\necho $$ > \"$0.pid\"\nexec sleep 30\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let player = try InteractiveProcess(LessonpackBinary.path, ["play", Paths.sampleModule, "--plain", "--data-dir",
                                                                    folder.child("data"), "--player", script + " {file}"])
        #expect(player.waitFor("contents>"))
        player.send("1")
        player.send("play")
        var sleeper: Int32?
        let deadline = Date().addingTimeInterval(10)
        while sleeper == nil, Date() < deadline {
            sleeper = (try? String(contentsOfFile: script + ".pid", encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            usleep(50_000)
        }
        let pid = try #require(sleeper, "the player never started: \(player.text)")
        kill(player.pid, SIGTERM)
        #expect(player.waitUntilExit() == 128 + SIGTERM)
        usleep(300_000)
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        #expect(state.isEmpty || state.contains(") Z "), "the media player outlived lessonpack: \(state)")
    }
}
