import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

@Suite struct BundleCommandTests {
    func build(_ module: String = Paths.sampleModule, into folder: TemporaryFolder, _ extra: [String] = [],
               environment: [String: String] = [:]) throws -> (LessonpackBinary.Result, String) {
        let output = folder.child("dist")
        let result = try LessonpackBinary.run(["build", module, "-o", output] + extra, environment: environment)
        return (result, output + "/job-interview-1.0.0.lessonpack")
    }

    @Test func buildTwiceGivesTheSameBytesThatUnzipReads() throws {
        let first = TemporaryFolder()
        let second = TemporaryFolder()
        let (result, path) = try build(into: first)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("built \(path) ("))
        let (_, again) = try build(into: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: again)))

        let unzip = try #require(ExternalTool.find("unzip"))
        let listing = String(decoding: try unzip.run(["-l", path]).standardOutput, as: UTF8.self)
        let names = listing.split(separator: "\n").dropFirst(3).compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(names.first == "mimetype")
        #expect(names.contains("module.json") && names.contains("media/conversation.mp4"))
        let test = try unzip.run(["-tq", path])
        #expect(test.succeeded, "\(String(decoding: test.standardOutput, as: UTF8.self))")
    }

    @Test func sourceDateEpochGivesTheSameBytesInEveryTimeZone() throws {
        var bundles: [Data] = []
        for zone in ["America/New_York", "Asia/Tokyo", "UTC"] {
            let folder = TemporaryFolder()
            let (result, path) = try build(into: folder, environment: ["SOURCE_DATE_EPOCH": "1700000000", "TZ": zone])
            #expect(result.status == 0)
            bundles.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(bundles[0] == bundles[1] && bundles[1] == bundles[2])
        let folder = TemporaryFolder()
        let (_, path) = try build(into: folder, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        let listing = String(decoding: try ExternalTool.find("unzip")!.run(["-l", path], environment: ["TZ": "UTC"]).standardOutput, as: UTF8.self)
        #expect(listing.contains("2023-11-14 22:13"))
        let (bad, _) = try build(into: folder, environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("SOURCE_DATE_EPOCH must be a number of seconds since 1970"))
    }

    @Test func signVerifyAndTamper() throws {
        let folder = TemporaryFolder()
        let key = folder.child("publisher")
        let keygen = try LessonpackBinary.run(["keygen", key])
        #expect(keygen.status == 0)
        #expect(try LessonpackBinary.run(["keygen", key]).status == 2)
        let (built, path) = try build(into: folder, ["--sign", key])
        #expect(built.standardOutput.contains("signed"))
        let verified = try LessonpackBinary.run(["verify", path, "--key", key + ".pub"])
        #expect(verified.status == 0)
        #expect(verified.standardOutput.hasPrefix("\(path): OK (job-interview 1.0.0, 54 entries, signed by key "))

        _ = try LessonpackBinary.run(["keygen", folder.child("stranger")])
        let wrongKey = try LessonpackBinary.run(["verify", path, "--key", folder.child("stranger.pub")])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.standardError.contains("error: the bundle is signed by key"))

        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0x40
        let tampered = folder.write("", to: "tampered.lessonpack")
        try Data(bytes).write(to: URL(fileURLWithPath: tampered))
        let broken = try LessonpackBinary.run(["verify", tampered])
        #expect(broken.status == 1)
        #expect(broken.standardOutput.contains("\(tampered): FAILED"))
        #expect(try LessonpackBinary.run(["verify", folder.child("none.lessonpack")]).status == 2)
        // Every bundle named is checked, the ones after a missing one too; the worst status wins.
        let notZip = folder.write("hello\n", to: "text.lessonpack")
        let several = try LessonpackBinary.run(["verify", folder.child("none.lessonpack"), path, notZip])
        #expect(several.status == 2)
        #expect(several.standardOutput.contains("\(path): OK"))
        #expect(several.standardOutput.contains("\(notZip): FAILED"))
        #expect(several.standardError.contains("[zip-not-a-zip]"))
    }

    @Test func aModuleWithErrorsIsNotBuilt() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "job-interview")
        try FixtureEdits("delete media/qa/q2.opus").apply(to: module)
        let (result, path) = try build(module, into: folder)
        #expect(result.status == 1)
        #expect(result.standardError.contains("media/qa/q2.opus is listed in media.plist but does not exist [media-file-missing]"))
        #expect(result.standardError.contains("not built: 1 error"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func inspectShowsTheDocumentedSections() throws {
        let folder = TemporaryFolder()
        let (_, path) = try build(into: folder)
        let text = try LessonpackBinary.run(["inspect", path])
        #expect(text.status == 0)
        for line in ["job-interview 1.0.0: Introducing yourself at a job interview",
                     "level A2, bundle format 1, built by lessonpack 0.1.0, unsigned",
                     "  mimetype                                  30          30   100.0%  stored",
                     "  2. Video task                  10 statements",
                     "  8. Test                        30 items in the bank, 20 per attempt, 3 objectives"] {
            #expect(text.standardOutput.contains(line), "missing: \(line)")
        }
        let json = try LessonpackBinary.run(["inspect", path, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["id"] as? String == "job-interview")
        #expect((document["entries"] as? [[String: Any]])?.count == 53)
        #expect((document["activities"] as? [[String: Any]])?.count == 8)
    }

    @Test func diffAndPreviousVersionPolicy() throws {
        let folder = TemporaryFolder()
        let (_, old) = try build(into: folder)
        let module = folder.copy(Paths.sampleModule, as: "job-interview")
        try FixtureEdits("""
            replace definitions.plist
            (noun) the job you have now.
            ---
            (noun) the job you do at the moment.
            """).apply(to: module)
        let diff = try LessonpackBinary.run(["diff", old, module])
        #expect(diff.status == 1, "a refused bump fails, as --help says")
        #expect(diff.standardOutput == """
            job-interview 1.0.0 → job-interview 1.0.0

            definitions: 1 changed
              ~ current job: meaning: "the job you have now." → "the job you do at the moment."

            version bump needed: patch (at least 1.0.1); NEW does not qualify: the content changed (1 change, a patch change) but the version went from 1.0.0 to 1.0.0: it must be at least 1.0.1

            """)
        let refused = try LessonpackBinary.run(["build", module, "-o", folder.child("next"), "--previous", old])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("not built: the content changed"))
        #expect(!FileManager.default.fileExists(atPath: folder.child("next")))

        try FixtureEdits("""
            replace module.plist
            <string>1.0.0</string>
            ---
            <string>1.0.1</string>
            """).apply(to: module)
        let accepted = try LessonpackBinary.run(["build", module, "-o", folder.child("next"), "--previous", old])
        #expect(accepted.status == 0, "\(accepted.standardError)")
        let json = try LessonpackBinary.run(["diff", old, folder.child("next/job-interview-1.0.1.lessonpack"), "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["bump"] as? String == "patch")
        #expect(document["refusal"] == nil)
        #expect(document["version"] as? Int == 1)
        #expect(json.status == 0)
    }

    @Test func transcodeWithoutFFmpegSaysSo() throws {
        let folder = TemporaryFolder()
        let (result, path) = try build(into: folder, ["--transcode"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--transcode needs ffmpeg, which is not installed"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// `unpack` gives back a source folder that checks, and builds the very same bundle again.
@Suite struct UnpackCommandTests {
    @Test func aBundleUnpacksToSourcesThatBuildTheSameBundle() throws {
        let folder = TemporaryFolder()
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let first = try LessonpackBinary.run(["build", Paths.sampleModule, "-o", folder.child("a")], environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        let bundle = folder.child("a/job-interview-1.0.0.lessonpack")

        let unpacked = try LessonpackBinary.run(["unpack", bundle, folder.child("sources")])
        #expect(unpacked.status == 0, "\(unpacked.standardError)")
        let check = try LessonpackBinary.run(["check", "--werror", folder.child("sources")])
        #expect(check.status == 0, "\(check.standardOutput)")
        let fmt = try LessonpackBinary.run(["fmt", "--check", folder.child("sources")])
        #expect(fmt.status == 0, "\(fmt.standardOutput)")

        let again = try LessonpackBinary.run(["build", folder.child("sources"), "-o", folder.child("b")], environment: environment)
        #expect(again.status == 0, "\(again.standardError)")
        let original = try Data(contentsOf: URL(fileURLWithPath: bundle))
        let rebuilt = try Data(contentsOf: URL(fileURLWithPath: folder.child("b/job-interview-1.0.0.lessonpack")))
        #expect(original == rebuilt, "the rebuilt bundle differs from the one unpacked")
    }

    @Test func anOccupiedFolderOrATamperedBundleLeavesNothing() throws {
        let folder = TemporaryFolder()
        #expect(try LessonpackBinary.run(["build", Paths.sampleModule, "-o", folder.child("a")]).status == 0)
        let bundle = folder.child("a/job-interview-1.0.0.lessonpack")
        folder.write("mine", to: "taken/notes.txt")
        let occupied = try LessonpackBinary.run(["unpack", bundle, folder.child("taken")])
        #expect(occupied.status == 1)
        #expect(occupied.standardError.contains("already exists and is not an empty folder [unpack-failed]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.child("taken")) == ["notes.txt"])

        let notABundle = folder.write("hello", to: "fake.lessonpack")
        let refused = try LessonpackBinary.run(["unpack", notABundle, folder.child("out")])
        #expect(refused.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.child("out")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }
}
