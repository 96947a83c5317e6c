import Foundation
import LessonpackDiagnostics
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackCatalogFormat

/// A catalog comes from anywhere: it is read as strictly as a source file, and no file name built from it leads
/// outside its folder.
@Suite struct CatalogReadingTests {
    let good = #"{"id":"base","title":"Base","version":"1.0.0","level":"A2","file":"base-1.0.0.lessonpack","size":10,"# +
        #""sha256":"\#(String(repeating: "a", count: 64))"}"#

    func read(_ modules: [String], format: Int = 1) throws(CatalogError) -> Catalog {
        let json = #"{"format":\#(format),"tool":"x","release":1,"released":0,"changes":[],"modules":[\#(modules.joined(separator: ","))]}"#
        return try Catalog.decode(Data(json.utf8), path: "catalog.json")
    }

    func code(_ modules: [String], format: Int = 1) -> DiagnosticCode? {
        do { _ = try read(modules, format: format); return nil } catch { return error.code }
    }

    @Test func aGoodCatalogReads() throws {
        #expect(try read([good]).modules.map(\.id) == ["base"])
    }

    @Test func everyFieldIsCheckedAsASourceWouldBe() {
        func with(_ field: String, _ value: String) -> String {
            good.replacingOccurrences(of: #""\#(field)":"#, with: #""\#(field)":\#(value),"x_":"#)
        }
        #expect(code([with("file", #""../../etc/base-1.0.0.lessonpack""#)]) == .catalogInvalid)
        #expect(code([with("file", #""other-1.0.0.lessonpack""#)]) == .catalogInvalid)
        #expect(code([with("id", #""../x""#)]) == .catalogInvalid)
        #expect(code([with("version", #""1.0""#)]) == .catalogInvalid)
        #expect(code([with("sha256", #""00""#)]) == .catalogInvalid)
        #expect(code([with("size", "-1")]) == .catalogInvalid)
        #expect(code([good.replacingOccurrences(of: "}", with: #","signedBy":"not-a-key-id"}"#)]) == .catalogInvalid)
        #expect(code([], format: 9) == .catalogNewerFormat)
    }

    @Test func repeatsAreReadOnceAndConflictsRefused() throws {
        #expect(try read(Array(repeating: good, count: 500)).modules.count == 1)
        #expect(code([good, good.replacingOccurrences(of: #""title":"Base""#, with: #""title":"Other""#)]) == .catalogDuplicateModule)
    }

    @Test func tooManyModulesAreRefusedBeforeTheyAreChecked() {
        let many = (0...Catalog.maxModules).map { good.replacingOccurrences(of: #""id":"base""#, with: #""id":"m\#($0)""#) }
        #expect(code(many) == .catalogTooLarge)
    }

    @Test func aCatalogThatIsNotARegularFileIsRefusedWithoutBlocking() throws {
        let folder = TemporaryFolder()
        #expect(mkfifo(folder.child("catalog.json"), 0o644) == 0)
        #expect(throws: CatalogError.self) { try Catalog.read(folder: folder.path) }
        try FileManager.default.removeItem(atPath: folder.child("catalog.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.child("catalog.json"), withDestinationPath: "/etc/passwd")
        do { _ = try Catalog.read(folder: folder.path, links: .refuse); Issue.record("read through a link") } catch {
            #expect(error.code == .catalogUnreadable)
        }
    }
}
