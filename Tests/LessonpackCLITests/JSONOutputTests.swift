import Foundation
import LessonpackTestSupport
import Testing

/// Every command that reports has `--format json`, in one frame (docs/json-output.md): these parse each one.
@Suite struct JSONOutputTests {
    /// Runs `lessonpack arguments`, parses standard output as one JSON object and checks the shared frame.
    static func report(_ arguments: [String], command: String, status: Int32 = 0,
                       environment: [String: String] = [:]) throws -> [String: Any] {
        let result = try LessonpackBinary.run(arguments, environment: environment)
        #expect(result.status == status, "\(arguments): \(result.standardOutput) \(result.standardError)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let object = try #require(parsed as? [String: Any], "\(arguments) printed no JSON object: \(result.standardOutput)")
        #expect(object["version"] as? Int == 1)
        #expect(object["command"] as? String == command)
        #expect(object["ok"] as? Bool == (status == 0))
        #expect(object["errors"] is Int && object["warnings"] is Int)
        #expect(object["diagnostics"] is [[String: Any]])
        return object
    }

    @Test func authoringCommands() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        let check = try Self.report(["check", "--format", "json", module], command: "check")
        #expect((check["modules"] as? [[String: Any]])?.first?["id"] as? String == "job-interview")

        let scan = try Self.report(["media", "scan", "--format", "json", module], command: "media scan")
        #expect((scan["files"] as? [[String: Any]])?.count == 50)
        #expect((scan["files"] as? [[String: Any]])?.allSatisfy { $0["change"] as? String == "unchanged" } == true)

        let lint = try Self.report(["plist", "lint", "--format", "json", module + "/module.plist", module + "/transcript.plist"],
                                   command: "plist lint")
        #expect((lint["files"] as? [[String: Any]])?.map { $0["valid"] as? Bool } == [true, true])

        let fmt = try Self.report(["fmt", "--check", "--format", "json", module], command: "fmt --check")
        #expect((fmt["files"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "formatted" } == true)

        let glossary = folder.write("term,definition\nhandshake,(noun) a greeting with the hands\n", to: "g.csv")
        let imported = try Self.report(["import", "glossary", glossary, "--into", module, "--dry-run", "--format", "json"],
                                       command: "import")
        #expect(imported["dryRun"] as? Bool == true)
        #expect(imported["written"] as? Bool == false)
        #expect((imported["files"] as? [String])?.first?.hasSuffix("definitions.plist") == true)

        let broken = folder.write("WEBVTT\n\n00:01.000 --> nonsense\nHello\n", to: "t.vtt")
        let refused = try Self.report(["import", "transcript", broken, "--into", module, "--format", "json"],
                                      command: "import", status: 1)
        let diagnostic = try #require((refused["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["line"] as? Int == 3)
        #expect(diagnostic["severity"] as? String == "error")
    }

    @Test func aCommandThatCannotStartStillPrintsTheFrame() throws {
        let folder = TemporaryFolder()
        let scan = try Self.report(["media", "scan", "--format", "json", folder.path], command: "media scan", status: 2)
        let diagnostic = try #require((scan["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["code"] as? String == "not-a-module-folder")
        #expect((diagnostic["message"] as? String)?.contains("is not a module folder") == true)
        let build = try Self.report(["build", folder.child("nothing"), "-o", folder.child("dist"), "--format", "json"],
                                    command: "build", status: 2)
        #expect((build["modules"] as? [[String: Any]])?.first?["built"] as? Bool == false)
    }

    @Test func publishingAndLibraryCommands() throws {
        let folder = TemporaryFolder()
        let build = try Self.report(["build", Paths.sampleModule, "-o", folder.child("dist"), "--format", "json"], command: "build")
        let built = try #require((build["modules"] as? [[String: Any]])?.first)
        let bundle = try #require(built["bundle"] as? String)
        #expect(built["built"] as? Bool == true)
        #expect(built["entries"] as? Int == 53)

        let verify = try Self.report(["verify", "--format", "json", bundle], command: "verify")
        #expect((verify["bundles"] as? [[String: Any]])?.first?["valid"] as? Bool == true)

        let diff = try Self.report(["diff", "--format", "json", bundle, Paths.sampleModule], command: "diff")
        #expect(diff["bump"] as? String == "none")

        try FileManager.default.createDirectory(atPath: folder.child("shelf"), withIntermediateDirectories: true)
        folder.copy(Paths.sampleModule, as: "shelf/job-interview")
        let release = try Self.report(["release", folder.child("shelf"), "-o", folder.child("site"), "--format", "json"],
                                      command: "release")
        #expect(release["release"] as? Int == 1)
        #expect((release["modules"] as? [[String: Any]])?.first?["id"] as? String == "job-interview")

        let data = ["--data-dir", folder.child("data")]
        let install = try Self.report(["install", bundle, "--format", "json"] + data, command: "install")
        #expect((install["modules"] as? [[String: Any]])?.first?["result"] as? String == "installed")
        let list = try Self.report(["list", "--format", "json"] + data, command: "list")
        #expect((list["modules"] as? [[String: Any]])?.first?["version"] as? String == "1.0.0")

        let missing = try Self.report(["install", folder.child("nothing.lessonpack"), "--format", "json"] + data,
                                      command: "install", status: 2)
        #expect((missing["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "install-failed")

        // inspect keeps the module's version apart from the frame's.
        let inspect = try Self.report(["inspect", "--format", "json", bundle], command: "inspect")
        #expect(inspect["moduleVersion"] as? String == "1.0.0")
        #expect((inspect["entries"] as? [[String: Any]])?.count == 53)
        let unreadable = try Self.report(["inspect", "--format", "json", folder.child("nothing.lessonpack")],
                                         command: "inspect", status: 2)
        #expect((unreadable["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "zip-unreadable")
    }

    @Test func newAndKeygenSayWhatTheyMade() throws {
        let folder = TemporaryFolder()
        let made = try Self.report(["new", folder.child("greetings"), "--format", "json"], command: "new")
        #expect(made["id"] as? String == "greetings")
        #expect((made["report"] as? [String])?.isEmpty == false)
        let key = try Self.report(["keygen", folder.child("k"), "--format", "json"], command: "keygen")
        #expect(key["publicKey"] as? String == folder.child("k") + ".pub")
        #expect((key["keyID"] as? String)?.count == 16)
    }

    @Test func exportAndReportSpeakTheFrame() throws {
        let folder = TemporaryFolder()
        let questions = try Self.report(["export", "questions", "--format", "json", Paths.sampleModule],
                                        command: "export questions")
        #expect((questions["document"] as? String)?.contains("::") == true)
        #expect(questions["testItems"] as? Int == 30)
        let written = try Self.report(["export", "questions", "--format", "json", Paths.sampleModule, "-o",
                                       folder.child("q.gift")], command: "export questions")
        #expect(written["file"] as? String == folder.child("q.gift"))
        #expect(written["document"] == nil)

        let statements = folder.write("[]", to: "statements.json")
        let report = try Self.report(["report", "--format", "json", statements], command: "report")
        #expect(report["statements"] as? Int == 0)
        #expect((report["modules"] as? [Any])?.isEmpty == true)
        let missing = try Self.report(["report", "--format", "json", folder.child("none.json")], command: "report",
                                      status: 2)
        #expect((missing["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "report-input-invalid")
    }
}
