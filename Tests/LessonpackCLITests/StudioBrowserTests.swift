import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The studio in a real browser: Tests/Browser/studio_browser_test.py starts the built `lessonpack studio`, drives
/// headless Chromium through Selenium (forms, media, the preview of every activity, build, conflicts, undo, the
/// security rules) and checks the folders afterwards with `check`, `fmt --check` and `verify`. Every other
/// `*_browser_test.py` beside it (an activity's own, say) runs too, one script at a time. It runs here so that
/// `swift test` covers the page too; without the Python environment `scripts/setup` makes, this fails rather than
/// passing silently.
@Suite(.serialized) struct StudioBrowserTests {
    static let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: Paths.inPackage("Tests/Browser"))) ?? [])
        .filter { $0.hasSuffix("_browser_test.py") }.sorted()

    @Test func theBrowserTestsAreFound() {
        #expect(Self.scripts.contains("studio_browser_test.py"), "no browser tests in Tests/Browser: \(Self.scripts)")
    }

    // The limit holds the wait for the other browser tests (BrowserTurn).
    @Test(.timeLimit(.minutes(20)), arguments: scripts)
    func theStudioWorksInARealBrowser(script name: String) async throws {
        let python = Paths.inPackage(".build-python/venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("the browser tests need their Python environment (\(python)): run scripts/setup")
            return
        }
        let folder = TemporaryFolder("studio-browser-run")
        let log = folder.child("output.txt")
        var environment = ProcessInfo.processInfo.environment
        environment["LESSONPACK_BIN"] = LessonpackBinary.path
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        // The output goes to a file, not a pipe: a browser process outliving the run must not keep us waiting.
        let script = Paths.inPackage("Tests/Browser/\(name)")
        let run = try await BrowserTurn.run {
            try await ExternalTool(name: "sh", path: "/bin/sh")
                .run(["-c", "exec \"$0\" \"$1\" -v >\"$2\" 2>&1", python, script, log], in: Paths.root.path,
                     environment: environment, capture: false, timeout: 540)
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no output)"
        #expect(!run.timedOut, "\(name) did not finish in 9 minutes:\n\(output)")
        #expect(run.status == 0, "\(name) failed (exit status \(run.status)):\n\(output)")
    }
}
