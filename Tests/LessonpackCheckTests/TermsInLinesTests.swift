import Testing
@testable import LessonpackCheck

/// A term of a line is found in its text as whole words, and no term of a line hides inside another.
@Suite struct TermsInLinesTests {
    @Test func aTermInsideAWordIsNotInTheLine() throws {
        let found = try RuleFixtureTests.check(editingBase: """
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
        let found = try RuleFixtureTests.check(editingBase: """
            replace transcript.plist
            				<string>nice to meet you</string>
            ---
            				<string>nice to meet you</string>
            				<string>Nice</string>
            """)
        #expect(found.contains { $0.contains("'Nice' overlaps 'nice to meet you' in line 'l1'") && $0.hasSuffix("[overlapping-terms]") })
    }
}
