import Testing
@testable import LessonpackCheck

/// Times are written as on a clock or as a number of seconds, and a time that is neither says why.
@Suite struct ClockTimeTests {
    @Test func clockTimesNeedTwoDigitFields() throws {
        let found = try RuleFixtureTests.check(editingBase: """
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
        let found = try RuleFixtureTests.check(editingBase: """
            replace transcript.plist
            <string>0:04.000</string>
            ---
            <real>nan</real>
            """)
        #expect(found.contains { $0.contains("error: 'nan' is not a finite number; write a number such as 2.5 [invalid-time]") },
                "\(found)")
    }
}
