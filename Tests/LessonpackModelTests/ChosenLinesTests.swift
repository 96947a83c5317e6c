import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackModel

/// Lines an author chooses for an activity, for every kind that lets them (`ActivityKind.chosenLinesKey`): read from
/// module.plist, written back by `fmt` after the activity list, and carried by the compiled module under the same
/// key, beside the other fields. A module that chooses none reads, writes and compiles as it did before any kind
/// could choose.
@Suite struct ChosenLinesTests {
    static let kinds = ActivityKind.allCases.filter { $0.chosenLinesKey != nil }

    func sample() throws -> Module { try ModuleLoader.load(folder: Paths.sampleModule).module }

    func json(_ module: Module) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try #require(try JSONSerialization.jsonObject(with: encoder.encode(module)) as? [String: Any])
    }

    @Test func aModuleThatChoosesNoLinesHasNoKeyForThem() throws {
        let module = try sample()
        #expect(module.chosenLines.isEmpty)
        let fields = try json(module)
        #expect(Set(fields.keys) == ["id", "title", "version", "level", "summary", "video", "speakers", "objectives",
                                     "activities", "transcript", "definitions", "phrasebook", "videoTask", "questions",
                                     "test", "media"])
        let sources = try ModuleSourceWriter.sources(of: module)
        let written = String(decoding: try #require(sources[.module]), as: UTF8.self)
        for kind in Self.kinds { #expect(!written.contains(kind.chosenLinesKey!)) }
        for kind in ActivityKind.allCases { #expect(module.lines(for: kind) == module.transcript) }
    }

    @Test(arguments: kinds)
    func chosenLinesAreKeptUnderTheKindsOwnKey(kind: ActivityKind) throws {
        var module = try sample()
        let key = try #require(kind.chosenLinesKey)
        module.chosenLines[kind] = ["l04", "l01", "l04", "nope"]
        // A line named again, and one the transcript does not have, are left out (check reports them).
        #expect(module.lines(for: kind).map(\.id) == ["l04", "l01"])
        #expect(try json(module)[key] as? [String] == ["l04", "l01", "l04", "nope"])
        let decoded = try JSONDecoder().decode(Module.self, from: JSONEncoder().encode(module))
        #expect(decoded == module)
        // In module.plist, after the activity list, as docs/format.md lists the keys.
        let sources = try ModuleSourceWriter.sources(of: module)
        let written = String(decoding: try #require(sources[.module]), as: UTF8.self)
        let activities = try #require(written.range(of: "<key>activities</key>"))
        let chosen = try #require(written.range(of: "<key>\(key)</key>"))
        #expect(activities.upperBound < chosen.lowerBound)
        let read = ModuleLoader.load(sources: sources, folder: "x")
        #expect(read.module.chosenLines[kind] == ["l04", "l01", "l04", "nope"])
        // Its entries are placed by the module's own key, for the checker and the studio.
        #expect(read.map.location(of: .chosenLines(key: key, 1)) > read.map.location(of: .chosenLines(key: key)))
    }
}
