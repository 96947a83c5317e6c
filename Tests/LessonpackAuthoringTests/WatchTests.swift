import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing

@Suite struct WatchTests {
    func diagnostic(_ line: Int, _ message: String, file: String = "transcript.plist") -> Diagnostic {
        .error("undeclared-speaker", message, at: SourceLocation(file: file, line: line, column: 4))
    }

    @Test func aProblemThatMovedIsNeitherNewNorFixed() {
        let before = [diagnostic(13, "a"), diagnostic(45, "b"), diagnostic(45, "b"), diagnostic(9, "c", file: "module.plist")]
        let after = [diagnostic(14, "a"), diagnostic(46, "b"), diagnostic(20, "d")]
        let changes = DiagnosticChanges(from: before, to: after)
        #expect(changes.added.map(\.message) == ["d"])
        #expect(changes.fixed.map(\.message) == ["c", "b"])
        #expect(DiagnosticChanges(from: after, to: after).isEmpty)
    }

    @Test func aSnapshotSeesSavesButNotEditorsHiddenFiles() throws {
        let folder = TemporaryFolder()
        folder.write("one", to: "module.plist")
        let before = FolderSnapshot(of: [folder.path])
        folder.write("swap", to: ".module.plist.swp")
        folder.write("backup", to: "module.plist~")
        #expect(FolderSnapshot(of: [folder.path]).changes(since: before).isEmpty)
        folder.write("two!", to: "module.plist")
        folder.write("new", to: "questions/test.plist")
        #expect(FolderSnapshot(of: [folder.path]).changes(since: before) ==
                [folder.path + "/module.plist", folder.path + "/questions/test.plist"])
    }
}
