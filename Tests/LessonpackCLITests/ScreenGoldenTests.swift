import Foundation
import LessonpackTestSupport
import Testing

/// Every activity's first screen as a learner sees it in a real terminal (tmux), kept as golden files beside this
/// test: at 60×20, where statements, tiles, transcript lines and messages must wrap and "? help" must stay in view;
/// and under `LC_ALL=C`, where the screens and their help boxes are drawn in ASCII and sized for it. Re-record with
/// LESSONPACK_UPDATE_GOLDEN=1, then review the difference.
@Suite(.serialized) struct ScreenGoldenTests {
    static let folder = Paths.inPackage("Tests/LessonpackCLITests/ScreenGoldens")

    /// Opens each activity in turn from the contents (or only those whose contents line `opening` picks): its help
    /// box as it opens, then its screen once the help is closed.
    func walk(columns: Int, rows: Int, environment: [String: String], module: String = Paths.sampleModule,
              opening: (_ line: Substring) -> Bool = { _ in true }) throws -> [(name: String, screen: String)] {
        let data = TemporaryFolder()
        let terminal = try TmuxSession(command: [LessonpackBinary.path, "play", module, "--seed", "3",
                                                 "--data-dir", data.path, "--player", "none", "--recorder", "none"],
                                       environment: environment, columns: columns, rows: rows)
        var screens: [(name: String, screen: String)] = []
        #expect(terminal.waitFor("? help").found, "the contents did not show")
        let contents = Self.settled(terminal)
        screens.append(("contents", contents))
        // Every activity the contents list ("  3. Language and vocabulary   not started").
        let activities = contents.split(separator: "\n").filter { $0.range(of: #"^  \d+\. "#, options: .regularExpression) != nil }
        #expect(!activities.isEmpty, "no activities on the contents: \(contents)")
        for (index, line) in activities.enumerated() where opening(line) {
            let number = index + 1
            terminal.send(String(number))
            let help = terminal.waitFor("close help")
            #expect(help.found && help.screen.contains(": keys"), "activity \(number) opened without its help: \(help.screen)")
            screens.append(("\(number)-help", Self.settled(terminal)))
            terminal.send("x")
            // The audio game opens on its levels: a game shows its tiles.
            if line.contains("Audio game") {
                _ = terminal.waitFor("? help")
                terminal.send("m")
                #expect(terminal.waitFor("Tray").found)
            }
            let screen = terminal.waitFor("? help")
            #expect(screen.found, "activity \(number) hid '? help': \(screen.screen)")
            screens.append(("\(number)", Self.settled(terminal)))
            terminal.send("Escape")
            // The contents' list (the title bar is cut short at 60 columns).
            #expect(terminal.waitFor("1. Video  ").found)
            Thread.sleep(forTimeInterval: 0.2)
        }
        return screens
    }

    /// The screen once it has stopped changing: a capture taken while the terminal is being redrawn would mix two
    /// frames.
    static func settled(_ terminal: TmuxSession) -> String {
        var last = terminal.screen()
        for _ in 0..<20 {
            Thread.sleep(forTimeInterval: 0.25)
            let now = terminal.screen()
            if now == last { return now }
            last = now
        }
        return last
    }

    /// The clock of the audio game runs while the screen is captured: its seconds are not part of the golden.
    static func steady(_ screen: String) -> String {
        screen.replacingOccurrences(of: #"(mistakes \d+ [·-] )\d+:\d\d"#, with: "$10:00", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }

    func compare(_ screens: [(name: String, screen: String)], as name: String) throws {
        let text = screens.map { "=== \($0.name)\n" + Self.steady($0.screen) }.joined(separator: "\n")
        let path = Self.folder + "/\(name).txt"
        if ProcessInfo.processInfo.environment["LESSONPACK_UPDATE_GOLDEN"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no golden file \(path): run the tests with LESSONPACK_UPDATE_GOLDEN=1 and review it")
            return
        }
        let shown = text.components(separatedBy: "\n"), kept = golden.components(separatedBy: "\n")
        if let first = zip(shown, kept).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("\(name) differs at line \(first.offset + 1):\n  now:    \(first.element.0)\n  golden: \(first.element.1)")
        } else {
            #expect(shown.count == kept.count, "\(name) has \(shown.count) lines, its golden \(kept.count)")
        }
    }

    @Test func everyScreenAtSixtyByTwenty() throws {
        let screens = try walk(columns: 60, rows: 20, environment: [:])
        Self.expectSixtyColumns(screens)
        try compare(screens, as: "60x20")
    }

    /// Every screen fits 60 columns, and every screen but a help box keeps "? help" in view.
    static func expectSixtyColumns(_ screens: [(name: String, screen: String)]) {
        for (name, screen) in screens {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.count <= 60 }, "\(name) is wider than the terminal")
            if !name.hasSuffix("help") { #expect(screen.contains("? help"), "\(name) hides '? help'") }
        }
    }

    @Test func everyScreenInASCII() throws {
        let screens = try walk(columns: 100, rows: 30, environment: ["LC_ALL": "C"])
        Self.expectASCII(screens)
        try compare(screens, as: "ascii")
    }

    /// Every screen is ASCII, and each help box's right border stands straight.
    static func expectASCII(_ screens: [(name: String, screen: String)]) {
        for (name, screen) in screens {
            #expect(screen.utf8.allSatisfy { $0 < 0x80 }, "\(name) is not ASCII")
            // A help box's right border stands where its top corner does, on every line: the arrows' "<-" fit.
            guard name.hasSuffix("help") else { continue }
            let lines = screen.split(separator: "\n").map(String.init)
            guard let top = lines.first(where: { $0.contains("+---") }), let corner = top.lastIndex(of: "+") else {
                Issue.record("\(name) shows no help box")
                continue
            }
            let column = top.distance(from: top.startIndex, to: corner)
            let inside = lines.drop { $0 != top }.dropFirst().prefix { !$0.contains("+---") }
            for line in inside {
                let border = line.index(line.startIndex, offsetBy: column, limitedBy: line.endIndex)
                #expect(border.map { $0 < line.endIndex && line[$0] == "|" } == true, "\(name): a line leaves the box: \(line)")
            }
        }
    }
}
