import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The web player on a phone, for real: the learning core built for the browser (scripts/build-wasm), the sample
/// module built and exported with `lessonpack export web`, then Tests/Browser/web_player_browser_check.py serves the
/// site with nginx and plays it in Chromium emulating a phone, offline, through a killed tab. Any part that cannot
/// start (the toolchain's wasm-ld, nginx, Selenium, Chromium) fails this test saying which.
@Suite(.serialized) struct WebPlayerBrowserTests {
    // The limit holds the wait for the other browser tests (BrowserTurn) and the build of the core.
    @Test(.timeLimit(.minutes(20)))
    func aPhonePlaysTheExportedSiteOfflineAndResumes() async throws {
        let python = Paths.inPackage(".build-python/venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("the browser test needs its Python environment (\(python)): run scripts/setup")
            return
        }
        let folder = TemporaryFolder("web-player-browser")
        let core = try await PageCore.path()

        let built = try await LessonpackBinary.run(["build", Paths.sampleModule, "-o", folder.child("dist")])
        try #require(built.status == 0, "\(built.standardError)")
        let site = folder.child("site")
        let exported = try await LessonpackBinary.run(["export", "web", folder.child("dist/job-interview-1.0.0.lessonpack"), "-o", site],
                                                      environment: ["LESSONPACK_CORE_WASM": core])
        try #require(exported.status == 0, "export web failed: \(exported.standardError)")

        var environment = ProcessInfo.processInfo.environment
        environment["WEB_PLAYER_SITE"] = site
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let log = folder.child("output.txt")
        // The output goes to a file, not a pipe: a browser process outliving the run must not keep us waiting.
        let script = Paths.inPackage("Tests/Browser/web_player_browser_check.py")
        let run = try await BrowserTurn.run {
            try await ExternalTool(name: "sh", path: "/bin/sh")
                .run(["-c", "exec \"$0\" \"$1\" -v >\"$2\" 2>&1", python, script, log], in: Paths.root.path,
                     environment: environment, capture: false, timeout: 480)
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no output)"
        #expect(!run.timedOut, "the web player's browser test did not finish in 8 minutes:\n\(output)")
        #expect(run.status == 0, "the web player's browser test failed (exit status \(run.status)):\n\(output)")
    }
}
