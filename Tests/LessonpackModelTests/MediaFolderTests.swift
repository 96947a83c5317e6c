import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackModel

@Suite struct MediaFolderListing {
    /// What `check` reports as unlisted and the studio shows as on disk: every file but hidden ones, links
    /// included (so whoever reads them refuses them) and an editor's backup too, since it sits in media/ all the same.
    @Test func listsEveryFileButHiddenOnes() throws {
        let folder = TemporaryFolder()
        let media = folder.child("media")
        try FileManager.default.createDirectory(atPath: media + "/lines/.cache", withIntermediateDirectories: true)
        for name in ["video.mp4", "lines/l01.opus", "lines/l01.opus~", ".DS_Store", "lines/.hidden.opus", "lines/.cache/x.opus"] {
            #expect(FileManager.default.createFile(atPath: media + "/" + name, contents: Data([1])))
        }
        try FileManager.default.createSymbolicLink(atPath: media + "/lines/link.opus", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: media + "/outside", withDestinationPath: "/etc")
        #expect(MediaFolder(moduleFolder: folder.path).allFiles() ==
                ["lines/l01.opus", "lines/l01.opus~", "lines/link.opus", "outside", "video.mp4"])
    }

    @Test func aModuleWithoutMediaHasNone() {
        #expect(MediaFolder(moduleFolder: TemporaryFolder().path).allFiles().isEmpty)
    }
}
