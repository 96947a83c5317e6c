import Foundation
import LessonpackTestSupport
import Testing

@Suite struct PlistCommandTests {
    let corpus = Paths.corpus + "/plist-real"

    @Test(.needsSharedData) func lintAcceptsRealFilesAndNamesTheProblemInBrokenOnes() throws {
        let folder = TemporaryFolder()
        let broken = folder.write("<plist>\n<dict>\n\t<key>a</key>\n</dict>\n</plist>\n", to: "broken.plist")
        let good = corpus + "/021-launchd-mdnsresponder.plist"
        let result = try LessonpackBinary.run(["plist", "lint", good, broken])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("\(good): OK"))
        #expect(result.standardError.contains("\(broken):3:2: error: key 'a' has no value [key-without-value]"))
        #expect(try LessonpackBinary.run(["plist", "lint", good]).status == 0)
        // A file that is not there is no property list with a problem: the work could not be done.
        #expect(try LessonpackBinary.run(["plist", "lint", folder.child("none.plist")]).status == 2)
    }

    @Test func aDashReadsStandardInput() throws {
        let module = try String(contentsOfFile: Paths.sampleModule + "/module.plist", encoding: .utf8)
        let lint = try LessonpackBinary.run(["plist", "lint", "-"], standardInput: module)
        #expect(lint.status == 0 && lint.standardOutput == "<stdin>: OK\n", "\(lint.standardError)")
        let broken = try LessonpackBinary.run(["plist", "lint", "-"], environment: ["NO_COLOR": "1"],
                                              standardInput: "<plist>\n<dict>\n\t<key>a</key>\n</dict>\n</plist>\n")
        #expect(broken.status == 1 && broken.standardError.contains("<stdin>:3:"), "\(broken.standardError)")
        let twice = try LessonpackBinary.run(["plist", "lint", "-", "-"], standardInput: module)
        #expect(twice.status == 2)
        let converted = try LessonpackBinary.run(["plist", "convert", "--to", "json", "-"], standardInput: module)
        let fromFile = try LessonpackBinary.run(["plist", "convert", "--to", "json", Paths.sampleModule + "/module.plist"])
        #expect(converted.status == 0 && converted.standardOutput == fromFile.standardOutput)
        // More than a property list may hold is refused, not read without end.
        let huge = try LessonpackBinary.run(["plist", "lint", "-"], standardInput: String(repeating: " ", count: (32 << 20) + 1))
        #expect(huge.status != 0 && huge.standardError.contains("[file-too-large]"), "\(huge.standardError.prefix(300))")
    }

    @Test func bytesInvalidInTheNamedEncodingGetOneMessageAndNothingFromLibxml2() throws {
        let folder = TemporaryFolder()
        let path = folder.child("sjis.plist")
        let bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><plist><string>".utf8)
            + [0x81, 0x00, 0x82] + Array("</string></plist>".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try LessonpackBinary.run(["plist", "lint", path])
        #expect(result.status == 1)
        #expect(result.standardError == "\(path): error: the file's bytes are not valid in its encoding " +
                "(bytes 0x81 0x00 0x82 0x3C): save it as UTF-8, or name the encoding it uses in the first line, " +
                "e.g. <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?> [xml-syntax]\n")
        #expect(result.standardOutput.isEmpty, "libxml2 printed: \(result.standardOutput)")
    }

    @Test func lintRefusesHostileFilesWithoutLeakingAnything() throws {
        let folder = TemporaryFolder()
        let xxe = folder.write("""
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <plist><string>&xxe;</string></plist>
            """, to: "xxe.plist")
        let result = try LessonpackBinary.run(["plist", "lint", xxe])
        #expect(result.status == 1)
        #expect(result.standardError.contains("[dtd-not-allowed]"))
        #expect(!result.standardOutput.contains("root:") && !result.standardError.contains("root:"))
    }

    @Test(.needsSharedData) func convertsToTheCorpusJSON() throws {
        let result = try LessonpackBinary.run(["plist", "convert", "--to", "json", corpus + "/056-int64-extremes.plist"])
        #expect(result.status == 0)
        let expected = try String(contentsOfFile: corpus + "/056-int64-extremes.json", encoding: .utf8)
        #expect(try OrderedJSON.parse(result.standardOutput) == OrderedJSON.parse(expected))
    }

    @Test(.needsSharedData) func convertWritesTheOutputFileOnlyWhenTheInputIsValid() throws {
        let folder = TemporaryFolder()
        let output = folder.write("previous", to: "out.json")
        let good = try LessonpackBinary.run(["plist", "convert", "--to", "xml", corpus + "/059-dates-range.plist", "-o", output])
        #expect(good.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("<date>1869-01-03T08:16:32Z</date>"))

        let broken = folder.write("<plist><integer>x</integer></plist>", to: "bad.plist")
        let before = try String(contentsOfFile: output, encoding: .utf8)
        let bad = try LessonpackBinary.run(["plist", "convert", "--to", "json", broken, "-o", output])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("bad.plist:1:17: error: 'x' is not an integer"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["bad.plist", "out.json"])
    }

    @Test func convertRefusesAnUnknownFormat() throws {
        #expect(try LessonpackBinary.run(["plist", "convert", "--to", "yaml", corpus + "/059-dates-range.plist"]).status == 2)
    }
}
