import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import PropertyList

/// `plist lint` reads without building a tree (`keepingValues: false`), through the same grammar as every other
/// reader. Whatever it reads, it must say exactly what reading the tree says: the same diagnostics, in the same
/// words, at the same places, with the same notes. The plist fuzzer's harness checks the same on every input, so
/// FuzzRegressionTests holds the fuzzer's corpus (fuzz/corpus/plist) to it too.
@Suite struct ReadingWithoutValues {
    /// Every property list of the package: the sample modules, the starter template, the rule fixtures' base.
    static let packageFiles: [String] = ["Modules", "Templates", "Tests"].flatMap { folder in
        let files = FileManager.default.enumerator(atPath: Paths.inPackage(folder))?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".plist") }.map { folder + "/" + $0 }
    }.sorted()

    static let corpus: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.corpus + "/plist-real")) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted()
    }()

    @Test func thereAreFilesToRead() {
        #expect(Self.packageFiles.count >= 20, "found \(Self.packageFiles)")
    }

    @Test(.needsSharedData) func theSharedCorpusIsThere() {
        #expect(Self.corpus.count >= 60, "found \(Self.corpus.count) in \(Paths.corpus)/plist-real")
    }

    @Test(arguments: packageFiles)
    func aFileOfThePackageSaysTheSame(_ relative: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Paths.inPackage(relative))))
        expectTheSameWithoutValues(bytes, as: PlistReader.read(bytes, file: relative))
    }

    @Test(.needsSharedData, arguments: corpus)
    func aRealWorldFileSaysTheSame(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Paths.corpus + "/plist-real/" + name)))
        expectTheSameWithoutValues(bytes, as: PlistReader.read(bytes, file: name))
    }

    /// A C1 control character is found in a string's bytes, but its place is counted in the string's text: the
    /// file is read again keeping it. Here it is in a later piece of a string libxml2 hands over in several (it
    /// splits the text at each entity), after a combining accent, and in a second string after a clean one.
    @Test(arguments: [
        "<plist><array><string>a&amp;b\u{85}c&lt;d</string></array></plist>",
        "<plist><array><string>e\u{301}&amp;\u{92}s</string><string>\u{93}x\u{94}</string></array></plist>",
        "<plist><dict><key>k</key><string>fine</string><key>l</key><string>it\u{92}s</string></dict></plist>",
        "<plist><dict><key>k\u{96}</key><string>a\u{96}b</string><key>k\u{96}</key><integer>1x</integer></dict></plist>",
        "<plist><array><string><![CDATA[\u{85}]]></string><string>x<b/>\u{85}</string></array></plist>",
    ])
    func aC1ControlCharacterIsPlacedAsInTheTree(_ body: String) {
        let document = PlistReader.read(Array(body.utf8), file: "t.plist")
        #expect(document.diagnostics.contains { $0.code == .c1ControlCharacter })
        expectTheSameWithoutValues(Array(body.utf8), as: document)
    }

    /// In a file declared ISO-8859-1, libxml2 converts the bytes to UTF-8 before handing the text over: byte 0x93
    /// arrives as U+0093, found as in a UTF-8 file.
    @Test func aC1ControlCharacterInALatin1FileIsPlacedAsInTheTree() {
        let bytes = C1ControlCharacters.latin1(Array("Say ".utf8) + [0x93] + Array("hi".utf8) + [0x94])
        let document = PlistReader.read(bytes, file: "t.plist")
        #expect(summary(document) == ["c1-control-character@5:14"])
        expectTheSameWithoutValues(bytes, as: document)
    }

    /// `plist lint` takes binary property lists too: read whole either way, and the same said of them.
    @Test func aBinaryPropertyListSaysTheSame() throws {
        let folder = TemporaryFolder()
        let path = folder.child("b.plist")
        let bytes = try PlistBinaryWriter.bplist(.dictionary([PlistEntry("a", .string("x"))]))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let document = PlistReader.read(xmlOrBinaryAt: path)
        let linted = PlistReader.read(xmlOrBinaryAt: path, keepingValues: false)
        #expect(document.root?.value == .dictionary([PlistEntry("a", .string("x"))]))
        #expect(linted.diagnostics == document.diagnostics)
        #expect(linted.root == nil)
    }

    /// What the reader only checks without a tree still is checked: duplicates among the kept keys, a second root
    /// value's note pointing at the first, values that do not parse, inside arrays that are not kept.
    @Test func everyKindOfMistakeIsStillFound() {
        let body = """
            <plist><dict>
            <key>a</key><array><integer>1</integer><integer>x</integer><date>2024-02-30T00:00:00Z</date></array>
            <key>b</key><dict><key>c</key><true/><key>c</key><data>A</data></dict>
            <key>a</key><string>again</string>
            <key>d</key>
            </dict><true/></plist>
            """
        let document = read(body)
        #expect(summary(document) == ["invalid-integer@2:49", "invalid-date@2:66", "duplicate-key@3:38",
                                      "invalid-data@3:56", "duplicate-key@4:1", "key-without-value@5:1",
                                      "extra-value@6:8"])
        #expect(document.diagnostics.last?.notes.first?.location?.line == 1, "the note points at the first value")
    }
}
