import Foundation
import LessonpackTestSupport
import Testing

/// `lessonpack check`, run as a user runs it, on the sample module and on copies broken the ways authors break them.
@Suite struct CheckCommandTests {
    @Test func theSampleModuleIsClean() throws {
        let result = try LessonpackBinary.run(["check", "Modules/job-interview"], in: Paths.root.path)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Modules/job-interview (job-interview 1.0.0): OK\n")
    }

    @Test func aFolderOfModulesIsCheckedModuleByModule() throws {
        let result = try LessonpackBinary.run(["check", "Modules"], in: Paths.root.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Modules/job-interview (job-interview 1.0.0): OK\n"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("missing"))
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.child("shelf"), withIntermediateDirectories: true)
        _ = folder.copy(Paths.sampleModule, as: "shelf/b-module")
        _ = folder.copy(Paths.sampleModule, as: "shelf/a-module")
        _ = folder.write("not a module", to: "shelf/notes.txt")
        let shelf = try LessonpackBinary.run(["check", "shelf/"], in: folder.path)
        #expect(shelf.status == 0)
        #expect(shelf.standardOutput == "shelf/a-module (job-interview 1.0.0): OK\nshelf/b-module (job-interview 1.0.0): OK\n" +
                "2 modules: 0 errors, 0 warnings\n", "\(shelf.standardOutput)")
        // A folder holding no module is still reported as the module it fails to be.
        let nothing = TemporaryFolder()
        let empty = try LessonpackBinary.run(["check", "."], in: nothing.path, environment: ["NO_COLOR": "1"])
        #expect(empty.status == 1 && empty.standardError.contains("no module.plist"))
    }

    /// Copies the sample module into `folder`, applies `edits`, runs check, and returns the output and the copy.
    func checkBroken(in folder: TemporaryFolder = TemporaryFolder(), _ edits: String,
                     arguments: [String] = []) throws -> (LessonpackBinary.Result, String) {
        let module = folder.copy(Paths.sampleModule, as: "job-interview")
        try FixtureEdits(edits).apply(to: module)
        return (try LessonpackBinary.run(["check", "job-interview"] + arguments, in: folder.path), module)
    }

    /// The 1-based number of the line of `file` that contains `text` (the `occurrence`-th such line).
    func line(of text: String, in file: String, occurrence: Int = 1) throws -> Int {
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        let matches = lines.indices.filter { lines[$0].contains(text) }
        return try #require(matches.dropFirst(occurrence - 1).first) + 1
    }

    @Test func aMissingGreaterThan() throws {
        let (result, _) = try checkBroken("""
            replace definitions.plist
            \t<key>have a seat</key>
            ---
            \t<key>have a seat</key
            """)
        #expect(result.status == 1)
        // Only the typo: a file that does not parse is not also reported as defining nothing.
        // The diagnostic goes to standard error, the verdict to standard output.
        #expect(result.standardError == """
            job-interview/definitions.plist:10:23: error: expected '>' to close the tag [xml-syntax]
             10 | \t<key>have a seat</key
                | \t                     ^

            """)
        #expect(result.standardOutput == "job-interview (job-interview 1.0.0): 1 error, 0 warnings\n")
    }

    @Test func aDeletedMediaFile() throws {
        let folder = TemporaryFolder()
        let (result, module) = try checkBroken(in: folder, "delete media/lines/l05.opus")
        let entry = try line(of: "<key>lines/l05.opus</key>", in: module + "/media.plist")
        #expect(result.status == 1)
        #expect(result.standardError.contains("job-interview/media.plist:\(entry):3: error: media/lines/l05.opus is listed in media.plist but does not exist [media-file-missing]"))
    }

    @Test func anEndlessTimeIsAnErrorNotACrash() throws {
        let (result, _) = try checkBroken("""
            replace transcript.plist
            \t\t\t<string>0:03.589</string>
            ---
            \t\t\t<integer>99999999999999999</integer>
            """)
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: a time in the video runs from 0 to 99:59:59.999, not 1e+17 seconds [invalid-time]"))
    }

    @Test func aDuplicatedDefinition() throws {
        let folder = TemporaryFolder()
        let (result, module) = try checkBroken(in: folder, """
            replace definitions.plist
            \t<key>strengths</key>
            ---
            \t<key>current job</key>
            \t<string>(noun) the job you do now.</string>
            \t<key>strengths</key>
            """)
        let first = try line(of: "<key>current job</key>", in: module + "/definitions.plist")
        let second = try line(of: "<key>current job</key>", in: module + "/definitions.plist", occurrence: 2)
        #expect(result.status == 1)
        #expect(result.standardError.contains("job-interview/definitions.plist:\(second):2: error: duplicate key 'current job' [duplicate-key]"))
        #expect(result.standardError.contains("job-interview/definitions.plist:\(first):2: note: 'current job' was first defined here"))
    }

    @Test func aDanglingLineReference() throws {
        let folder = TemporaryFolder()
        let (result, module) = try checkBroken(in: folder, """
            replace questions/video-task.plist
            \t\t\t\t<string>l16</string>
            ---
            \t\t\t\t<string>l61</string>
            """)
        let reference = try line(of: "<string>l61</string>", in: module + "/questions/video-task.plist")
        #expect(result.status == 1)
        #expect(result.standardError.contains("job-interview/questions/video-task.plist:\(reference):5: error: statement 's09' refers to line 'l61', which is not in the transcript; did you mean 'l16'? [unknown-line]"))
    }

    @Test func aTestBankOfNineteen() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "job-interview")
        let path = module + "/questions/test.plist"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        for id in 20...30 {
            let start = try #require(text.range(of: "\t\t<dict>\n\t\t\t<key>id</key>\n\t\t\t<string>t\(id)</string>"))
            let end = try #require(text.range(of: "\t\t</dict>\n", range: start.upperBound..<text.endIndex))
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try LessonpackBinary.run(["check", "job-interview"], in: folder.path)
        let items = try line(of: "<key>items</key>", in: path) + 1
        #expect(result.status == 1)
        #expect(result.standardError.contains("job-interview/questions/test.plist:\(items):2: error: the test bank holds 19 items, but 'draw' is 20: add 1 or draw fewer [test-bank-too-small]"))
    }

    @Test func jsonForTools() throws {
        let (result, _) = try checkBroken("""
            replace transcript.plist
            <string>applicant</string>
            ---
            <string>aplicant</string>
            """, arguments: ["--format", "json"])
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["errors"] as? Int == 1)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["code"] as? String == "undeclared-speaker")
        #expect(diagnostics.first?["file"] as? String == "job-interview/transcript.plist")
        #expect(diagnostics.first?["line"] as? Int == 27)
        #expect(diagnostics.first?["column"] as? Int == 4)
        // The part of the module, as the studio's form names the field: the second line's speaker.
        #expect(diagnostics.first?["path"] as? String == "transcript.1.speaker")
        let modules = try #require(document["modules"] as? [[String: Any]])
        #expect(modules.first?["id"] as? String == "job-interview")
    }

    @Test func warningsPassUnlessWerror() throws {
        let edit = """
            create media/extra.opus
            an extra file
            """
        let (plain, _) = try checkBroken(edit)
        #expect(plain.status == 0)
        #expect(plain.standardError.contains("warning: media/extra.opus is not in media.plist"))
        let (strict, _) = try checkBroken(edit, arguments: ["--werror"])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: media/extra.opus is not in media.plist"))
    }

    /// The output options every command shares: -q keeps only errors, -v adds the counts, --color always colours.
    @Test func quietVerboseAndColour() throws {
        let edit = """
            create media/extra.opus
            an extra file
            """
        let (quiet, _) = try checkBroken(edit, arguments: ["-q"])
        #expect(quiet.status == 0)
        #expect(quiet.standardError.isEmpty && quiet.standardOutput.isEmpty, "\(quiet.standardOutput)\(quiet.standardError)")
        let (verbose, _) = try checkBroken(edit, arguments: ["--verbose"])
        #expect(verbose.standardError.hasSuffix("check: 0 errors, 1 warning\n"), "\(verbose.standardError)")
        let (coloured, _) = try checkBroken(edit, arguments: ["--color", "always"])
        #expect(coloured.standardError.contains("\u{1B}[1;35mwarning:"))
        #expect(try LessonpackBinary.run(["check", "-q", "-v", Paths.sampleModule]).status == 2)
    }

    @Test func usageAndIOFailuresExitTwo() throws {
        let missing = try LessonpackBinary.run(["check", "/no/such/module"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/no/such/module: no such folder"))
        #expect(try LessonpackBinary.run(["check"]).status == 2)
        #expect(try LessonpackBinary.run(["check", "--bogus", "x"]).status == 2)
        #expect(try LessonpackBinary.run(["frobnicate"]).status == 2)
    }

    @Test func helpAndVersion() throws {
        let help = try LessonpackBinary.run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: lessonpack check"))
        let version = try LessonpackBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("0."))
        #expect(version.standardOutput.contains("(bundle format 1, commit "), "\(version.standardOutput)")
        // The commit the binary was built from: this checkout's, which the test suite's build was made from.
        let head = try LessonpackBinary.runTool("/usr/bin/git", ["-C", Paths.root.path, "rev-parse", "--short=12", "HEAD"])
        let commit = head.status == 0 ? head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) : "not recorded"
        #expect(version.standardOutput.contains("commit \(commit)"), "\(version.standardOutput) is not of \(commit)")
    }
}

@Suite struct CheckWatchTests {
    @Test func watchPrintsOnlyWhatChangedAfterEachSave() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        let watcher = try InteractiveProcess(LessonpackBinary.path, ["check", "--watch", "--interval", "0.1", module],
                                             environment: ["NO_COLOR": "1"])
        defer { watcher.kill() }
        #expect(watcher.waitFor("0 errors, 0 warnings; watching \(module) for changes"))

        let phrasebook = module + "/phrasebook.plist"
        let original = try String(contentsOfFile: phrasebook, encoding: .utf8)
        try original.replacingOccurrences(of: "<key>title</key>", with: "<key>titel</key>")
            .write(toFile: phrasebook, atomically: true, encoding: .utf8)
        #expect(watcher.waitFor("phrasebook.plist changed"))
        #expect(watcher.waitFor("new, 0 fixed: now"))
        #expect(watcher.text.contains("[unknown-key]"))

        try original.write(toFile: phrasebook, atomically: true, encoding: .utf8)
        #expect(watcher.waitFor("fixed: now 0 errors, 0 warnings"))
        #expect(watcher.text.contains("fixed: \(phrasebook):"))

        FileManager.default.createFile(atPath: module + "/notes.txt", contents: Data("to do".utf8))
        #expect(watcher.waitFor("no new problems and none fixed: 0 errors, 0 warnings"))
    }
}
