import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackTestSupport
import TerminalText
import Testing
@testable import LessonpackPlayer

/// The learner's work is never lost or hidden: clearing asks first, resuming finds where they stopped, the record
/// keeps what they confirmed, and every screen reads at any size and in ASCII.
@Suite struct LearnersWorkTests {
    func run(_ keys: [Key], in folder: TemporaryFolder, rows: Int = 30, columns: Int = 100, ascii: Bool = false,
             seed: UInt64 = 1) throws -> ScriptedDisplay {
        let display = ScriptedDisplay(keys: keys, rows: rows, columns: columns)
        display.ascii = ascii
        let session = try makeSession(in: folder, seed: seed)
        FullScreenApp(session: session, display: display).run()
        session.close()
        return display
    }

    static func screens(_ display: ScriptedDisplay) -> [String] { display.frames.map { $0.text.joined(separator: "\n") } }

    @Test func theVideoTaskAsksBeforeClearingMarksAndAIsNoLongerAgain() throws {
        let folder = TemporaryFolder()
        let marks: [Key] = [.space, .down, .space, .down, .space, .down, .space, .down, .space]
        let display = try run([.character("2"), .escape] + marks + [.character("a"), .character("n"), .character("n")],
                              in: folder)
        let screens = Self.screens(display)
        #expect(screens.contains { $0.contains("Clear your 5 marks? (y/n)") }, "\(screens.last ?? "")")
        #expect(display.lastScreen.contains("Your marks are kept."))
        #expect(display.lastScreen.contains("[✓] 5. "))
        #expect(!display.lastScreen.contains("a again"), "'a' still stands for 'again': \(display.lastScreen)")
        let cleared = try run([.character("y"), .escape, .character("n"), .character("y")], in: folder)
        #expect(cleared.lastScreen.contains("Starting again: every box is empty."))
        #expect(!cleared.lastScreen.contains("[✓]"))
    }

    @Test func questionsAskBeforeSettingAnswersAsideAndTheContentsStillShowTheWork() throws {
        let folder = TemporaryFolder()
        let display = try run([.character("6"), .escape, .character("a"), .character("g"), .character("n"),
                               .character("g")], in: folder)
        let screens = Self.screens(display)
        #expect(screens.contains { $0.contains("Start again? Your 1 answer will be cleared. (y/n)") }, "\(screens.last ?? "")")
        #expect(screens.contains { $0.contains("Your answers are kept.") && $0.contains("· 1 answered") })
        let setAside = try run([.character("y"), .escape, .character("g"), .character("y"), .escape], in: folder)
        #expect(Self.screens(setAside).contains { $0.contains("· try 2 · 0 answered") })
        #expect(setAside.lastScreen.contains("6. Questions and answers") && setAside.lastScreen.contains("in progress"))
        #expect(!setAside.lastScreen.split(separator: "\n").contains { $0.contains("6. Questions") && $0.contains("not started") })
    }

    @Test func plainFinishAsksAboutUnansweredItems() throws {
        let output = try playPlain(["8", "finish", "no", "finish", "yes", "back", "quit"], in: TemporaryFolder())
        #expect(output.contains("20 items are not answered. Finish anyway? (yes/no)"), "\(output)")
        #expect(output.contains("Your answers are kept."))
        #expect(output.components(separatedBy: "Score: ").count == 2, "\(output)")
    }

    /// Answers each of the test's first `count` items (the first option, or true).
    static func answer(_ count: Int, in run: ActivityRun<TestPresenter>) {
        for index in 0..<count {
            run.send(.go(index), at: Date())
            let item = run.view(at: Date()).item
            run.send(item?.choices.isEmpty == false ? .choose(0) : .mark(.correct), at: Date())
        }
    }

    @Test func aResumedActivityOpensAtItsFirstUnansweredItemAndEveryUnfinishedOneIsOffered() throws {
        let folder = TemporaryFolder()
        do {
            let session = try makeSession(in: folder)
            let task = try open(VideoTaskPresenter.self, in: session)
            task.send(.markAll([.correct, .incorrect, .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty]), at: Date())
            task.leave(at: Date())
            let test = try open(TestPresenter.self, in: session)
            Self.answer(3, in: test)
            test.send(.go(0), at: Date())
            test.leave(at: Date())
            session.close()
        }
        do {
            let session = try makeSession(in: folder)
            #expect(Set(session.resumable(at: Date()).map(\.activity)) == [.videoTask, .test])
            #expect(try open(TestPresenter.self, in: session).view(at: Date()).current == 3)
            #expect(try open(VideoTaskPresenter.self, in: session).view(at: Date()).selected == 2)
            session.close()
        }
        // Full screen asks about each in turn, the newest first; leaving one question brings the next.
        let display = try run([.character("q")], in: folder)
        let screens = Self.screens(display)
        #expect(screens.first?.contains("You did not finish Test last time.") == true)
        #expect(screens.contains { $0.contains("You did not finish Video task last time.") })
        let plain = try playPlain(["later", "later", "quit"], in: folder)
        #expect(plain.contains("You did not finish Test last time.") && plain.contains("You did not finish Video task last time."))
    }

