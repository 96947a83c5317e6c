import Foundation
import LessonpackTestSupport
import Testing

@Suite struct LibraryCommandTests {
    @Test func installListAndPlayByID() throws {
        let folder = TemporaryFolder()
        let data = folder.child("data")
        _ = try LessonpackBinary.run(["build", Paths.sampleModule, "-o", folder.child("dist")])
        let bundle = folder.child("dist/job-interview-1.0.0.lessonpack")
        #expect(try LessonpackBinary.run(["list", "--data-dir", data]).standardOutput.hasPrefix("No modules installed yet"))
        let installed = try LessonpackBinary.run(["install", bundle, "--data-dir", data])
        #expect(installed.status == 0)
        #expect(installed.standardOutput == "installed job-interview 1.0.0 (Introducing yourself at a job interview, unsigned)\n")
        let listed = try LessonpackBinary.run(["list", "--data-dir", data]).standardOutput
        #expect(listed.hasPrefix("job-interview") && listed.contains("1.0.0") && listed.contains("Introducing yourself"))
        let played = try LessonpackBinary.run(["play", "job-interview", "--plain", "--data-dir", data, "--player", "none"],
                                              standardInput: "quit\n")
        #expect(played.status == 0)
        #expect(played.standardOutput.hasPrefix("Lessonpack: Introducing yourself at a job interview (job-interview 1.0.0"))
        let unknown = try LessonpackBinary.run(["play", "no-such-module", "--data-dir", data])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no installed module with that id"))
    }

    @Test func aTamperedBundleIsNotInstalled() throws {
        let folder = TemporaryFolder()
        _ = try LessonpackBinary.run(["build", Paths.sampleModule, "-o", folder.child("dist")])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.child("dist/job-interview-1.0.0.lessonpack"))))
        bytes[bytes.count / 2] ^= 0x20
        let tampered = folder.child("tampered.lessonpack")
        try Data(bytes).write(to: URL(fileURLWithPath: tampered))
        let result = try LessonpackBinary.run(["install", tampered, "--data-dir", folder.child("data")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error:"))
        #expect(!FileManager.default.fileExists(atPath: folder.child("data/library/job-interview")))
    }
}
