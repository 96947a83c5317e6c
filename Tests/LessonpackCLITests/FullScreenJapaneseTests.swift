import Foundation
import LessonpackTestSupport
import Testing

/// The full screen in Japanese, in a real terminal (tmux) whose locale is LANG=ja_JP.UTF-8: the contents, a help box,
/// the video task and the test as a Japanese learner sees them (golden ScreenGoldens/japanese.txt), the lesson's own
/// words still English, every line within the terminal's 80 columns though Japanese characters take two.
@Suite(.serialized) struct FullScreenJapaneseTests {
    @Test func theContentsAHelpBoxAndTwoActivitiesInJapanese() throws {
        let data = TemporaryFolder()
        let terminal = try TmuxSession(command: [LessonpackBinary.path, "play", Paths.sampleModule, "--seed", "3",
                                                 "--data-dir", data.path, "--player", "none", "--recorder", "none"],
                                       environment: ["LC_ALL": "", "LC_CTYPE": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"],
                                       columns: 80, rows: 24)
        var screens: [(name: String, screen: String)] = []
        #expect(terminal.waitFor("? ヘルプ").found, "the contents did not show: \(terminal.screen())")
        screens.append(("contents", ScreenGoldenTests.settled(terminal)))
        #expect(screens[0].screen.contains("目次") && screens[0].screen.contains("ビデオの問題"))
        terminal.send("2")
        let help = terminal.waitFor("ヘルプを閉じる")
        #expect(help.found && help.screen.contains("ビデオの問題: キー"), "no help box: \(help.screen)")
        screens.append(("2-help", ScreenGoldenTests.settled(terminal)))
        terminal.send("x")
        #expect(terminal.waitFor("? ヘルプ").found)
        terminal.send("t")
        #expect(terminal.waitFor("1. 正しい").found)
        screens.append(("2", ScreenGoldenTests.settled(terminal)))
        terminal.send("Escape")
        #expect(terminal.waitFor("1. ビデオ").found)
        // The menu drawn and still: a key sent while it is being drawn could reach the screen it left.
        _ = ScreenGoldenTests.settled(terminal)
        terminal.send("8")
        #expect(terminal.waitFor("ヘルプを閉じる").found)
        terminal.send("x")
        #expect(terminal.waitFor("? ヘルプ").found)
        screens.append(("8", ScreenGoldenTests.settled(terminal)))
        for (name, screen) in screens {
            // The English the screens would show in an English locale is not there.
            for english in ["? help", "not started", "q back", "Item 1 of"] {
                #expect(!screen.contains(english), "\(name) still says '\(english)'")
            }
        }
        try ScreenGoldenTests().compare(screens, as: "japanese")
    }
}