    @Test func theAnswersLogKeepsWhatTheLearnerConfirmed() throws {
        let folder = TemporaryFolder()
        let session = try makeSession(in: folder)
        let task = try open(VideoTaskPresenter.self, in: session)
        // The first box goes round: true, false, empty; none of that is an answer yet.
        for _ in 0..<3 { task.send(.cycle(0), at: Date()) }
        task.send(.markAll(Array(repeating: .correct, count: 10)), at: Date())
        task.send(.markAll(Array(repeating: .incorrect, count: 10)), at: Date())
        #expect(try Self.answered(session) == 0)
        task.send(.check, at: Date())
        #expect(try Self.answered(session) == 10)
        session.close()
    }

    static func answered(_ session: PlayerSession) throws -> Int {
        try session.store.allStatements().filter { $0.body.contains("verbs/answered") }.count
    }

    @Test func aNewGameAlwaysDealsANewBoard() throws {
        let folder = TemporaryFolder()
        let session = try makeSession(in: folder)
        let game = try open(AudioGamePresenter.self, in: session)
        game.send(.chooseLevel(.medium), at: Date())
        let first = game.engine.setup
        game.send(.askLevel, at: Date())
        game.send(.chooseLevel(.medium), at: Date())
        #expect(game.engine.setup != first)
        #expect(game.view(at: Date()).mode == .picking)
        session.close()
    }

    @Test func theGameClockCountsOnlyTimeInTheGame() throws {
        let folder = TemporaryFolder()
        let start = Date()
        do {
            let session = try makeSession(in: folder)
            let game = try open(AudioGamePresenter.self, in: session, at: start)
            game.send(.chooseLevel(.medium), at: start)
            let slot = try #require(game.engine.slots.firstIndex { $0 == nil })
            let label = try #require(game.engine.setup.tray.firstIndex(of: game.engine.tiles[slot].id))
            game.send(.place(label: label, slot: slot), at: start.addingTimeInterval(20))
            #expect(game.engine.moves == 1)
            game.leave(at: start.addingTimeInterval(25))
            session.close()
        }
        // Back after an hour away: the clock carries on from 0:20.
        let later = start.addingTimeInterval(3600)
        let session = try makeSession(in: folder)
        let game = try open(AudioGamePresenter.self, in: session, at: later)
        _ = game.enter(at: later)
        #expect(game.view(at: later.addingTimeInterval(5)).status.hasSuffix("0:25"), "\(game.view(at: later.addingTimeInterval(5)).status)")
        session.close()
    }

    @Test func theHelpOffersDontShowAgainAndRemembersIt() throws {
        let folder = TemporaryFolder()
        let first = try run([.character("2"), .character("d"), .escape], in: folder)
        #expect(Self.screens(first).contains { $0.contains("2. Video task: keys") && $0.contains("d: don't show this again") })
        // The learner is told, so a d pressed by mistake is seen, and how to see the help still.
        #expect(Self.screens(first).contains { $0.contains("This help will not open by itself again. Press ? to see it.") })
        let second = try run([.character("2")], in: folder)
        #expect(!second.lastScreen.contains("2. Video task: keys"))
        #expect(second.lastScreen.contains("true or false"))
        // Other activities still explain themselves, and ? still shows the help.
        let third = try run([.character("3"), .escape, .escape, .character("2"), .character("?")], in: folder)
        #expect(Self.screens(third).contains { $0.contains("3. Language and vocabulary: keys") })
        #expect(third.lastScreen.contains("2. Video task: keys"))
        // Opened with ?, the hidden help offers to open every time again, and d does it.
        #expect(third.lastScreen.contains("d: show this every time I open it"))
        let fourth = try run([.character("2"), .character("?"), .character("d"), .escape, .character("2")], in: folder)
        #expect(Self.screens(fourth).contains { $0.contains("This help will open every time again.") })
        #expect(fourth.lastScreen.contains("2. Video task: keys"))
    }

    @Test func testSentencesTakeCAndIInFullScreen() throws {
        let probe = TemporaryFolder()
        let session = try makeSession(in: probe)
        let test = try open(TestPresenter.self, in: session)
        let sentence = try #require(test.view(at: Date()).items.firstIndex { $0.choices.isEmpty })
        session.close()
        let moves = Array(repeating: Key.right, count: sentence)
        let display = try run([.character("8"), .escape] + moves + [.character("i")], in: TemporaryFolder())
        #expect(display.lastScreen.contains("[✗] false"), "\(display.lastScreen)")
        let marked = try run([.character("8"), .escape] + moves + [.character("c")], in: TemporaryFolder())
        #expect(marked.lastScreen.contains("[✓] true"))
    }

