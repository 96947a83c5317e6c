import Foundation
import LessonpackTestSupport
import Testing

/// Every file in Tests/HostileCorpus (written by scripts/generate-hostile-corpus) goes through every command that
/// reads its kind of file. Each must be refused with the message expectations.tsv names, by a normal exit (1 or 2:
/// never a signal, a trap or a timeout), without writing anything outside the folders it was given and without
/// leaking a byte of the files the attacks point at.
@Suite struct HostileCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var expected: String
        /// The commands that must refuse the file; the others only must not crash.
        var refusing: Set<String>?

        var path: String { Paths.inPackage("Tests/HostileCorpus/" + file) }
        var testDescription: String { file }
        func mustRefuse(_ command: String) -> Bool { refusing?.contains(command) ?? true }
    }

    static let cases: [Case] = {
        let table = (try? String(contentsOfFile: Paths.inPackage("Tests/HostileCorpus/expectations.tsv"),
                                 encoding: .utf8)) ?? ""
        return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let commands = fields.count > 2 && fields[2] != "all" ? Set(fields[2].split(separator: ",").map(String.init)) : nil
            return Case(file: fields[0], expected: fields.count > 1 ? fields[1] : "", refusing: commands)
        }
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.cases.filter { $0.file.hasPrefix("plists/") }.count >= 10)
        #expect(Self.cases.filter { $0.file.hasPrefix("bundles/") }.count >= 25)
        #expect(Self.cases.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test(arguments: cases.filter { $0.file.hasPrefix("plists/") })
    func propertyListsAreRefused(_ hostile: Case) throws {
        let sandbox = Sandbox()
        try sandbox.expectRefusal(hostile, "plist lint", ["plist", "lint", hostile.path])
        // The same file as a module's module.plist, read by the checker instead of the linter.
        let module = sandbox.folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "module")
        try FileManager.default.removeItem(atPath: module + "/module.plist")
        try FileManager.default.copyItem(atPath: hostile.path, toPath: module + "/module.plist")
        try sandbox.expectRefusal(hostile, "check", ["check", module])
        sandbox.expectNothingEscaped()
    }

    @Test(arguments: cases.filter { $0.file.hasPrefix("bundles/") })
    func bundlesAreRefused(_ hostile: Case) throws {
        let sandbox = Sandbox()
        let data = sandbox.folder.child("data")
        try sandbox.expectRefusal(hostile, "verify", ["verify", hostile.path])
        try sandbox.expectRefusal(hostile, "inspect", ["inspect", hostile.path])
        try sandbox.expectRefusal(hostile, "install", ["install", hostile.path, "--data-dir", data])
        try sandbox.expectRefusal(hostile, "play", ["play", hostile.path, "--plain", "--data-dir", data], input: "q\n")
        sandbox.expectNothingEscaped()
        if hostile.mustRefuse("install") {
            let installed = (try? FileManager.default.contentsOfDirectory(atPath: data + "/library")) ?? []
            #expect(installed.isEmpty, "a refused bundle was installed: \(installed)")
        }
    }

    /// A temporary home, cache and working folder two levels down, so a "../../evil.txt" that escaped would land
    /// inside the sandbox where it can be seen.
    final class Sandbox {
        let folder = TemporaryFolder("lessonpack-hostile")
        var workingFolder: String { folder.child("work/here") }
        var environment: [String: String] {
            ["HOME": folder.child("home"), "XDG_CACHE_HOME": folder.child("cache"),
             "XDG_DATA_HOME": folder.child("share"), "LESSONPACK_DATA_DIR": folder.child("data")]
        }

        init() {
            try? FileManager.default.createDirectory(atPath: workingFolder, withIntermediateDirectories: true)
        }

        func expectRefusal(_ hostile: Case, _ name: String, _ arguments: [String], input: String? = nil) throws {
            let result = try LessonpackBinary.run(arguments, in: workingFolder, environment: environment,
                                                  standardInput: input, timeout: 60)
            let said = result.standardOutput + result.standardError
            #expect(!said.contains("Fatal error") && !said.contains("Stack dump"), "\(name) crashed: \(said)")
            #expect(!said.contains("root:x:0"), "\(name) leaked /etc/passwd")
            if hostile.mustRefuse(name) {
                #expect(result.status == 1 || result.status == 2, "\(name) exited \(result.status): \(said)")
                #expect(said.contains(hostile.expected), "\(name) did not say '\(hostile.expected)': \(said)")
            } else {
                #expect([0, 1, 2].contains(result.status), "\(name) exited \(result.status): \(said)")
            }
        }

        func expectNothingEscaped() {
            let escaped = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix("evil.txt") } ?? []
            #expect(escaped.isEmpty, "files written by an attack: \(escaped)")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/lessonpack-evil.txt"))
        }
    }
}
