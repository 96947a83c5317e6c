import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The progress store as the command line finds it: in a folder the learner cannot write to, or written by an older
/// Lessonpack.
@Suite(.serialized) struct ProgressStoreFolderTests {
    /// `progress` reads a store in a folder the learner cannot write to, and changes nothing there.
    @Test func progressWorksInAReadOnlyFolder() throws {
        let data = TemporaryFolder()
        _ = try PlainPlay.run(["2", "answers c i c i c i c i c i", "check", "back", "quit"], data: data.path)
        let before = try FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: data.child("progress.sqlite")))
        chmod(data.child("progress.sqlite"), 0o444)
        chmod(data.path, 0o555)
        defer { chmod(data.path, 0o755) }
        // Root ignores permissions: run the report as nobody, as a learner without write access would be.
        var command = [LessonpackBinary.path, "progress", "--data-dir", data.path]
        if getuid() == 0 {
            let setpriv = try #require(ExternalTool.find("setpriv"), "setpriv (util-linux) runs the report as nobody")
            command = [setpriv.path, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let report = try LessonpackBinary.runTool(command[0], Array(command.dropFirst()), environment: ["LC_ALL": "C.UTF-8"])
        #expect(report.status == 0, "\(report.standardError)")
        #expect(report.standardOutput.contains("Video task") && report.standardOutput.contains("100%"), "\(report.standardOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: data.child("progress.sqlite"))) == bytes)
    }

    /// A store written by Lessonpack before schema 3 (by main's own player) plays on: its unfinished test comes back
    /// with its draw and every answer.
    @Test func aStoreFromBeforeSchemaThreeResumesItsTest() throws {
        let data = TemporaryFolder()
        let fixture = Paths.inPackage("Tests/LessonpackProgressTests/Fixtures/main-schema-2")
        try FileManager.default.copyItem(atPath: fixture + "/progress.sqlite", toPath: data.child("progress.sqlite"))
        let result = try PlainPlay.run(["yes", "list", "quit"], data: data.path, seed: 99)
        #expect(result.standardOutput.contains("You did not finish Test last time. Carry on where you stopped?"),
                "\(result.standardOutput)")
        let listed = result.standardOutput.split(separator: "\n").map(String.init)
            .filter { $0.range(of: #"^\d+\. .* — "#, options: .regularExpression) != nil }
        let expected = try String(contentsOfFile: fixture + "/unfinished-test-answers.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(listed == expected)
        let report = try LessonpackBinary.run(["progress", "--data-dir", data.path])
        #expect(report.standardOutput.contains("    test 1, "), "\(report.standardOutput)")
    }
}
