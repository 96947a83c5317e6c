import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The LMS packages played for real: the learning core built for the browser (scripts/build-wasm), the sample module
/// (with a pass mark of 70) exported with `export scorm12` and `export cmi5` and unpacked as an LMS unpacks them.
/// Tests/Browser/lms_scorm_browser_check.py launches the SCORM package from a test LMS whose API adapter follows the
/// SCORM 1.2 state machine; Tests/Browser/lms_cmi5_browser_check.py launches the cmi5 AU from a launcher playing the
/// LMS, with Ralph as the record store. Any part that cannot start fails the test saying which.
@Suite(.serialized) struct LMSBrowserTests {
    static let python = Paths.inPackage(".build-python/venv/bin/python")

    /// Both tests play packages made once: building the core for the browser takes minutes.
    static let shared = Task { try await Packages() }

    final class Packages: Sendable {
        let folder = TemporaryFolder("lms-browser")
        let scorm: String
        let cmi5: String

        init() async throws {
            let core = try await PageCore.path()
            let bundle = try ExportLMSTests.Setup.build(folder, id: "job-interview", passMark: 70)
            let unzip = try #require(ExternalTool.find("unzip"))
            var unpacked: [String] = []
            for standard in ["scorm12", "cmi5"] {
                let zip = folder.child("\(standard).zip")
                let exported = try await LessonpackBinary.run(["export", standard, bundle, "-o", zip],
                                                              environment: ["LESSONPACK_CORE_WASM": core])
                try #require(exported.status == 0, "export \(standard) failed: \(exported.standardError)")
                let into = folder.child(standard)
                try #require(try await unzip.run(["-q", zip, "-d", into]).status == 0)
                unpacked.append(into)
            }
            scorm = unpacked[0]
            cmi5 = unpacked[1]
        }
    }

    /// Runs a browser check with `environment`; its output goes to a file, not a pipe, so a browser process
    /// outliving the run cannot keep us waiting.
    static func check(_ script: String, _ extra: [String: String], in folder: TemporaryFolder) async throws {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { _, new in new }
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let log = folder.child("\(script).txt")
        let run = try await BrowserTurn.run {
            try await ExternalTool(name: "sh", path: "/bin/sh")
                .run(["-c", "exec \"$0\" \"$1\" -v >\"$2\" 2>&1", python, Paths.inPackage("Tests/Browser/\(script)"), log],
                     in: Paths.root.path, environment: environment, capture: false, timeout: 480)
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no output)"
        #expect(!run.timedOut, "\(script) did not finish in 8 minutes:\n\(output)")
        #expect(run.status == 0, "\(script) failed (exit status \(run.status)):\n\(output)")
    }

    @Test(.timeLimit(.minutes(15)))
    func theScormPackageReportsAndResumesThroughATestLMS() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("the browser test needs its Python environment (\(Self.python)): run scripts/setup")
            return
        }
        let packages = try await Self.shared.value
        try await Self.check("lms_scorm_browser_check.py", ["SCORM_PACKAGE": packages.scorm], in: packages.folder)
    }

    @Test(.timeLimit(.minutes(15)))
    func theCmi5AUSendsItsStatementsToRalph() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("the browser test needs its Python environment (\(Self.python)): run scripts/setup")
            return
        }
        let packages = try await Self.shared.value
        let ralph = try await RalphLRS.started(in: packages.folder.child("ralph"))
        defer { ralph.stop() }
        try await Self.check("lms_cmi5_browser_check.py", ["CMI5_PACKAGE": packages.cmi5, "RALPH_ENDPOINT": ralph.endpoint,
                                                           "RALPH_CREDENTIALS": ralph.credentialsFile], in: packages.folder)
        // Everything Ralph took is held again to its strict statement model, as the sync tests hold theirs.
        let validated = try await ralph.validateStored()
        #expect(validated.status == 0, "Ralph's model refuses a stored statement: \(validated.output)")
        #expect(ralph.storedStatements().count > 4, "Ralph holds too few statements")
    }
}
