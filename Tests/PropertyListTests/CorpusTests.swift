import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import PropertyList

/// Every real-world property list in ../shared/corpus/plist-real reads without error and converts to exactly the
/// JSON beside it: keys in document order, numbers by value.
@Suite struct CorpusTests {
    static let folder = Paths.corpus + "/plist-real"

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted()
    }()

    @Test(.needsSharedData) func theCorpusIsThere() {
        #expect(Self.files.count >= 60, "expected the shared corpus at \(Self.folder)")
    }

    @Test(arguments: files)
    func convertsToItsJSON(_ name: String) throws {
        let path = Self.folder + "/" + name
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let document = PlistReader.read(bytes, file: name)
        #expect(!document.hasErrors, "\(document.diagnostics.map { "\($0.location): \($0.message)" })")
        let value = try #require(document.root?.value)
        let ours = try OrderedJSON.parse(try PlistJSONWriter.json(value))
        let expectedPath = Self.folder + "/" + name.dropLast(".plist".count) + ".json"
        let expected = try OrderedJSON.parse(String(contentsOfFile: expectedPath, encoding: .utf8))
        #expect(ours == expected)
    }

    @Test(arguments: files)
    func survivesAnXMLRoundTrip(_ name: String) throws {
        let document = PlistReader.read(fileAt: Self.folder + "/" + name)
        // Said in full when it fails: once, in a loaded CI-mode run, this file read as nothing, and nothing said why.
        let value = try #require(document.root?.value, "\(document.diagnostics.map { "\($0.location): \($0.message)" })")
        let rewritten = PlistReader.read(Array(try PlistXMLWriter.xml(value).utf8), file: name)
        #expect(rewritten.diagnostics.isEmpty)
        #expect(rewritten.root?.value == value)
    }
}
