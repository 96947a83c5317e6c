import Foundation
import LessonpackActivities
import LessonpackTestSupport
import TerminalText
import Testing
@testable import LessonpackPlayer

/// The full-screen app with a scripted display: keys in, frames out.
@Suite struct FullScreenAppTests {
    func run(_ keys: [Key], in folder: TemporaryFolder, rows: Int = 30, columns: Int = 100) throws -> ScriptedDisplay {
        let display = ScriptedDisplay(keys: keys, rows: rows, columns: columns)
        FullScreenApp(session: try makeSession(in: folder), display: display).run()
        return display
    }

    @Test func theContentsListTheActivities() throws {
        let display = try run([], in: TemporaryFolder())
        let screen = display.frames.first?.text ?? []
        #expect(screen.first?.contains("Lessonpack · Introducing yourself at a job interview · Contents") == true)
        #expect(screen.contains { $0.contains("1. Video") && $0.contains("not started") })
        #expect(screen.last?.contains("? help") == true)
    }

    @Test func firstVisitsShowHelpOnce() throws {
        let folder = TemporaryFolder()
        let first = try run([.character("2")], in: folder)
        #expect(first.lastScreen.contains("2. Video task: keys"))
        // Leaving the task unchecked kept it in progress, so the next start offers to resume it.
        let second = try run([.character("y")], in: folder)
        #expect(second.frames.first?.text.joined().contains("You have an unfinished Video task attempt") == true)
        #expect(second.lastScreen.contains("[ ] 1. The interviewer's name is Helen Clarke."))
        #expect(!second.lastScreen.contains("2. Video task: keys"))
        let asked = try run([.character("y"), .character("?")], in: folder)
        #expect(asked.lastScreen.contains("2. Video task: keys"))
    }

    @Test func theVideoTaskRefusesToCheckUntilAllAreMarked() throws {
        let folder = TemporaryFolder()
        let display = try run([.character("2"), .escape, .space, .character("c")], in: folder)
        #expect(display.lastScreen.contains("[✓] 1. The interviewer's name is Helen Clarke."))
        #expect(display.lastScreen.contains("Mark every statement first: 2, 3, 4, 5, 6, 7, 8, 9, 10 still empty."))
    }

    @Test func tinyTerminalsAreAskedToGrow() throws {
        let display = try run([], in: TemporaryFolder(), rows: 5, columns: 20)
        #expect(display.lastScreen.contains("Make the terminal larger"))
    }

    @Test func wideCharactersKeepTheirColumns() {
        #expect(TextLayout.pad("日本語", width: 8) == "日本語  ")
        #expect(TextLayout.fit("日本語", width: 5) == "日本")
        #expect(TextLayout.wrap("one two three", width: 7) == ["one two", "three"])
    }
}
