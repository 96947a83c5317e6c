import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The studio in a real browser: Tests/Browser/studio_browser_test.py starts the built `lessonpack studio`, drives
/// headless Chromium through Selenium (forms, media, the preview of every activity, build, conflicts, undo, the
/// security rules) and checks the folders afterwards with `check`, `fmt --check` and `verify`. It runs here so that
/// `swift test` covers the page too; without the Python environment `scripts/setup` makes, this fails rather than
/// passing silently.
@Suite struct StudioBrowserTests {
    @Test(.timeLimit(.minutes(10)))
    func theStudioWorksInARealBrowser() throws {
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
        let script = Paths.inPackage("Tests/Browser/studio_browser_test.py")
        let run = try ExternalTool(name: "sh", path: "/bin/sh")
            .run(["-c", "exec \"$0\" \"$1\" -v >\"$2\" 2>&1", python, script, log], in: Paths.root.path,
                 environment: environment, capture: false, timeout: 540)
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no output)"
        #expect(!run.timedOut, "the browser tests did not finish in 9 minutes:\n\(output)")
        #expect(run.status == 0, "the browser tests failed (exit status \(run.status)):\n\(output)")
    }
}
