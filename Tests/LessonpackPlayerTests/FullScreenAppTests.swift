import Foundation
import LessonpackActivities
import LessonpackTestSupport
import TerminalText
import Testing
@testable import LessonpackPlayer

/// The full-screen app with a scripted display: keys in, frames out.
@Suite struct FullScreenAppTests {
    func run(_ keys: [Key], in folder: TemporaryFolder, rows: Int = 30, columns: Int = 100, seed: UInt64 = 1) throws -> ScriptedDisplay {
        let display = ScriptedDisplay(keys: keys, rows: rows, columns: columns)
        let session = try makeSession(in: folder, seed: seed)
        FullScreenApp(session: session, display: display).run()
        session.close()
        return display
    }

    @Test func theContentsListTheActivities() throws {
        let display = try run([], in: TemporaryFolder())
        let screen = display.frames.first?.text ?? []
        #expect(screen.first?.contains("Lessonpack · Introducing yourself at a job interview · Contents") == true)
        #expect(screen.contains { $0.contains("1. Video") && $0.contains("not started") })
        #expect(screen.last?.contains("? help") == true)
    }

    @Test func eachVisitShowsHelpUntilTheLearnerSaysNotTo() throws {
        let folder = TemporaryFolder()
        // One box marked: the attempt is saved, and left unchecked it stays in progress.
        let first = try run([.character("2"), .escape, .space], in: folder)
        #expect(first.frames.map { $0.text.joined() }.contains { $0.contains("2. Video task: keys") })
        let second = try run([.character("y")], in: folder)
        #expect(second.frames.first?.text.joined().contains("You did not finish Video task last time.") == true)
        #expect(second.lastScreen.contains("2. Video task: keys"))
        let third = try run([.character("y"), .escape], in: folder)
        #expect(third.lastScreen.contains("[✓] 1. The interviewer's name is Helen Clarke."))
        #expect(!third.lastScreen.contains("2. Video task: keys"))
        let asked = try run([.character("y"), .escape, .character("?")], in: folder)
        #expect(asked.lastScreen.contains("2. Video task: keys"))
    }

    @Test func openingAnActivityAndLeavingItUntouchedLeavesNoAttempt() throws {
        let folder = TemporaryFolder()
        _ = try run([.character("8"), .escape, .character("q")], in: folder)
        let again = try run([], in: folder)
        #expect(!again.lastScreen.contains("did not finish"))
        #expect(again.lastScreen.contains("8. Test") && again.lastScreen.contains("not started"))
    }

    @Test func theVideoTaskRefusesToCheckUntilAllAreMarked() throws {
        let folder = TemporaryFolder()
        let display = try run([.character("2"), .escape, .space, .character("c")], in: folder)
        #expect(display.lastScreen.contains("[✓] 1. The interviewer's name is Helen Clarke."))
        #expect(display.lastScreen.contains("Mark every statement first: 2, 3, 4, 5, 6, 7, 8, 9 and 10 are still empty."))
    }

    /// Leaving the resume question with q or Esc keeps the attempt; starting afresh asks first.
    @Test func theResumeQuestionNeverDiscardsWithoutAsking() throws {
        let folder = TemporaryFolder()
        _ = try run([.character("2"), .escape, .space], in: folder)
        let leftAlone = try run([.character("q")], in: folder)
        #expect(leftAlone.lastScreen.contains("Contents"))
        let askedAgain = try run([.escape], in: folder)
        #expect(askedAgain.frames.first?.text.joined().contains("You did not finish Video task last time.") == true)
        let changedMind = try run([.character("n"), .character("n")], in: folder)
        #expect(changedMind.frames.map { $0.text.joined() }.contains { $0.contains("Start Video task again from the beginning?") })
        let setAside = try run([.character("n"), .character("y")], in: folder)
        #expect(setAside.lastScreen.contains("Contents"))
        let gone = try run([], in: folder)
        #expect(!gone.lastScreen.contains("did not finish"))
    }

    /// Typing a word that starts with f searches, like any other letter.
    @Test func theDictionarySearchesWhateverLetterAWordStartsWith() throws {
        let display = try run([.character("7"), .escape] + .typing("fri"), in: TemporaryFolder())
        #expect(display.lastScreen.contains("Search (word start): fri"))
        #expect(!display.lastScreen.contains("Talking about your work experience"))
        let boxes = try run([.character("7"), .escape, .tab, .tab], in: TemporaryFolder())
        #expect(boxes.lastScreen.contains("Talking about your work experience"))
    }

    /// The questions' header counts attempts, and the contents show the best score even while another
    /// attempt is under way.
    @Test func questionsCountAttemptsAndTheContentsKeepTheBestScore() throws {
        let folder = TemporaryFolder()
        let answerAll: [Key] = Array(repeating: [Key.character("a"), .right], count: 7).flatMap { $0 }
        let display = try run([.character("6"), .escape] + answerAll + [.character("g"), .character("a"), .escape], in: folder)
        let frames = display.frames.map { $0.text.joined(separator: "\n") }
        #expect(frames.contains { $0.contains("· try 2 · 1 answered") }, "\(frames.last ?? "")")
        #expect(display.lastScreen.contains("6. Questions and answers") && display.lastScreen.contains("best "))
        #expect(display.lastScreen.contains("· in progress"))
    }

    @Test func listeningFirstIsASettingTheLearnerKeeps() throws {
        let folder = TemporaryFolder()
        let display = try run([.character("l"), .character("6"), .escape], in: folder)
        #expect(display.frames.map { $0.text.joined() }.contains { $0.contains("Texts are hidden until heard") })
        #expect(display.lastScreen.contains("♪ A: press its number to hear it"))
        // The question played by itself, but that starts no attempt: nothing to resume, and the setting stays.
        let later = try run([.character("6"), .escape], in: folder)
        #expect(!later.frames.map { $0.text.joined() }.contains { $0.contains("did not finish") })
        #expect(later.lastScreen.contains("♪ A: press its number to hear it"))
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
