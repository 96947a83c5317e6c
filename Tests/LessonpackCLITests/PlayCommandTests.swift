import Foundation
import LessonpackProgress
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The player, run as learners run it: plain mode from a file of answers, killed and resumed, and full screen in a
/// real terminal (tmux) through all eight activities.
@Suite(.serialized) struct PlayCommandTests {
    /// A recorder that needs no microphone: sox writes a tone of the requested length.
    static let fakeMicrophone = "sox -n -r 16000 -c 1 {output} synth {seconds} sine 300"

    func playArguments(_ data: String, seed: Int = 1, extra: [String] = []) -> [String] {
        ["play", Paths.sampleModule, "--seed", String(seed), "--data-dir", data, "--player", "none",
         "--recorder", Self.fakeMicrophone] + extra
    }

    @Test func plainModePlaysEveryActivityFromAFileOfAnswers() throws {
        let folder = TemporaryFolder()
        let answers = try String(contentsOfFile: Paths.inPackage("Tests/LessonpackCLITests/Fixtures/play-all.txt"), encoding: .utf8)
        let result = try LessonpackBinary.run(playArguments(folder.child("data"), extra: ["--plain"]), standardInput: answers)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for expected in [
            "== Video ==", "0:05 / 1:47", "subtitles off", "21. [1:42] Helen Clarke: You're welcome, David. We'll be in touch by Friday.",
            "== Video task ==", "10 of 10 right.",
            "== Language and vocabulary ==", "nice to meet you (expression): a polite greeting used when you meet someone for the first time.",
            "have a seat (expression): a polite way of asking someone to sit down.",
            "== Audio game ==", "New game, easy.",
            "== Pronunciation practice ==", "Intonation: ", "voice │", "you   │",
            "Playing both at once: the original on the left, you on the right.",
            "Playing the original, then you.",
            "== Questions and answers ==", "All answered:",
            "== Dictionary and phrasebook ==", "  responsibility (noun)", "Introducing yourself:",
            "== Test ==", "Every item is answered.", "Score: ", "  Greet an interviewer and introduce yourself.",
            "  Ask a question about the job and end the interview politely.",
        ] {
            #expect(output.contains(expected), "missing: \(expected)")
        }
        // Sound was turned off, and the learner is told once.
        #expect(output.components(separatedBy: "Note: sound is turned off").count == 2)
        // The same file and seed play the same session.
        let again = try LessonpackBinary.run(playArguments(TemporaryFolder().path, extra: ["--plain"]), standardInput: answers)
        #expect(Self.withoutClock(again.standardOutput) == Self.withoutClock(output))

        let progress = try LessonpackBinary.run(["progress", "--data-dir", folder.child("data"), "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(progress.standardOutput.utf8)) as? [String: Any])
        // The frame every command shares, with the records as its own keys.
        #expect(document["command"] as? String == "progress" && document["version"] as? Int == 1)
        #expect(document["ok"] as? Bool == true && (document["diagnostics"] as? [Any])?.isEmpty == true)
        let modules = try #require(document["modules"] as? [[String: Any]])
        let activities = try #require(modules.first?["activities"] as? [[String: Any]])
        #expect(activities.count == 8)
        let test = try #require(activities.first { $0["activity"] as? String == "test" })
        #expect((test["objectives"] as? [[String: Any]])?.count == 3)
        let finishedAt = try #require((test["tests"] as? [[String: Any]])?.first?["finishedAt"] as? String)
        #expect(ISO8601DateFormatter().date(from: finishedAt) != nil, "\(finishedAt)")
        #expect(activities.first { $0["activity"] as? String == "video-task" }?["bestPercent"] as? Double == 100)
        let text = try LessonpackBinary.run(["progress", "--data-dir", folder.child("data")])
        #expect(text.standardOutput.contains("    test 1, "))
        #expect(text.standardOutput.contains("Greet an interviewer and introduce yourself. ("))
        let csv = try LessonpackBinary.run(["progress", "--data-dir", folder.child("data"), "--format", "csv"])
        #expect(csv.standardOutput.hasPrefix("module,activity,attempts,best_percent,last_percent,correct,incorrect,unanswered,objective"))
        #expect(csv.standardOutput.contains("job-interview,video-task,1,100.0,100.0,"))
        #expect(csv.standardOutput.contains(",1,Greet an interviewer and introduce yourself.\n"))
    }

    /// The video clock runs on real time; everything else in a session replays exactly.
    static func withoutClock(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d+:\d\d / 1:47, (playing|paused|ended)"#, with: "CLOCK", options: .regularExpression)
            .replacingOccurrences(of: #"\(\d+ seconds\)"#, with: "(TIME)", options: .regularExpression)
    }

    @Test func aKilledTestResumesWithEveryAnswer() throws {
        let folder = TemporaryFolder()
        let data = folder.child("data")
        let first = try InteractiveProcess(LessonpackBinary.path, playArguments(data, extra: ["--plain"]))
        first.send("8")
        #expect(first.waitFor("Item 1 of 20"))
        for _ in 0..<5 {
            first.send("a")
            first.send("correct")
        }
        first.send("list")
        #expect(first.waitFor("20. "))
        let answered = Self.answers(in: first.text)
        #expect(answered.filter { !$0.hasSuffix("not answered") }.count >= 5)
        first.kill()

        let second = try InteractiveProcess(LessonpackBinary.path, playArguments(data, seed: 99, extra: ["--plain"]))
        #expect(second.waitFor("You did not finish Test last time"))
        second.send("yes")
        #expect(second.waitFor("== Test =="))
        second.send("list")
        #expect(second.waitFor("20. "))
        #expect(Self.answers(in: second.text) == answered)
        second.send("quit")
        #expect(second.waitUntilExit() == 0)
    }

    /// Another program holds the progress store while the learner answers: the answer waits, and when it still
    /// cannot be saved the activity stops and says so, rather than letting the learner answer on into nothing.
    @Test func anAnswerThatCannotBeSavedStopsTheActivity() throws {
        let folder = TemporaryFolder()
        let data = folder.child("data")
        let player = try InteractiveProcess(LessonpackBinary.path, playArguments(data, extra: ["--plain"]),
                                            environment: ["LESSONPACK_BUSY_TIMEOUT": "1"])
        player.send("8")
        #expect(player.waitFor("Item 1 of 20"))
        let holder = try InteractiveProcess("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("holding", flush=True)
            time.sleep(30)
            """, data + "/progress.sqlite"])
        #expect(holder.waitFor("holding"), "python3 could not hold the store: \(holder.text)")
        player.send("a")
        player.send("correct")
        #expect(player.waitFor("could not be saved"), "\(player.text)")
        #expect(player.text.contains("[progress-unsaved]"))
        #expect(player.waitFor("contents>"))
        holder.kill()
        player.send("quit")
        #expect(player.waitUntilExit() == 0)
    }

    /// The lines of the last `list`: "N. item — answer".
    static func answers(in output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        guard let start = lines.lastIndex(where: { $0.hasSuffix("list") }) else { return [] }
        return lines[(start + 1)...].filter { $0.range(of: #"^\d+\. .* — "#, options: .regularExpression) != nil }
    }

    @Test func theDatabaseSurvivesRepeatedKills() throws {
        let folder = TemporaryFolder()
        let data = folder.child("data")
        var generator = SeededRandomLite(seed: 5)
        for round in 0..<8 {
            let player = try InteractiveProcess(LessonpackBinary.path, playArguments(data, seed: round, extra: ["--plain"]))
            player.send("yes")
            player.send("8")
            // Killed while answering (an attempt is saved from its first answer on), at a random moment.
            #expect(player.waitFor("Item "))
            for _ in 0..<30 {
                player.send("a")
                player.send("correct")
            }
            Thread.sleep(forTimeInterval: Double(generator.next() % 300) / 1000 + 0.05)
            player.kill()
        }
        let store = try ProgressStore(folder: data)
        #expect(try store.integrityCheck() == "ok")
        #expect(try !store.unfinishedAttempts(moduleID: "job-interview").isEmpty)
    }

    /// One speaker's subtitles, chosen by name in plain mode, are the learner's choice the next time a video opens.
    @Test func oneSpeakersSubtitlesAreChosenByNameAndRemembered() throws {
        let folder = TemporaryFolder()
        let first = try LessonpackBinary.run(playArguments(folder.child("data"), extra: ["--plain"]),
                                             standardInput: "1\nsubtitles helen\nseek 0:05\nsubtitles nobody\nback\nquit\n")
        #expect(first.status == 0, "\(first.standardError)")
        // At 0:05 David Moore speaks: no subtitle, and Helen Clarke's next line is the one to come.
        #expect(first.standardOutput.contains("0:05 / 1:47, paused, subtitles: only Helen Clarke"), "\(first.standardOutput)")
        #expect(first.standardOutput.contains("Next, at 0:09: Helen Clarke: "))
        #expect(first.standardOutput.contains("Choose one of the speakers: Helen Clarke and David Moore."))
        let again = try LessonpackBinary.run(playArguments(folder.child("data"), extra: ["--plain"]),
                                             standardInput: "1\nnow\nback\nquit\n")
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("0:00 / 1:47, paused, subtitles: only Helen Clarke"), "\(again.standardOutput)")
    }

    /// "hear only helen" in plain mode: the player prepares the conversation with David Moore's lines silenced, keeps
    /// it in the learner's cache, and plays it (here through a player that plays nothing).
    @Test func hearingOneSpeakerPlaysAPreparedConversation() throws {
        _ = try #require(ExternalTool.find("sox"), "scripts/setup installs sox")
        let folder = TemporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder.child("cache")
        let arguments = ["play", Paths.sampleModule, "--seed", "1", "--data-dir", folder.child("data"),
                         "--player", "true {file} {start}", "--recorder", "none", "--plain"]
        let result = try LessonpackBinary.run(arguments, environment: environment,
                                              standardInput: "1\nhear only helen\nplay\nhear someone\nback\nquit\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("subtitles on, only Helen Clarke's voice"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Say whose voices: hear only Helen"))
        let voices = folder.child("cache") + "/lessonpack/voices"
        let prepared = try #require(try FileManager.default.contentsOfDirectory(atPath: voices).first { $0.hasSuffix(".wav") })
        func rms(from start: Double, to end: Double) throws -> Double {
            try SoxMeasure.rms(voices + "/" + prepared, from: start, to: end)
        }
        // 0:04–0:08 is David Moore's first line; 0:00.5–0:03.5 Helen Clarke's.
        #expect(try rms(from: 4.3, to: 8.3) == 0)
        #expect(try rms(from: 0.6, to: 3.5) > 0.01)
    }

    /// A role play in plain mode, as David Moore: the video stops before each of his lines, the learner says two of
    /// them (sox's tone stands in for a voice) and lets the video say the others; each take gets its intonation;
    /// "hear mine" makes the conversation with the takes in it; the recordings sit beside pronunciation's, not over
    /// them; and the store queues `attempted` and `completed` for the role play with two lines of ten said. (Two
    /// takes, not ten: each is measured, and the whole run must stay well inside its time on a loaded machine.)
    @Test func aRolePlayInPlainMode() throws {
        _ = try #require(ExternalTool.find("sox"), "scripts/setup installs sox")
        let folder = TemporaryFolder()
        let data = folder.child("data")
        let arguments = ["play", Paths.sampleModule, "--seed", "1", "--data-dir", data,
                         "--player", "true {file} {start}", "--recorder", Self.fakeMicrophone, "--plain"]
        let lines = ["1", "roleplay", "roleplay david", "seek 0:30", "say", "skip", "say"] + Array(repeating: "skip", count: 7)
            + ["say", "hear mine", "back", "quit"]
        let result = try LessonpackBinary.run(arguments, standardInput: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for expected in [
            "Say whose lines: roleplay Helen, or roleplay stop",
            "You play David Moore. The video stops before each of your lines for you to say it.",
            "Role play: you are David Moore. 0 of 10 lines said.",
            "Helen Clarke: Good morning. You must be David Moore.",
            "Your line: Yes, that's right. Good morning. Nice to meet you.",
            "Not during the role play: stop it first.",
            // Plain mode waits for the intonation, whose message is the one shown after a line is said.
            "Recording: say your line now.\n(up to 8 seconds)\nIntonation: ",
            "The video says this line for you.",
            "Your line: Yes, no problem. I took the bus, and the hotel is right next to the stop.",
            "That was your last line.",
            "2. ✓ Yes, that's right. Good morning. Nice to meet you. — Intonation: ",
            "4. · Thank you. Please call me David.",
            "There is no line of yours to say now.",
            "Playing the conversation with your lines in it.",
        ] {
            #expect(output.contains(expected), "expected '\(expected)' in:\n\(output)")
        }
        let recordings = data + "/recordings/job-interview"
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: recordings))
        #expect(files.contains("l02-role-play.wav") && files.contains("l06-role-play.wav") && !files.contains("l04-role-play.wav")
                && !files.contains("l02-learner.wav"))
        // The conversation with two takes of 1.5 × the line + 1 s of tone in place of two lines: 7 s longer.
        // 16-bit mono at 44.1 kHz after a 44-byte header.
        let size = try FileManager.default.attributesOfItem(atPath: recordings + "/role-play-heard.wav")[.size] as? Int ?? 0
        let heard = Double(size - 44) / 88_200
        #expect(heard > 107, "\(heard) s")

        let store = try ProgressStore(folder: data)
        let bodies = try store.allStatements().map(\.body).filter { $0.contains(":activity:video:role-play:applicant") }
        #expect(bodies.count == 2)
        #expect(bodies.contains { $0.contains("/attempted") } && bodies.contains { $0.contains("/completed") })
        #expect(bodies.allSatisfy { $0.contains(#""urn:lessonpack:extension:lines-spoken":2"#) })
    }

    @Test func fullScreenThroughAllEightActivities() throws {
        let folder = TemporaryFolder()
        let terminal = try TmuxSession(command: [LessonpackBinary.path] + playArguments(folder.child("data"), seed: 3), environment: [:])
        func expect(_ text: String, _ comment: String = "") {
            let (found, screen) = terminal.waitFor(text)
            #expect(found, "\(comment) expected '\(text)' on:\n\(screen)")
        }
        expect("1. Video")

        terminal.send("1"); expect("1. Video: keys"); terminal.send("x")
        expect("subtitles on"); terminal.send("Space"); expect("▶ playing"); terminal.send("s"); expect("subtitles off")
        // w: whose subtitles, from everyone's through each speaker's alone.
        terminal.send("w"); expect("subtitles on"); terminal.send("w"); expect("subtitles: only Helen Clarke")
        // p: a role play as Helen Clarke; r says her first line; q stops the role play, and then leaves.
        terminal.send("p"); expect("Role play: you are Helen Clarke. 0 of 11 lines said."); expect("Your line: Good morning.")
        expect("r say your line")
        terminal.send("r"); expect("1 of 11 lines said"); expect("✓ 1. Good morning.")
        terminal.send("q"); expect("Role play stopped. You said 1 of 11 lines.")
        terminal.send("q"); expect("Contents")

        terminal.send("2"); expect("2. Video task: keys"); terminal.send("x")
        for statement in 0..<10 {
            terminal.send("Space")
            if statement % 2 == 1 { terminal.send("Space") }
            terminal.send("Down")
        }
        terminal.send("c"); expect("10 of 10 right.")
        terminal.send("q"); expect("best 100%")

        terminal.send("3"); expect("3. Language and vocabulary: keys"); terminal.send("x")
        terminal.send("Tab"); expect("nice to meet you: open it"); terminal.send("Enter"); expect("nice to meet you (expression)")
        terminal.send("q"); expect("Contents")

        terminal.send("4"); expect("4. Audio game: keys"); terminal.send("x"); expect("Choose a level:")
        terminal.send("e"); expect("easy · moves 0"); terminal.send("Enter"); expect("◀ drop here"); terminal.send("Enter")
        expect("moves 1")
        terminal.send("q"); expect("Contents")

        terminal.send("5"); expect("5. Pronunciation practice: keys"); terminal.send("x")
        terminal.send("r"); expect("Recorded: compare it with the original."); terminal.send("b")
        expect("Playing both at once: the original on the left, you on the right."); expect("compared: both at once")
        terminal.send("q"); expect("Contents")

        terminal.send("6"); expect("6. Questions and answers: keys"); terminal.send("x"); expect("Question 1 of 7")
        terminal.send("a"); expect("1 answered")
        terminal.send("q"); expect("Contents")

        terminal.send("7"); expect("7. Dictionary and phrasebook: keys"); terminal.send("x")
        terminal.type("resp"); expect("responsibility"); terminal.send("Enter"); expect("responsibility (noun)")
        terminal.send("Escape"); terminal.send("Tab"); terminal.send("Tab"); expect("Talking about your work experience")
        terminal.send("Escape"); terminal.send("Escape"); expect("Contents")

        terminal.send("8"); expect("8. Test: keys"); terminal.send("x"); expect("Item 1 of 20")
        for _ in 0..<20 {
            terminal.send("a")
            terminal.send("Space")
            terminal.send("Right")
        }
        expect("20 answered"); terminal.send("f"); expect("Score: ")
        expect("right ·")
        terminal.send("q"); expect("Contents")
        terminal.send("q")
        let deadline = Date().addingTimeInterval(10)
        while terminal.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!terminal.isRunning)
    }
}

/// A tiny generator for test timings (the runtime's SeededRandom is not a dependency of this target).
struct SeededRandomLite {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

/// `play`'s exit status follows the README's rule: problems in the module are 1, a module that is not there 2.
@Suite struct PlayExitStatusTests {
    @Test func aModuleWithErrorsIsAProblemFoundAndAMissingOneAFailure() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        try FixtureEdits("""
            replace transcript.plist
            <string>applicant</string>
            ---
            <string>aplicant</string>
            """).apply(to: module)
        let broken = try LessonpackBinary.run(["play", "--plain", module, "--data-dir", folder.child("data")], standardInput: "")
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("run 'lessonpack check"))
        let missing = try LessonpackBinary.run(["play", "--plain", folder.child("nothing"), "--data-dir", folder.child("data")],
                                               standardInput: "")
        #expect(missing.status == 2)
    }
}

/// `-q` leaves out the notes that only repeat what the learner chose; the session itself is the same.
@Suite struct PlayQuietTests {
    @Test func quietDoesNotRepeatThatSoundIsTurnedOff() throws {
        let folder = TemporaryFolder()
        let arguments = ["play", Paths.sampleModule, "--plain", "--seed", "1", "--player", "none"]
        let told = try LessonpackBinary.run(arguments + ["--data-dir", folder.child("told")], standardInput: "1\nplay\nback\nquit\n")
        #expect(told.status == 0, "\(told.standardError)")
        #expect(told.standardOutput.contains("Note: sound is turned off"))
        let quiet = try LessonpackBinary.run(arguments + ["-q", "--data-dir", folder.child("quiet")],
                                             standardInput: "1\nplay\nback\nquit\n")
        #expect(quiet.status == 0, "\(quiet.standardError)")
        #expect(!quiet.standardOutput.contains("sound is turned off"))
        #expect(quiet.standardOutput.contains("== Video =="))
    }

    /// The player remembers, in the learner's cache, the bundles this build checked: the second opening of the same
    /// bundle does not check it again, and a bundle it refused is remembered not at all.
    @Test func aBundleThatPassedIsRememberedInTheCache() throws {
        let folder = TemporaryFolder()
        let built = try LessonpackBinary.run(["build", Paths.sampleModule, "-o", folder.child("dist")])
        #expect(built.status == 0, "\(built.standardError)")
        let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.child("dist")).first)
        let environment = ["XDG_CACHE_HOME": folder.child("cache")]
        for _ in 0..<2 {
            let played = try LessonpackBinary.run(["play", folder.child("dist/" + bundle), "--plain", "--player", "none",
                                                   "--data-dir", folder.child("data")], environment: environment, standardInput: "quit\n")
            #expect(played.status == 0, "\(played.standardError)")
        }
        let remembered = try FileManager.default.contentsOfDirectory(atPath: folder.child("cache/lessonpack/checked"))
        #expect(remembered.count == 1, "\(remembered)")
    }
}
