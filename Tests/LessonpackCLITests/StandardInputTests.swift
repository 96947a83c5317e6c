import Foundation
import LessonpackTestSupport
import Testing

/// `-` names standard input wherever a command reads a file: import, fmt and pitch (plist lint and convert have
/// their own tests), named `<stdin>` in what they say.
@Suite struct StandardInputTests {
    @Test func importReadsStandardInputAndNamesItStdin() throws {
        let folder = TemporaryFolder()
        #expect(try LessonpackBinary.run(["new", "module"], in: folder.path).status == 0)
        let module = folder.child("module")
        let glossary = "term,part of speech,definition\nqueue,noun,a line of people waiting\n"
        let imported = try LessonpackBinary.run(["import", "glossary", "-", "--into", module], standardInput: glossary)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("1 added"), "\(imported.standardOutput)")
        #expect(try String(contentsOfFile: module + "/definitions.plist", encoding: .utf8).contains("a line of people waiting"))

        // A mistake in what came on standard input is placed in <stdin>.
        let broken = try LessonpackBinary.run(["import", "questions", "-", "--into", module, "--from", "aiken"],
                                              standardInput: "Which?\nA. one\nB. two\nANSWER: C\n")
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("<stdin>:4:9: error: 'ANSWER: C' names no option"), "\(broken.standardError)")

        // A lesson document is opened by name (pandoc reads Word and OpenDocument files), so '-' is refused.
        let lesson = try LessonpackBinary.run(["import", "lesson", "-", "--into", module], standardInput: "# Lesson\n")
        #expect(lesson.status == 2 && lesson.standardError.contains("a lesson is read from its file"))
    }

    @Test func fmtFormatsStandardInputOntoStandardOutput() throws {
        let messy = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>b</key>   <string>two</string>
            <key>a</key><integer>1</integer></dict></plist>
            """
        let formatted = try LessonpackBinary.run(["fmt", "-"], standardInput: messy)
        #expect(formatted.status == 0, "\(formatted.standardError)")
        #expect(formatted.standardOutput.contains("<dict>\n\t<key>b</key>\n\t<string>two</string>\n\t<key>a</key>\n\t<integer>1</integer>\n</dict>"),
                "\(formatted.standardOutput)")
        // Formatted text comes back byte for byte, and --check says whether there is anything to do.
        let again = try LessonpackBinary.run(["fmt", "-"], standardInput: formatted.standardOutput)
        #expect(again.status == 0 && again.standardOutput == formatted.standardOutput)
        let clean = try LessonpackBinary.run(["fmt", "--check", "-"], standardInput: formatted.standardOutput)
        #expect(clean.status == 0 && clean.standardOutput.isEmpty)
        let dirty = try LessonpackBinary.run(["fmt", "--check", "-"], standardInput: messy)
        #expect(dirty.status == 1 && dirty.standardOutput == "<stdin>: not formatted\n")
        let json = try LessonpackBinary.run(["fmt", "-", "--format", "json"], standardInput: messy)
        #expect(json.standardOutput.contains(#""document" : "<?xml"#))

        let broken = try LessonpackBinary.run(["fmt", "-"], standardInput: "<plist><dict></plist>")
        #expect(broken.status == 1 && broken.standardOutput.isEmpty)
        #expect(broken.standardError.contains("<stdin>:1:"), "\(broken.standardError)")
        #expect(try LessonpackBinary.run(["fmt", "-", "Modules"]).status == 2)
    }

    @Test func pitchReadsAudioFromStandardInput() throws {
        let clip = Paths.sampleModule + "/media/lines/l01.opus"
        let named = try LessonpackBinary.run(["pitch", clip, "--format", "csv"])
        #expect(named.status == 0, "\(named.standardError)")
        let piped = try LessonpackBinary.runTool("/bin/sh", ["-c", "exec \"$0\" pitch - --format csv < \"$1\"",
                                                             LessonpackBinary.path, clip])
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == named.standardOutput && named.standardOutput.split(separator: "\n").count > 50)
        // What is not audio is said of <stdin>; standard input is read once.
        let noise = try LessonpackBinary.run(["pitch", "-"], standardInput: "not audio at all")
        #expect(noise.status == 1 && noise.standardError.contains("<stdin>"), "\(noise.standardError)")
        #expect(try LessonpackBinary.run(["pitch", "-", "-"]).status == 2)
    }
}
