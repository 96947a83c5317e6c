import Foundation
import LessonpackTestSupport
import Testing

/// `plist convert --to binary1`, checked by a reader that is not ours: Python's plistlib, which must find the same
/// values in the same key order as our JSON conversion of the same file, and the same bytes from two runs.
@Suite struct BinaryPlistWriteTests {
    /// Reads a binary property list with plistlib and our JSON conversion of the source, and prints "same" when they
    /// hold the same values with dictionaries in the same order (dates as our JSON writes them, data as base64).
    static let compare = #"""
        import base64, json, plistlib, sys
        def norm(v):
            if isinstance(v, dict): return [[k, norm(x)] for k, x in v.items()]
            if isinstance(v, list): return [norm(x) for x in v]
            if isinstance(v, bytes): return base64.b64encode(v).decode()
            if hasattr(v, "strftime"): return v.strftime("%Y-%m-%dT%H:%M:%SZ")
            return v
        binary = plistlib.load(open(sys.argv[1], "rb"), fmt=plistlib.FMT_BINARY)
        ours = json.load(open(sys.argv[2]), object_pairs_hook=dict)
        print("same" if norm(binary) == norm(ours) else "differ:\n%r\n%r" % (norm(binary), norm(ours)))
        """#

    @Test func aBinaryPropertyListIsWhatPlistlibReadsAndTheSameBytesEachRun() throws {
        let folder = TemporaryFolder()
        let python = try #require(["/usr/bin/python3", "/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "python3 is not installed: scripts/setup installs it")
        let script = folder.write(Self.compare, to: "compare.py")
        for source in ["transcript.plist", "questions/test.plist", "media.plist"] {
            let input = Paths.sampleModule + "/" + source
            let name = source.replacingOccurrences(of: "/", with: "-")
            let binary = folder.child(name + ".binary"), again = folder.child(name + ".again")
            for output in [binary, again] {
                let converted = try LessonpackBinary.run(["plist", "convert", "--to", "binary1", input, "-o", output])
                #expect(converted.status == 0, "\(converted.standardError)")
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: binary))
            #expect(bytes.starts(with: Data("bplist00".utf8)))
            #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == bytes, "\(source): two runs, two files")

            let json = folder.child(name + ".json")
            #expect(try LessonpackBinary.run(["plist", "convert", "--to", "json", input, "-o", json]).status == 0)
            let compared = try LessonpackBinary.runTool(python, [script, binary, json])
            #expect(compared.standardOutput == "same\n", "\(source): \(compared.standardOutput)\(compared.standardError)")
            // And our own reader takes it back: to XML, it is the source's values.
            let back = try LessonpackBinary.run(["plist", "convert", "--to", "xml1", binary])
            #expect(back.status == 0 && back.standardOutput.hasPrefix("<?xml"), "\(back.standardError)")
        }
        // Binary is never shown inside a JSON document.
        let refused = try LessonpackBinary.run(["plist", "convert", "--to", "binary1", Paths.sampleModule + "/media.plist",
                                                "--format", "json"])
        #expect(refused.status == 2 && refused.standardError.contains("cannot go inside a JSON document"))
        // Piped, it is written as it is.
        let piped = try LessonpackBinary.runTool("/bin/sh", ["-c", "\"$0\" plist convert --to binary1 \"$1\" | head -c 8",
                                                             LessonpackBinary.path, Paths.sampleModule + "/media.plist"])
        #expect(piped.standardOutput == "bplist00")
    }
}
