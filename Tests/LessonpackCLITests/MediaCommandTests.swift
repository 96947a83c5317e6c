import Foundation
import LessonpackTestSupport
import Testing

/// `media scan`, `check`, `build` and `release` around media that is not what it seems.
@Suite struct MediaCommandTests {
    /// The sample module with its Q&A folder moved outside and linked back in: `media/qa -> elsewhere`.
    static func moduleWithLinkedFolder(_ folder: TemporaryFolder) throws -> String {
        try FileManager.default.createDirectory(atPath: folder.child("shelf"), withIntermediateDirectories: true)
        let module = folder.copy(Paths.sampleModule, as: "shelf/module")
        try FileManager.default.moveItem(atPath: module + "/media/qa", toPath: folder.child("outside-qa"))
        try FileManager.default.createSymbolicLink(atPath: module + "/media/qa", withDestinationPath: folder.child("outside-qa"))
        return module
    }

    @Test func aLinkedFolderUnderMediaIsNeverFollowed() throws {
        let folder = TemporaryFolder()
        let module = try Self.moduleWithLinkedFolder(folder)
        let scan = try LessonpackBinary.run(["media", "scan", module])
        #expect(scan.standardError.contains("media/qa: warning: skipped: it is a symbolic link or inside a linked folder, " +
                                            "and links are not followed"))
        #expect(!(try String(contentsOfFile: module + "/media.plist", encoding: .utf8)).contains("qa/q1.opus"))

        let check = try LessonpackBinary.run(["check", module])
        #expect(check.status == 1)
        #expect(check.standardError.contains("'qa/q1.opus' is not in media.plist; media/qa/q1.opus is there, but " +
                                              "'lessonpack media scan' skips it: it is a symbolic link"))
        #expect(!check.standardError.contains("exists, so run 'lessonpack media scan"))

        let build = try LessonpackBinary.run(["build", module, "-o", folder.child("out.lpk")])
        #expect(build.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.child("out.lpk")))
        let release = try LessonpackBinary.run(["release", folder.child("shelf"), "-o", folder.child("site")])
        #expect(release.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.child("site/catalog.json")))
    }

    /// Clips named for their place fill the fields that name nothing there yet, and the scan says which.
    @Test func clipsNamedForTheirPlaceFillEmptyFields() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        // Line 3 and question 1's answer A name clips that are gone: placeholders to fill.
        try FileManager.default.moveItem(atPath: module + "/media/lines/l03.opus", toPath: module + "/media/line-3.opus")
        try FileManager.default.moveItem(atPath: module + "/media/qa/q1-a.opus", toPath: module + "/media/qa/q1a.opus")
        let scan = try LessonpackBinary.run(["media", "scan", module])
        #expect(scan.status == 0, "\(scan.standardError)")
        #expect(scan.standardOutput.contains("filled transcript line l03's clip: media/line-3.opus"), "\(scan.standardOutput)")
        #expect(scan.standardOutput.contains("filled question q1, answer A's clip: media/qa/q1a.opus"))
        let transcript = try String(contentsOfFile: module + "/transcript.plist", encoding: .utf8)
        #expect(transcript.contains("<string>line-3.opus</string>") && !transcript.contains("lines/l03.opus"))
        #expect(try String(contentsOfFile: module + "/questions/qa.plist", encoding: .utf8).contains("<string>qa/q1a.opus</string>"))
        #expect(try LessonpackBinary.run(["check", module]).status == 0)
        let again = try LessonpackBinary.run(["media", "scan", module])
        #expect(!again.standardOutput.contains("filled"), "a field filled once is the author's")
    }

    @Test func aFileNamedAsMediaThatIsNotIsLeftOutWithAnError() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        try "not audio at all\n".write(toFile: module + "/media/lines/l01.opus", atomically: true, encoding: .utf8)
        let scan = try LessonpackBinary.run(["media", "scan", module])
        #expect(scan.status == 1)
        #expect(scan.standardError.contains("media/lines/l01.opus: error: left out: it does not read as audio [media-refused]"))
        let check = try LessonpackBinary.run(["check", module])
        #expect(check.status == 1)
        #expect(check.standardError.contains("'lines/l01.opus' is not in media.plist"))
    }

    @Test func anUnknownExtensionIsExplainedByCheck() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        try FileManager.default.copyItem(atPath: module + "/media/lines/l01.opus", toPath: module + "/media/lines/extra.m4b")
        let check = try LessonpackBinary.run(["check", module])
        #expect(check.standardError.contains("media/lines/extra.m4b is not in media.plist and will not be in the bundle; " +
                                              "'lessonpack media scan' skips it: '.m4b' is not a media type a module uses; " +
                                              "convert it to one that is (video .mp4"))
    }

    @Test func aHiddenClipTheSourcesNameIsExplained() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        try FileManager.default.moveItem(atPath: module + "/media/lines/l01.opus", toPath: module + "/media/lines/.l01.opus")
        try FixtureEdits("""
            replace transcript.plist
            <string>lines/l01.opus</string>
            ---
            <string>lines/.l01.opus</string>
            """).apply(to: module)
        let check = try LessonpackBinary.run(["check", module])
        #expect(check.standardError.contains("media/lines/.l01.opus is there, but 'lessonpack media scan' skips it: " +
                                             "its name, or a folder's on its path, starts with '.'"), "\(check.standardError)")
    }

    @Test func aScanOutsideAModuleWritesNothing() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.child("loose/media"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Paths.sampleModule + "/media/lines/l01.opus", toPath: folder.child("loose/media/l01.opus"))
        let scan = try LessonpackBinary.run(["media", "scan", folder.child("loose")])
        #expect(scan.status == 1 || scan.status == 2)
        #expect(scan.standardError.contains("is not a module folder: it has no module.plist"))
        #expect(!FileManager.default.fileExists(atPath: folder.child("loose/media.plist")))
    }
}
