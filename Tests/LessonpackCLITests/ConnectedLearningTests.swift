import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The whole connected round, on loopback, with the real servers: a publisher serves a release with nginx; a learner
/// installs from it, plays offline, updates when a new version comes out, plays again and syncs to a Ralph record
/// store; the teacher's report then shows that learner's results per objective, in CSV and in a browser.
@Suite(.serialized) struct ConnectedLearningTests {
    static let recorder = "sox -n -r 16000 -c 1 {output} synth {seconds} sine 300"

    // The limit holds the wait for the other browser tests (BrowserTurn).
    @Test(.timeLimit(.minutes(20)))
    func publishInstallPlayUpdateSyncReport() async throws {
        let publisher = try await RemoteCatalogTests.Publisher()
        let installed = try await publisher.lessonpack(["install", "--catalog", publisher.address])
        #expect(installed.status == 0, "\(installed.standardError)")

        // Offline: no record store anywhere yet. Every answer is kept, with its statements.
        let answers = try String(contentsOfFile: Paths.inPackage("Tests/LessonpackCLITests/Fixtures/play-all.txt"), encoding: .utf8)
        let first = try await publisher.lessonpack(["play", "job-interview", "--plain", "--seed", "1", "--player", "none",
                                                    "--recorder", Self.recorder], input: answers)
        #expect(first.status == 0, "\(first.standardError)")
        // Between the two versions: a report up to here sees the first test only, one from here the second only.
        try await Task.sleep(for: .seconds(1.1))
        let between = Date()
        try await Task.sleep(for: .seconds(1.1))

        // The publisher sets a pass mark in a new version; the learner updates and takes the test again.
        let path = publisher.modules + "/job-interview/module.plist"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let end = try #require(text.range(of: "</dict>", options: .backwards))
        try text.replacingCharacters(in: end, with: "\t<key>passMark</key>\n\t<integer>60</integer>\n</dict>")
            .write(toFile: path, atomically: true, encoding: .utf8)
        try await publisher.releaseJobInterview(version: "1.1.0")
        let updated = try await publisher.lessonpack(["update"])
        #expect(updated.status == 0 && updated.standardOutput.contains("1 updated"), "\(updated.standardOutput)\(updated.standardError)")
        let second = try await publisher.lessonpack(["play", "job-interview", "--plain", "--seed", "2", "--player", "none",
                                                     "--recorder", Self.recorder], input: answers)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("(pass mark 60%)"), "the new version's pass mark is on the results")

        // Online again: everything goes to the record store.
        let lrs = try await RalphLRS.started(in: publisher.folder.child("ralph"))
        let synced = try await publisher.lessonpack(["sync", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile,
                                                     "--email", "ana@example.org", "--name", "Ana Silva"])
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(try await lrs.validateStored().status == 0)

        // The learner's own view: every answer, with its objective.
        let own = try await publisher.lessonpack(["progress", "--format", "answers"])
        let ownRows = own.standardOutput.split(separator: "\n")
        #expect(ownRows.first == "answered_at,module,module_version,activity,attempt,item,question,answer,correct,objective,objective_text")
        #expect(ownRows.contains { $0.contains(",job-interview,1.1.0,test,2,") && $0.hasSuffix(",Greet an interviewer and introduce yourself.") })

        // The teacher's: per objective, from the record store, agreeing with what the player said.
        let csv = try await LessonpackBinary.run(["report", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile, "--format", "csv"])
        #expect(csv.status == 0, "\(csv.standardError)")
        let rows = csv.standardOutput.split(separator: "\n").map(String.init)
        let ana = rows.filter { $0.hasPrefix("job-interview,mailto:ana@example.org,Ana Silva,") }
        #expect(ana.count == 3, "one row per objective: \(rows)")
        let greet = try #require(ana.first { $0.contains(",greet,Greet an interviewer and introduce yourself.,") })
        let fields = greet.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(fields[8] == "2", "two tests taken: \(greet)")
        #expect(fields[11] == "60", "the pass mark: \(greet)")
        let lastScore = try #require(Self.lastScore(second.standardOutput))
        #expect(abs((Double(fields[9]) ?? -1) - lastScore) < 0.1, "last test \(fields[9])%, the player said \(lastScore)%")
        #expect(fields[12] == (lastScore < 60 ? "yes" : "no"))

