import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackTestSupport
import PropertyList
import Testing

@Suite struct SourceFormatterTests {
    static let corpusFiles: [String] = {
        let folder = Paths.corpus + "/plist-real"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".plist") }.sorted().map { folder + "/" + $0 }
    }()

    static let moduleSources: [String] = ["Modules/job-interview", "Templates/starter",
                                          "Tests/LessonpackCheckTests/Fixtures/base"].flatMap { module in
        SourceFile.allCases.map { Paths.inPackage(module + "/" + $0.path) }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(.needsSharedData) func theCorpusIsThere() {
        #expect(Self.corpusFiles.count >= 30)
        #expect(Self.moduleSources.count >= 20)
    }

    @Test(arguments: corpusFiles)
    func realFilesKeepTheirValueAndCommentsAndFormatOnce(_ path: String) throws {
        let original = try bytes(path)
        let text: String
        switch SourceFormatter.format(original, file: path, role: nil) {
        case .unchanged: text = String(decoding: original, as: UTF8.self)
        case .changed(let formatted): text = formatted
        case .failed(let diagnostics): Issue.record("not formatted: \(diagnostics)"); return
        }
        #expect(SourceFormatter.format(Array(text.utf8), file: path, role: nil) == .unchanged, "formatting twice changed it")

        let before = PlistReader.read(original, file: path, keepingComments: true)
        let after = PlistReader.read(Array(text.utf8), file: path, keepingComments: true)
        let beforeValue = try #require(before.root?.value)
        let afterValue = try #require(after.root?.value)
        // Same JSON, key order and all: a file that is not a module source keeps its keys where they were.
        if !beforeValue.containsNaN {
            #expect(try PlistJSONWriter.json(afterValue) == PlistJSONWriter.json(beforeValue))
        }
        #expect(afterValue.sameContent(as: beforeValue))
        #expect(after.comments?.markupCount == before.comments?.markupCount)
    }

    @Test(arguments: moduleSources)
    func ourOwnSourcesAreAlreadyFormatted(_ path: String) throws {
        let role = try #require(SourceFile.allCases.first { path.hasSuffix("/" + $0.path) })
        #expect(SourceFormatter.format(try bytes(path), file: path, role: role) == .unchanged)
    }

    @Test func recordKeysTakeTheDocumentedOrderAndCommentsMoveWithTheirKeys() {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>lines</key><array>
              <dict>
                <!-- the time is approximate -->
                <key>start</key>   <string>0:01</string>
                <key>text</key><string>Hello &amp; welcome</string>

                <key>id</key> <!-- ids never change --> <string>l1</string>
                <key>speaker</key><string>a</string>
                <!-- end of line l1 -->
              </dict>
              <dict/>
            </array></dict></plist>
            """
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>lines</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>id</key>
            \t\t\t<!-- ids never change -->
            \t\t\t<string>l1</string>
            \t\t\t<key>speaker</key>
            \t\t\t<string>a</string>
            \t\t\t<key>text</key>
            \t\t\t<string>Hello &amp; welcome</string>
            \t\t\t<!-- the time is approximate -->
            \t\t\t<key>start</key>
            \t\t\t<string>0:01</string>
            \t\t\t<!-- end of line l1 -->
            \t\t</dict>
            \t\t<dict/>
            \t</array>
            </dict>
            </plist>

            """
        #expect(SourceFormatter.format(Array(source.utf8), file: "transcript.plist", role: .transcript)
                == .changed(expected))
    }

    @Test func blankLinesBetweenEntriesStayAndOthersGo() {
        let source = """
            <plist version="1.0">
            <dict>

            \t<key>a</key>

            \t<integer>0x10</integer>


            \t<key>b</key>
            \t<real>1.50</real>

            </dict>
            </plist>
            """
        let expected = PlistXMLWriter.prolog + """
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<integer>16</integer>

            \t<key>b</key>
            \t<real>1.5</real>
            </dict>
            </plist>

            """
        #expect(SourceFormatter.format(Array(source.utf8), file: "x.plist", role: nil) == .changed(expected))
    }

    @Test func dictionariesWhoseKeysAreContentKeepTheirOrder() {
        let source = PlistXMLWriter.header + """
            <dict>
            \t<key>zebra crossing</key>
            \t<string>(noun) a place to cross the road.</string>
            \t<key>apple</key>
            \t<string>(noun) a fruit.</string>
            </dict>
            </plist>

            """
        #expect(SourceFormatter.format(Array(source.utf8), file: "definitions.plist", role: .definitions) == .unchanged)
    }

    @Test func aFileWithErrorsIsNotFormatted() {
        let source = "<plist><dict><key>a</key><key>b</key><string>x</string></dict></plist>"
        guard case .failed(let diagnostics) = SourceFormatter.format(Array(source.utf8), file: "x.plist", role: nil)
        else { Issue.record("formatted a file with errors"); return }
        #expect(diagnostics.map(\.code.rawValue) == ["consecutive-keys"])
    }

    @Test func aBlankLineInAnEmptyContainerDoesNotKeepItOpen() {
        let source = "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<dict>\n\n\t</dict>\n\t<key>b</key>\n\t<array>\n\n\t</array>\n</dict>\n</plist>\n"
        guard case .changed(let once) = SourceFormatter.format(Array(source.utf8), file: "x.plist", role: nil) else {
            Issue.record("not formatted"); return
        }
        #expect(once.contains("<key>a</key>\n\t<dict/>\n\t<key>b</key>\n\t<array/>"))
        #expect(SourceFormatter.format(Array(once.utf8), file: "x.plist", role: nil) == .unchanged)
    }
}
