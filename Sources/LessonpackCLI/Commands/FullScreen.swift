import LessonpackPlayer
import TerminalScreen

/// Runs the full-screen player in the terminal, which is always given back, whatever way the player ends.
enum FullScreen {
    static func run(_ session: PlayerSession, ascii: Bool) throws {
        CursesDisplay.run(ascii: ascii) { display in
            FullScreenApp(session: session, display: display).run()
        }
    }
}