        // A second learner of the class, on a machine of their own, straight onto the new version.
        let ben = publisher.folder.child("ben")
        for arguments in [["install", "--catalog", publisher.address],
                          ["sync", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile, "--email", "ben@example.org",
                           "--name", "Ben Okafor"]] {
            if arguments[0] == "sync" {
                let played = try await LessonpackBinary.run(["play", "job-interview", "--plain", "--seed", "3", "--player", "none",
                                                             "--recorder", Self.recorder, "--data-dir", ben], standardInput: answers)
                #expect(played.status == 0, "\(played.standardError)")
            }
            let result = try await LessonpackBinary.run(arguments + ["--data-dir", ben])
            #expect(result.status == 0, "\(result.standardError)")
        }
        let class_ = try await LessonpackBinary.run(["report", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile, "--format", "csv"])
        var order: [(name: String, below: Bool)] = []
        for row in class_.standardOutput.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            if order.last?.name != String(fields[2]) { order.append((String(fields[2]), fields[12] == "yes")) }
        }
        #expect(order.map(\.name).sorted() == ["Ana Silva", "Ben Okafor"])
        #expect(order.map(\.below) == order.map(\.below).sorted { $0 && !$1 }, "those below the pass mark come first")

        // A period: played offline before `between`, sent to the store after it, and still in the report up to it.
        let moment = ISO8601DateFormatter().string(from: between)
        for (option, attempts, passMark) in [("--until", "1", ""), ("--since", "1", "60")] {
            let period = try await LessonpackBinary.run(["report", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile,
                                                         "--format", "csv", option, moment])
            let row = try #require(period.standardOutput.split(separator: "\n")
                .first { $0.hasPrefix("job-interview,mailto:ana@example.org,") && $0.contains(",greet,") },
                "\(option): \(period.standardOutput)")
            let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect((fields[8], fields[11]) == (attempts, passMark), "\(option) \(moment): \(row)")
        }
        let empty = try await LessonpackBinary.run(["report", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile,
                                                    "--format", "csv", "--until", "2000-01-01"])
        #expect(empty.standardOutput.split(separator: "\n").count == 1)

        let html = publisher.folder.child("report.html")
        let written = try await LessonpackBinary.run(["report", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile,
                                                      "-o", html])
        #expect(written.status == 0 && written.standardOutput.contains("1 module, 2 learners"), "\(written.standardOutput)")
        try await Self.checkInBrowser(html, learners: order.map(\.name), screenshot: publisher.folder.child("report.png"))
    }

    /// "Score: 9 of 20 (45%)…" on the last results screen.
    static func lastScore(_ output: String) -> Double? {
        guard let line = output.split(separator: "\n").last(where: { $0.contains("Score: ") }),
              let open = line.range(of: "("), let percent = line[open.upperBound...].split(separator: "%").first else { return nil }
        return Double(percent)
    }

    /// Tests/Browser/report_browser_check.py in headless Chromium; with LESSONPACK_DOCS_SCREENSHOTS=1 its screenshot
    /// becomes docs/report.png.
    static func checkInBrowser(_ report: String, learners: [String], screenshot: String) async throws {
        let python = Paths.inPackage(".build-python/venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("the report's browser check needs its Python environment (\(python)): run scripts/setup")
            return
        }
        let checked = try await BrowserTurn.run {
            try await LessonpackBinary.runTool(python, [Paths.inPackage("Tests/Browser/report_browser_check.py"),
                                                        report, screenshot] + learners,
                                               environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: 120)
        }
        #expect(checked.status == 0, "\(checked.standardOutput)\(checked.standardError)")
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? Int) ?? 0
        #expect(size > 20_000, "the screenshot is \(size) bytes")
        if ProcessInfo.processInfo.environment["LESSONPACK_DOCS_SCREENSHOTS"] == "1" {
            try? FileManager.default.removeItem(atPath: Paths.inPackage("docs/report.png"))
            try FileManager.default.copyItem(atPath: screenshot, toPath: Paths.inPackage("docs/report.png"))
        }
    }
}
