import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudioServer

/// The page an installed lessonpack serves is the one in the source tree.
@Suite struct EmbeddedWebTests {
    @Test func theEmbeddedPageIsTheWebFolder() throws {
        let folder = Paths.inPackage("Sources/LessonpackStudioServer/Web")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted().map { name in
            (name, try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
        }
        #expect(onDisk.map(\.0) == EmbeddedWeb.files.map(\.path), "the EmbedWebPlugin must embed every file of the Web folder")
        #expect(onDisk.map(\.1) == EmbeddedWeb.files.map(\.bytes), "the EmbedWebPlugin must embed every file of the Web folder")
    }

    @Test func everyFileIsServedWithItsTypeAndNothingElseIs() {
        let assets = WebAssets(folder: nil)
        for file in EmbeddedWeb.files {
            #expect(assets.file(file.path)?.bytes == file.bytes, "\(file.path)")
        }
        #expect(assets.file("index.html")?.contentType == "text/html; charset=utf-8")
        for name in ["../Package.swift", ".hidden", "EmbeddedWeb.swift", "", "index.html/", "a b.js"] {
            #expect(assets.file(name) == nil, "\(name)")
        }
    }
}
