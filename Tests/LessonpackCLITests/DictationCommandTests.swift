import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The dictation through the built binary: a module that lists it, played in plain mode from a file of answers,
/// then its progress and its xAPI statements read back.
@Suite(.serialized) struct DictationCommandTests {
    static func module(in folder: TemporaryFolder) throws -> String { try sampleWithDictation(in: folder) }

    @Test func plainModeMarksEachLineAndKeepsTheScore() throws {
        let folder = TemporaryFolder()
        let module = try Self.module(in: folder)
        let check = try LessonpackBinary.run(["check", module])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        // dictationLines sits where `fmt` writes it: after the activity list.
        let fmt = try LessonpackBinary.run(["fmt", "--check", module])
        #expect(fmt.status == 0, "\(fmt.standardOutput)\(fmt.standardError)")
        let data = folder.child("data")
        let answers = """
            dictation
            listen
            slow 0.5
            write
            write thank you please call David very much
            write Good morning! You must be David Moor.
            finish
            back
            quit

            """
        let result = try LessonpackBinary.run(["play", module, "--plain", "--seed", "1", "--data-dir", data, "--player", "none"],
                                              standardInput: answers)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for expected in [
            "== Dictation ==", "Listen and type what you hear.", "Line 1 of 2 (David Moore): not written yet.",
            "Playing line 1.", "Playing line 1 at 0.5× speed.", "Type 'write' and then what you heard",
            "You wrote: thank you please call David very much", "The line:  Thank you. Please call me David.",
            "Marks:     Thank you Please call [+me] David [-very] [-much]", "Missing: me.", "Not in the line: very, much.",
            "5 of 6 words right.", "Line 2 of 2 (Helen Clarke): not written yet.",
            "Marks:     Good morning You must be David Moor→Moore", "Spelling: Moor → Moore.",
            "6 of 7 words right. Finished: 11 of 13 words right (85%).", "The dictation is finished.",
            "6. Dictation: best 85%",
        ] {
            #expect(output.contains(expected), "missing: \(expected)")
        }

        // Without UTF-8 the marks read in ASCII, the same session otherwise.
        let ascii = try LessonpackBinary.run(["play", module, "--plain", "--seed", "1", "--data-dir", folder.child("ascii"),
                                              "--player", "none"], environment: ["LC_ALL": "C"], standardInput: answers)
        #expect(ascii.standardOutput.contains("Marks:     Good morning You must be David Moor->Moore"))
        #expect(ascii.standardOutput.contains("Playing line 1 at 0.5x speed."))
        let nonASCII = ascii.standardOutput.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "\(String(String.UnicodeScalarView(nonASCII)))")

        let progress = try LessonpackBinary.run(["progress", "--data-dir", data, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(progress.standardOutput.utf8)) as? [String: Any])
        let activities = try #require((document["modules"] as? [[String: Any]])?.first?["activities"] as? [[String: Any]])
        let dictation = try #require(activities.first { $0["activity"] as? String == "dictation" })
        #expect(abs((dictation["bestPercent"] as? Double ?? 0) - 1100.0 / 13) < 0.01)

        let xapi = try LessonpackBinary.run(["progress", "--data-dir", data, "--format", "xapi", "--email", "ana@example.org",
                                             "--name", "Ana Silva"])
        let statements = try #require(try JSONSerialization.jsonObject(with: Data(xapi.standardOutput.utf8)) as? [[String: Any]])
        let answered = statements.filter { (($0["verb"] as? [String: Any])?["id"] as? String)?.hasSuffix("/answered") == true }
        #expect(answered.count == 2)
        let first = try #require(answered.first)
        let definition = try #require((first["object"] as? [String: Any])?["definition"] as? [String: Any])
        #expect(definition["interactionType"] as? String == "fill-in")
        // The line as written; xAPI's fill-in takes case as not mattering unless told otherwise.
        #expect(definition["correctResponsesPattern"] as? [String] == ["Thank you. Please call me David."])
        let outcome = try #require(first["result"] as? [String: Any])
        #expect(outcome["response"] as? String == "thank you please call David very much")
        #expect(outcome["success"] as? Bool == false)
        // How far from right: 5 of the line's 6 words.
        let score = try #require(outcome["score"] as? [String: Any])
        #expect(score["raw"] as? Double == 5 && score["max"] as? Double == 6 && score["min"] as? Double == 0)
    }

    /// The full screen in a real terminal: keys typed into the line editor (a slip taken back with Backspace),
    /// Tab to listen, Enter to check, and the marks.
    @Test func fullScreenTypingALine() throws {
        let folder = TemporaryFolder()
        let module = try Self.module(in: folder)
        let terminal = try TmuxSession(command: [LessonpackBinary.path, "play", module, "--seed", "1", "--data-dir",
                                                 folder.child("data"), "--player", "none"], environment: [:])
        func expect(_ text: String) {
            let (found, screen) = terminal.waitFor(text)
            #expect(found, "expected '\(text)' on:\n\(screen)")
        }
        expect("6. Dictation")
        terminal.send("6"); expect("6. Dictation: keys"); terminal.send("x"); expect("Line 1 of 2")
        terminal.send("Tab"); expect("sound is turned off")
        terminal.type("thank you, please call me Davidd"); expect("> thank you, please call me Davidd_")
        terminal.send("BSpace"); expect("> thank you, please call me David_")
        terminal.send("Enter"); expect("All 6 words right.")
        terminal.send("Enter"); expect("Line 2 of 2")
        terminal.type("good morning you must be david more"); terminal.send("Enter")
        expect("Finished: 12 of 13 words right (92%).")
        terminal.send("Escape"); expect("6. Dictation")
        terminal.send("q")
    }

    @Test func aModuleWithoutTheDictationCompilesWithNoTraceOfIt() throws {
        // The compiled module.json of a module that does not list the dictation holds nothing of it, so its bundle
        // is the one built before the dictation existed; one that chooses lines keeps them.
        let unzip = try #require(ExternalTool.find("unzip"))
        func compiled(_ module: String, in folder: TemporaryFolder) throws -> String {
            let output = folder.child("dist")
            let built = try LessonpackBinary.run(["build", module, "-o", output])
            #expect(built.status == 0, "\(built.standardError)")
            let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: output).first { $0.hasSuffix(".lessonpack") })
            return String(decoding: try unzip.run(["-p", output + "/" + bundle, "module.json"]).standardOutput, as: UTF8.self)
        }
        let plain = try compiled(Paths.sampleModule, in: TemporaryFolder())
        #expect(plain.contains("\"pronunciation\"") && !plain.contains("dictation"))
        let folder = TemporaryFolder()
        let chosen = try compiled(try Self.module(in: folder), in: folder)
        #expect(chosen.contains("\"dictationLines\"") && chosen.contains("\"dictation\""))
    }
}
