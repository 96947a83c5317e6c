import Foundation
import LessonpackTestSupport
import TerminalText
import Testing
@testable import LessonpackPlayer

/// The dictation on the full screen: typing a line in its small line editor, the marks that read without colour,
/// and finishing that asks first.
@Suite struct DictationScreenTests {
    static func module(in folder: TemporaryFolder) throws -> String { try sampleWithDictation(in: folder) }

    func run(_ keys: [Key], in folder: TemporaryFolder, module: String, rows: Int = 30, columns: Int = 100) throws -> ScriptedDisplay {
        let display = ScriptedDisplay(keys: keys, rows: rows, columns: columns)
        let session = try makeSession(in: folder, module: module)
        FullScreenApp(session: session, display: display).run()
        session.close()
        return display
    }

    @Test func aTypedLineIsMarkedWordByWord() throws {
        let folder = TemporaryFolder()
        let module = try Self.module(in: folder)
        // 6 opens the dictation (its keys are explained first: any key closes them).
        let keys: [Key] = [.character("6"), .escape, .tab] + .typing("thank you please call Davidd") + [.backspace]
            + .typing(" very much") + [.enter]
        let display = try run(keys, in: folder, module: module)
        let typing = display.frames[display.frames.count - 2].text.joined(separator: "\n")
        #expect(typing.contains("> thank you please call David very much_"))
        let screen = display.lastScreen
        #expect(screen.contains("6. Dictation"))
        #expect(screen.contains("You wrote: thank you please call David very much"))
        #expect(screen.contains("Thank you Please call [+me] David [-very] [-much]"))
        #expect(screen.contains("Missing: me.") && screen.contains("5 of 6 words right."))
        // The second line's text is not on the screen before it is written.
        #expect(!screen.contains("You must be David Moore"))
    }

    @Test func aSmallTerminalWrapsTheMarksAndKeepsHelpInSight() throws {
        let folder = TemporaryFolder()
        let module = try Self.module(in: folder)
        let keys: [Key] = [.character("6"), .escape] + .typing("thank you very much please call me Davit") + [.enter]
        let display = try run(keys, in: folder, module: module, rows: 20, columns: 60)
        let lines = display.frames.last?.text ?? []
        #expect(lines.count == 20 && lines.allSatisfy { DisplayWidth.of($0) <= 60 })
        #expect(lines.last?.contains("? help") == true)
        #expect(display.lastScreen.contains("Davit→David") && display.lastScreen.contains("[-very]"))
    }

    @Test func finishingWithALineNotWrittenAsksFirst() throws {
        let folder = TemporaryFolder()
        let module = try Self.module(in: folder)
        let keys: [Key] = [.character("6"), .escape] + .typing("thank you please call me David") + [.enter, .end]
        let asked = try run(keys, in: folder, module: module)
        #expect(asked.lastScreen.contains("1 line is not written yet. Finish now? Its words count as wrong. (y/n)"))
        // The next start offers the unfinished dictation again (y), at the line not written yet; its help opens
        // again on every visit until the learner hides it (Esc closes it).
        let finished = try run([.character("y"), .escape, .end, .character("y")], in: folder, module: module)
        #expect(finished.lastScreen.contains("Finished: 6 of 13 words right (46%)."))
    }
}
