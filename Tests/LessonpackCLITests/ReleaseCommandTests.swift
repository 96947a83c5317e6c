import Foundation
import LessonpackTestSupport
import Testing

@Suite struct ReleaseCommandTests {
    /// The sample module and the check fixtures' base, as a publisher's folder of modules.
    func publisherFolder(_ folder: TemporaryFolder) -> String {
        _ = folder.copy(Paths.sampleModule, as: "modules/job-interview")
        _ = folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "modules/a2/base")
        return folder.child("modules")
    }

    @Test func releaseThenInstallTheCatalogThenUpdateKeepingProgress() throws {
        let folder = TemporaryFolder()
        let modules = publisherFolder(folder)
        let output = folder.child("release")
        let data = folder.child("data")
        let key = folder.child("publisher.key")
        #expect(try LessonpackBinary.run(["keygen", key]).status == 0)

        let first = try LessonpackBinary.run(["release", modules, "-o", output, "--sign", key, "--jobs", "2"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("release 1: 2 modules: 2 built, 0 unchanged"))
        let again = try LessonpackBinary.run(["release", modules, "-o", output, "--sign", key])
        #expect(again.standardOutput.hasPrefix("nothing changed since release 1"))
        #expect(again.standardOutput.contains("0 built, 2 unchanged (0 files read to hash)"))

        let installed = try LessonpackBinary.run(["install", "--catalog", output, "--key", key + ".pub", "--data-dir", data])
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(installed.standardOutput.hasSuffix("2 modules in the catalog: 2 installed, 0 updated, 0 already up to date\n"))
        _ = try LessonpackBinary.run(["play", "job-interview", "--plain", "--data-dir", data, "--player", "none"],
                                     standardInput: "7\ndone\nquit\n")

        let module = modules + "/job-interview/module.plist"
        let text = try String(contentsOfFile: module, encoding: .utf8)
        try text.replacingOccurrences(of: "<string>1.0.0</string>", with: "<string>1.0.1</string>")
            .write(toFile: module, atomically: true, encoding: .utf8)
        let second = try LessonpackBinary.run(["release", modules, "-o", output, "--sign", key])
        #expect(second.standardOutput.contains("job-interview 1.0.0 → 1.0.1: updated"))
        #expect(second.standardOutput.contains("release 2: 2 modules: 1 built, 1 unchanged"))

        let updated = try LessonpackBinary.run(["install", "--catalog", output, "--data-dir", data])
        #expect(updated.standardOutput.contains("updated job-interview 1.0.0 → 1.0.1 (your progress carries over)"))
        #expect(updated.standardOutput.hasSuffix("0 installed, 1 updated, 1 already up to date\n"))
        let progress = try LessonpackBinary.run(["progress", "--data-dir", data]).standardOutput
        #expect(progress.contains("Dictionary and phrasebook           1"), "\(progress)")
    }

    @Test func aReleaseSaysHowFarItHasComeAndCanTranscode() throws {
        let folder = TemporaryFolder()
        #expect(try LessonpackBinary.run(["new", folder.child("modules/cafe")]).status == 0)
        #expect(try LessonpackBinary.run(["new", folder.child("modules/shop")]).status == 0)
        let plain = try LessonpackBinary.run(["release", folder.child("modules"), "-o", folder.child("plain")])
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardError.contains("[1/2] checked "))
        #expect(plain.standardError.contains("[2/2] checked "))
        #expect(plain.standardOutput.contains("[2/2] built "))

        let transcoded = try LessonpackBinary.run(["release", folder.child("modules"), "-o", folder.child("small"),
                                                   "--transcode"], environment: ["XDG_CACHE_HOME": folder.child("cache")])
        #expect(transcoded.status == 0, "\(transcoded.standardError)")
        let inspect = try LessonpackBinary.run(["inspect", folder.child("small/cafe-0.1.0.lessonpack")])
        #expect(inspect.standardOutput.contains("lines/line-01.opus"), "\(inspect.standardOutput)")
        #expect(!inspect.standardOutput.contains("line-01.wav"))
        // Switching transcoding off changes what the bundles hold (media renamed back to .wav): the release does
        // not keep the transcoded bundles as unchanged, and holds the change to the version rules.
        let back = try LessonpackBinary.run(["release", folder.child("modules"), "-o", folder.child("small")],
                                            environment: ["XDG_CACHE_HOME": folder.child("cache")])
        #expect(back.status == 1)
        #expect(back.standardError.contains("the content changed"), "\(back.standardError)")
    }

    @Test func aBundleThatIsNotTheCatalogsIsRefused() throws {
        let folder = TemporaryFolder()
        let output = folder.child("release")
        #expect(try LessonpackBinary.run(["release", publisherFolder(folder), "-o", output]).status == 0)
        let bundle = output + "/base-1.0.0.lessonpack"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundle)))
        bytes[bytes.count - 30] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: bundle))
        let result = try LessonpackBinary.run(["install", "--catalog", output, "--data-dir", folder.child("data")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("base-1.0.0.lessonpack: error: base-1.0.0.lessonpack is not the file the catalog " +
                                              "lists (its size or SHA-256 differs) [catalog-bundle-mismatch]"), "\(result.standardError)")
        #expect(result.standardOutput.contains("1 installed, 0 updated, 0 already up to date, 1 refused"))
    }

    @Test func aReleaseWithErrorsListsThemAllAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let modules = publisherFolder(folder)
        let transcript = modules + "/a2/base/transcript.plist"
        let text = try String(contentsOfFile: transcript, encoding: .utf8)
        try text.replacingOccurrences(of: "<key>speaker</key>", with: "<key>speakr</key>")
            .write(toFile: transcript, atomically: true, encoding: .utf8)
        let output = folder.child("release")
        let result = try LessonpackBinary.run(["release", modules, "-o", output])
        #expect(result.status == 1)
        #expect(result.standardError.contains("transcript.plist:10:4: error: unknown key 'speakr'"))
        #expect(result.standardError.hasSuffix("nothing was released: 3 errors, 2 warnings in 1 module\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// The help (and the manual page made from it) says "one per core", not the core count of the machine that
    /// built it; a count below one is a usage mistake.
    @Test func jobsDefaultsToOnePerCoreWherever() throws {
        let help = try LessonpackBinary.run(["release", "--help"], environment: ["COLUMNS": "200"])
        let line = try #require(help.standardOutput.split(separator: "\n").first { $0.contains("--jobs <jobs>") && $0.contains("Default") })
        #expect(line.contains("one per core") && !line.contains("(default:"), "\(line)")
        let none = try LessonpackBinary.run(["release", Paths.sampleModule, "-o", TemporaryFolder().child("out"), "--jobs", "0"])
        #expect(none.status == 2 && none.standardError.contains("--jobs must be at least 1"), "\(none.standardError)")
    }
}
