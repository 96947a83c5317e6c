import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackCheck

/// Each rule has, for each code it reports, a fixture under Fixtures/rules/<code>/: `edits.txt` breaks a copy of
/// Fixtures/base (a small valid module) and `expected.txt` lists every diagnostic `check` must then report, no
/// more and no fewer. Set LESSONPACK_RECORD_FIXTURES=1 to write expected.txt from the current output instead, then
/// read the difference before committing it.
@Suite struct RuleFixtureTests {
    static let fixtures = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures")

    static let names: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures + "/rules")) ?? []).sorted()
    }()

    @Test func theBaseModuleIsClean() throws {
        let result = try ModuleChecker.check(folder: Self.fixtures + "/base")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    /// The reader keeps byte offsets and counts lines only for a diagnostic: checking a valid module, every rule
    /// included, counts none in any file.
    @Test func theBaseModuleIsCheckedWithoutCountingALine() throws {
        let result = try ModuleChecker.check(folder: Self.fixtures + "/base")
        #expect(result.diagnostics.isEmpty)
        #expect(result.source.map.roots.count >= 6)
        for (file, origin) in result.source.map.roots {
            #expect(!origin.mark.text.hasCountedLines, "\(file.path): lines were counted")
        }
    }

    @Test func everyCodeOfEveryRuleHasAFixture() {
        let codes = RuleCatalogue.entries.flatMap { $0.codes.map(\.rawValue) }
        for code in Set(codes) {
            #expect(Self.names.contains(code), "no fixture for [\(code)] under Fixtures/rules/")
        }
    }

    @Test(arguments: names)
    func fixtureBreaksItsRule(_ name: String) throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Self.fixtures + "/base", as: "module")
        try FixtureEdits(contentsOf: "\(Self.fixtures)/rules/\(name)/edits.txt").apply(to: module)
        let result = try ModuleChecker.check(folder: module)
        let diagnostics = result.diagnostics
        let actual = diagnostics.flatMap { Self.lines(for: $0, module: module) }
        let expectedPath = "\(Self.fixtures)/rules/\(name)/expected.txt"
        if ProcessInfo.processInfo.environment["LESSONPACK_RECORD_FIXTURES"] == "1" {
            try (actual.joined(separator: "\n") + "\n").write(toFile: expectedPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(actual == expected)
        #expect(diagnostics.contains { $0.code.rawValue == name }, "the fixture must trigger [\(name)]")
        // A rule's finding says what part of the module it is about, and its severity is its code's.
        for diagnostic in diagnostics where RuleCatalogue.entries.contains(where: { $0.codes.contains(diagnostic.code) }) {
            #expect(diagnostic.severity == RuleCatalogue.severity(of: diagnostic.code), "\(diagnostic.code)")
            let onDisk = diagnostic.location.file.hasPrefix(module + "/media/")
            #expect(diagnostic.path != nil || onDisk, "[\(diagnostic.code)] names no part of the module")
            // The source map turns the path into the place the diagnostic shows.
            if let path = diagnostic.path { #expect(result.source.map.location(of: path) == diagnostic.location) }
        }
    }

    /// `file:line:col: severity: message [code]` for each diagnostic after `edits` (in Fixtures/rules' edits.txt
    /// format) break a copy of the base module: for the further cases of a code, beside its fixture.
    static func check(editingBase edits: String) throws -> [String] {
        let folder = TemporaryFolder()
        let module = folder.copy(fixtures + "/base", as: "module")
        try FixtureEdits(edits).apply(to: module)
        return try ModuleChecker.check(folder: module).diagnostics.flatMap { lines(for: $0, module: module) }
    }

    /// `file:line:col: severity: message [code]`, then its notes, with the temporary folder written as `<module>`.
    static func lines(for diagnostic: Diagnostic, module: String) -> [String] {
        func relative(_ text: String) -> String {
            text.replacingOccurrences(of: module + "/", with: "").replacingOccurrences(of: module, with: "<module>")
        }
        let head = relative("\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]")
        return [head] + diagnostic.notes.map { note in
            relative("  note: " + (note.location.map { "\($0): " } ?? "") + note.message)
        }
    }
}

@Suite struct SampleModuleCheck {
    @Test func theSampleModuleIsClean() throws {
        let result = try ModuleChecker.check(folder: Paths.sampleModule)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.location): \($0.message)" })")
    }
}
