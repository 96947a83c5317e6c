import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackCheck

/// What the XML reader finds in a module's sources reaches `check` as it is: one error for one XML mistake, and
/// the warning about Windows-1252 text read as ISO-8859-1.
@Suite struct SourceTextCheckTests {
    static let base = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base")

    static func check(editing file: String, _ edit: ([UInt8]) -> [UInt8]) throws -> [String] {
        let folder = TemporaryFolder()
        let module = folder.copy(base, as: "module")
        let path = module + "/" + file
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try Data(edit(bytes)).write(to: URL(fileURLWithPath: path))
        return try ModuleChecker.check(folder: module).diagnostics.flatMap {
            RuleFixtureTests.lines(for: $0, module: module)
        }
    }

    static func replacing(_ old: String, with new: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        let target = Array(old.utf8)
        let starts = 0...(bytes.count - target.count)
        guard let start = starts.first(where: { bytes[$0..<$0 + target.count].elementsEqual(target) }) else {
            return bytes
        }
        return Array(bytes[..<start]) + new + Array(bytes[(start + target.count)...])
    }

    /// The base module's title in Windows-1252 curly quotes.
    static func quotingTheTitle(_ bytes: [UInt8]) -> [UInt8] {
        replacing("The smallest valid module", with: [0x93] + Array("Smallest".utf8) + [0x94], in: bytes)
    }

    @Test func windows1252QuotesReadAsLatin1AreAWarningAtTheirPlace() throws {
        let found = try Self.check(editing: "module.plist") { bytes in
            let latin1 = Self.replacing("encoding=\"UTF-8\"", with: Array("encoding=\"ISO-8859-1\"".utf8), in: bytes)
            return Self.quotingTheTitle(latin1)
        }
        #expect(found == [
            "module.plist:8:10: warning: U+0093 is an invisible control character, probably “ from a Windows-1252 " +
                "file read as ISO-8859-1: write encoding=\"windows-1252\" in the XML declaration (and 1 more in this " +
                "text) [c1-control-character]",
        ])
    }

    @Test func theSameFileDeclaredWindows1252IsClean() throws {
        let found = try Self.check(editing: "module.plist") { bytes in
            Self.quotingTheTitle(Self.replacing("encoding=\"UTF-8\"", with: Array("encoding=\"windows-1252\"".utf8),
                                                in: bytes))
        }
        #expect(found.isEmpty)
    }

    @Test func anUnclosedStringIsOneError() throws {
        // Rules that read other files may have their own say about a module whose module.plist cannot be read.
        let found = try Self.check(editing: "module.plist") { bytes in
            Self.replacing("<string>The smallest valid module</string>", with: Array("<string>The smallest".utf8),
                           in: bytes)
        }.filter { $0.hasPrefix("module.plist") || $0.hasPrefix("  note: module.plist") }
        #expect(found.count == 2)
        #expect(found.first == "module.plist:8:2: error: <string> opened at 8:2 is never closed [xml-syntax]")
        #expect(found.last?.hasPrefix("  note: module.plist:") == true)
    }
}
