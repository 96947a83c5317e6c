import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackCheck

/// Mistakes a new author made that `check` let through: each breaks the base fixture one way and names what must
/// be reported. (One fixture per code lives under Fixtures/rules/; these are the further cases of those codes.)
@Suite struct AuthorDefectTests {
    static let base = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base")

    /// `file:line:col: severity: message [code]` for each diagnostic after `edits`.
    static func check(_ edits: String) throws -> [String] {
        let folder = TemporaryFolder()
        let module = folder.copy(base, as: "module")
        try FixtureEdits(edits).apply(to: module)
        return try ModuleChecker.check(folder: module).diagnostics.flatMap { RuleFixtureTests.lines(for: $0, module: module) }
    }

    @Test func aTermInsideAWordIsNotInTheLine() throws {
        let found = try Self.check("""
            replace transcript.plist
            <string>Please have a seat.</string>
            ---
            <string>Please have a seat on the bus.</string>
            ===
            replace transcript.plist
            				<string>have a seat</string>
            ---
            				<string>have a seat</string>
            				<string>us</string>
            ===
            replace definitions.plist
            <dict>
            ---
            <dict>
            <key>us</key><string>(pronoun) the speaker and others</string>
            """)
        #expect(found.contains { $0.contains("'us' appears in the text of line 'l3' only inside longer words") })
    }

    @Test func aTermInsideAnotherTermIsReported() throws {
        let found = try Self.check("""
            replace transcript.plist
            				<string>nice to meet you</string>
            ---
            				<string>nice to meet you</string>
            				<string>Nice</string>
            """)
        #expect(found.contains { $0.contains("'Nice' overlaps 'nice to meet you' in line 'l1'") && $0.hasSuffix("[overlapping-terms]") })
    }

    @Test func aMultipleChoiceItemBeyondTheAlphabetIsRefused() throws {
        let choices = (1...27).map { "<string>Choice \($0)</string>" }.joined(separator: "\n")
        let found = try Self.check("""
            replace questions/test.plist
            				<string>Goodbye.</string>
            ---
            \(choices)
            """)
        #expect(found.contains { $0.contains("item 'i2' offers 28 choices; learners answer by letter, so at most 26 (A to Z) fit") })
    }

    @Test func clockTimesNeedTwoDigitFields() throws {
        let found = try Self.check("""
            replace transcript.plist
            <string>0:04.000</string>
            ---
            <string>0:4:3</string>
            """)
        #expect(found.first { $0.contains("[invalid-time]") }?
            .contains("'0:4:3' is not a time: the minutes after a ':' take two digits, as on a clock ('4' should be '04')") == true,
            "\(found)")
        #expect(!found.contains { $0.contains("timing-") }, "the refused time must not become errors on other lines: \(found)")
    }

    @Test func aTimeThatIsNotANumberSaysSo() throws {
        let found = try Self.check("""
            replace transcript.plist
            <string>0:04.000</string>
            ---
            <real>nan</real>
            """)
        #expect(found.contains { $0.contains("error: 'nan' is not a finite number; write a number such as 2.5 [invalid-time]") },
                "\(found)")
    }
}
