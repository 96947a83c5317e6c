import Foundation
import LessonpackTestSupport
import Testing

/// Binary and JSON files given to `plist lint`, `plist convert` and `check`, as Xcode and plutil leave them.
@Suite struct BinaryPlistCommandTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>empty</key>
        \t<string></string>
        \t<key>flags</key>
        \t<array>
        \t\t<true/>
        \t\t<false/>
        \t\t<integer>0</integer>
        \t\t<integer>1</integer>
        \t\t<real>1</real>
        \t</array>
        \t<key>made</key>
        \t<date>2024-05-01T09:30:00Z</date>
        \t<key>seed</key>
        \t<data>AAEC/w==</data>
        \t<key>title</key>
        \t<string>Job interview &amp; more</string>
        </dict>
        </plist>

        """

    /// Writes `text`'s property list as a binary one, the way `plutil -convert binary1` does.
    @discardableResult
    func writeBinary(ofXML text: String, to path: String) throws -> [UInt8] {
        let object = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: path))
        return [UInt8](data)
    }

    @Test func lintAcceptsABinaryPropertyList() throws {
        let folder = TemporaryFolder()
        let path = folder.child("Info.plist")
        let bytes = try writeBinary(ofXML: Self.xml, to: path)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let result = try LessonpackBinary.run(["plist", "lint", path])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(path): OK\n")
    }

    /// A file that cannot be read is named with what is wrong, in a sentence that reads ("no such file", not
    /// "this file no such file").
    @Test func lintSaysWhyAFileCannotBeRead() throws {
        let folder = TemporaryFolder()
        let missing = folder.child("missing.plist")
        let result = try LessonpackBinary.run(["plist", "lint", missing, folder.path])
        #expect(result.status == 2)
        #expect(Set(result.standardError.split(separator: "\n").map(String.init)) == [
            "\(missing): error: no such file [unreadable-file]",
            "\(folder.path): error: this file is a folder, not a file [not-a-regular-file]",
        ])
    }

    @Test func convertingABinaryFileGivesWhatTheXMLGives() throws {
        let folder = TemporaryFolder()
        let xmlPath = folder.write(Self.xml, to: "source.plist")
        let binaryPath = folder.child("binary.plist")
        try writeBinary(ofXML: Self.xml, to: binaryPath)
        for format in ["xml", "json"] {
            let fromXML = try LessonpackBinary.run(["plist", "convert", "--to", format, xmlPath])
            let fromBinary = try LessonpackBinary.run(["plist", "convert", "--to", format, binaryPath])
            #expect(fromXML.status == 0 && fromBinary.status == 0)
            #expect(fromBinary.standardOutput == fromXML.standardOutput)
        }
        // The canonical XML is exactly our source (whose keys are already in sorted order), booleans, 0, 1 and 1.0
        // each keeping its kind.
        #expect(try LessonpackBinary.run(["plist", "convert", "--to", "xml", binaryPath]).standardOutput
                == Self.xml.replacingOccurrences(of: "<real>1</real>", with: "<real>1.0</real>"))
    }

    @Test func aTruncatedBinaryFileGetsOurMessageAndNothingOfFoundations() throws {
        let folder = TemporaryFolder()
        let path = folder.child("cut.plist")
        let bytes = try writeBinary(ofXML: Self.xml, to: path)
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        let output = folder.write("previous", to: "out.xml")
        for arguments in [["plist", "lint", path], ["plist", "convert", "--to", "xml", path, "-o", output]] {
            let result = try LessonpackBinary.run(arguments)
            #expect(result.status == 1)
            let everything = result.standardOutput + result.standardError
            #expect(everything == "\(path): error: binary property list: cannot be read (damaged or truncated) " +
                    "[binary-plist]\n")
            #expect(!everything.contains("NSCocoaErrorDomain"))
            #expect(!everything.contains("The operation could not be completed"))
        }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous")
    }

    @Test func aDeeplyNestedBinaryFileIsRefused() throws {
        let folder = TemporaryFolder()
        let depth = 200
        let deep = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</plist>"
        let path = folder.child("deep.plist")
        try writeBinary(ofXML: deep, to: path)
        let result = try LessonpackBinary.run(["plist", "lint", path])
        #expect(result.status == 1)
        #expect(result.standardError == "\(path): error: binary property list: values are nested more than 128 deep " +
                "(counted as the XML elements they would be) [nesting-too-deep]\n")
    }

    @Test func lintNamesJSONForWhatItIs() throws {
        let folder = TemporaryFolder()
        let path = folder.write("{\"title\": \"Job interview\"}\n", to: "module.json")
        let result = try LessonpackBinary.run(["plist", "lint", path])
        #expect(result.status == 1)
        #expect(result.standardError == "\(path): error: this is JSON, not an XML property list [json-not-plist]\n")
    }

    @Test func checkNamesABinarySourceAndTheCommandThatFixesItWorks() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "job-interview")
        let transcript = module + "/transcript.plist"
        try writeBinary(ofXML: try String(contentsOfFile: transcript, encoding: .utf8), to: transcript)

        let broken = try LessonpackBinary.run(["check", "job-interview"], in: folder.path)
        #expect(broken.status == 1)
        let command = "lessonpack plist convert --to xml job-interview/transcript.plist -o job-interview/transcript.plist"
        #expect(broken.standardError.hasPrefix(
            "job-interview/transcript.plist: error: binary property list: convert it with '\(command)' [binary-plist]\n"))
        #expect(!broken.standardError.contains("not XML"))

        // Running the command it names, as written, makes the module clean again.
        let converted = try LessonpackBinary.run(Array(command.split(separator: " ").dropFirst().map(String.init)),
                                                 in: folder.path)
        #expect(converted.status == 0)
        #expect(try String(contentsOfFile: transcript, encoding: .utf8).hasPrefix("<?xml"))
        let fixed = try LessonpackBinary.run(["check", "job-interview"], in: folder.path)
        #expect(fixed.status == 0, "\(fixed.standardOutput)")
    }
}