    @Test func narrowTerminalsWrapAndKeepTheHelpKey() throws {
        let probe = try makeSession(in: TemporaryFolder())
        let statements = probe.module.videoTask.map(\.text)
        probe.close()
        // The longest statement wraps rather than losing its end.
        let longest = try #require(statements.indices.max { statements[$0].count < statements[$1].count })
        let display = try run([.character("2"), .escape] + Array(repeating: Key.down, count: longest),
                              in: TemporaryFolder(), rows: 20, columns: 60)
        for frame in display.frames {
            #expect(frame.lines.allSatisfy { $0.width <= 60 })
        }
        let screen = display.lastScreen
        #expect(screen.contains("? help"))
        // The message line wraps rather than losing its end.
        let refused = try run([.character("2"), .escape, .space, .character("c")], in: TemporaryFolder(), rows: 20, columns: 60)
        #expect(refused.lastScreen.contains("are still empty."), "\(refused.lastScreen)")
        let lastWord = try #require(statements[longest].split(separator: " ").last)
        #expect(screen.contains(String(lastWord)), "\(screen)")
    }

    @Test func aDefinitionIsShownOnce() throws {
        let display = try run([.character("3"), .escape, .tab, .enter], in: TemporaryFolder())
        let meaning = "a polite greeting used when you meet someone for the first time"
        #expect(display.lastScreen.components(separatedBy: meaning).count == 2, "\(display.lastScreen)")
        let dictionary = try run([.character("7"), .escape] + .typing("resp") + [.enter], in: TemporaryFolder())
        #expect(dictionary.lastScreen.components(separatedBy: "responsibility (noun):").count == 2, "\(dictionary.lastScreen)")
        let plain = try playPlain(["3", "define 1", "back", "7", "define responsibility", "back", "quit"], in: TemporaryFolder())
        #expect(plain.components(separatedBy: meaning).count == 2, "\(plain)")
        #expect(plain.components(separatedBy: "responsibility (noun):").count == 2, "\(plain)")
    }

    @Test func plainRewindSaysWhatIsSaidThere() throws {
        let output = try playPlain(["1", "seek 0:05", "rewind", "back", "quit"], in: TemporaryFolder())
        let afterRewind = try #require(output.components(separatedBy: "video> rewind\n").last)
        let reply = afterRewind.components(separatedBy: "video> ").first ?? ""
        // The clock, then the line spoken there or the one coming next.
        #expect(reply.split(separator: "\n").count >= 2, "\(reply)")
        #expect(reply.contains("Helen Clarke: ") || reply.contains("David"), "\(reply)")
    }

    /// Words a learner at A2 would not read right, or that name the program's options.
    static let unplainWords = ["attempt", " step", " model", "listening first", "listening comes first", "--recorder"]

    @Test func learnerScreensUseWordsAnA2LearnerReads() throws {
        let fixture = try String(contentsOfFile: Paths.inPackage("Tests/LessonpackCLITests/Fixtures/play-all.txt"),
                                 encoding: .utf8).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        let helps = (1...8).flatMap { [String($0), "help", "back"] } + ["help"]
        let plain = try playPlain(helps + fixture.dropLast() + ["8", "results", "back", "quit"], in: TemporaryFolder())
        var keys: [Key] = []
        for number in 1...8 { keys += [.character(Character(String(number))), .escape, .character("?"), .escape, .escape] }
        let folder = TemporaryFolder()
        let screens = Self.screens(try run(keys + [.character("2"), .escape, .space, .character("q")], in: folder))
            + Self.screens(try run([.character("x")], in: folder))
        for text in [plain] + screens {
            for word in Self.unplainWords {
                #expect(!text.lowercased().contains(word), "'\(word)' on a learner's screen:\n\(text)")
            }
        }
    }

    @Test func asciiHelpBoxesAreSizedForTheirArrows() throws {
        let display = try run([.character("1")], in: TemporaryFolder(), ascii: true)
        let screen = display.lastScreen
        #expect(screen.utf8.allSatisfy { $0 < 0x80 }, "\(screen)")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { ($0.hasPrefix("+-") && $0.hasSuffix("+")) || ($0.hasPrefix("| ") && $0.hasSuffix("|")) }
        #expect(lines.count > 4)
        let widths = Set(lines.map(\.count))
        #expect(widths.count == 1, "the box's lines differ in width: \(lines.joined(separator: "\n"))")
        #expect(screen.contains("<- ->"))
    }
}
