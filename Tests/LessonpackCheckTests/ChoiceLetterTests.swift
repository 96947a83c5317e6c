import Testing
@testable import LessonpackCheck

/// Learners answer a choice by its letter, so an item offers no more choices than the alphabet has letters.
@Suite struct ChoiceLetterTests {
    @Test func aMultipleChoiceItemBeyondTheAlphabetIsRefused() throws {
        let choices = (1...27).map { "<string>Choice \($0)</string>" }.joined(separator: "\n")
        let found = try RuleFixtureTests.check(editingBase: """
            replace questions/test.plist
            				<string>Goodbye.</string>
            ---
            \(choices)
            """)
        #expect(found.contains { $0.contains("item 'i2' offers 28 choices; learners answer by letter, so at most 26 (A to Z) fit") })
    }
}
