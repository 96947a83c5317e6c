import Foundation
import LessonpackTestSupport
import Testing

/// The hostile corpus, generated for this run by scripts/generate-hostile-corpus (nothing of it is committed): every
/// case goes through every command that reads its kind of input. Each must report the diagnostic code the corpus
/// names, by a normal exit (never a signal, a trap or a hang), without writing anything outside the folders it was
/// given, and without printing what it must not (a secret a link leads to, a raw control character).
@Suite struct HostileCorpusTests {
    static let corpus = HostileCorpus.generated

    @Test func theCorpusIsGenerated() throws {
        let corpus = try Self.corpus.get()
        for kind in ["plist", "bundle", "catalog", "module", "scenario"] {
            #expect(corpus.cases.contains { $0.kind == kind }, "the corpus has no \(kind) cases")
        }
        #expect(corpus.cases.count >= 90)
    }

    static func cases(_ kind: String) -> [HostileCorpus.Case] {
        ((try? corpus.get())?.cases ?? []).filter { $0.kind == kind }
    }

    @Test(arguments: cases("plist"))
    func propertyLists(_ hostile: HostileCorpus.Case) throws {
        let sandbox = try HostileCorpus.Sandbox(hostile)
        try sandbox.expect("plist lint", ["plist", "lint", hostile.path])
        // The same file as a module's module.plist, read by the checker instead of the linter.
        let module = sandbox.folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "module")
        try FileManager.default.removeItem(atPath: module + "/module.plist")
        try FileManager.default.copyItem(atPath: hostile.path, toPath: module + "/module.plist")
        try sandbox.expect("check", ["check", module])
        sandbox.expectNothingEscaped()
    }

    @Test(arguments: cases("bundle"))
    func bundles(_ hostile: HostileCorpus.Case) throws {
        let sandbox = try HostileCorpus.Sandbox(hostile)
        let data = sandbox.folder.child("data")
        let key = try Self.corpus.get().key
        try sandbox.expect("verify", ["verify", hostile.path])
        try sandbox.expect("verify-key", ["verify", hostile.path, "--key", key])
        try sandbox.expect("inspect", ["inspect", hostile.path])
        try sandbox.expect("diff", ["diff", hostile.path, Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base")])
        try sandbox.expect("install", ["install", hostile.path, "--data-dir", data])
        try sandbox.expect("play", ["play", hostile.path, "--plain", "--player", "none", "--data-dir", data], input: "quit\n")
        try sandbox.expect("list", ["list", "--data-dir", data], reporting: false)
        sandbox.expectNothingEscaped()
        let installed = ((try? FileManager.default.contentsOfDirectory(atPath: data + "/library")) ?? [])
            .filter { !$0.hasPrefix(".") }
        if hostile.mustReport("install") && !hostile.isAccepted {
            #expect(installed.isEmpty, "a refused bundle was installed: \(installed)")
        } else if hostile.isAccepted {
            #expect(!installed.isEmpty, "an acceptable bundle was not installed")
        }
    }

    @Test(arguments: cases("catalog"))
    func catalogs(_ hostile: HostileCorpus.Case) throws {
        let sandbox = try HostileCorpus.Sandbox(hostile)
        let copy = try sandbox.copyCase()
        try sandbox.expect("install-catalog", ["install", "--catalog", copy, "--data-dir", sandbox.folder.child("data")])
        sandbox.expectNothingEscaped()
    }

    @Test(arguments: cases("module"))
    func modules(_ hostile: HostileCorpus.Case) throws {
        let sandbox = try HostileCorpus.Sandbox(hostile)
        let copy = try sandbox.copyCase()
        let output = sandbox.folder.child("dist")
        try sandbox.expect("check", ["check", copy])
        try sandbox.expect("build", ["build", copy, "-o", output])
        try sandbox.expect("play", ["play", copy, "--plain", "--player", "none", "--data-dir", sandbox.folder.child("data")],
                           input: "quit\n")
        try sandbox.expect("fmt", ["fmt", "--check", copy])
        if hostile.isAccepted {
            // What build wrote must pass verify: a build never writes a bundle a reader refuses.
            let bundles = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
            #expect(bundles.count == 1, "build wrote \(bundles)")
            for bundle in bundles {
                let verified = try LessonpackBinary.run(["verify", output + "/" + bundle], timeout: 60)
                #expect(verified.status == 0, "\(verified.standardOutput)")
            }
        }
        sandbox.expectNothingEscaped()
    }

    @Test(arguments: cases("scenario"))
    func scenarios(_ hostile: HostileCorpus.Case) throws {
        let sandbox = try HostileCorpus.Sandbox(hostile)
        let copy = try sandbox.copyCase()
        let base = sandbox.folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "base")
        let key = try Self.corpus.get().key
        for (number, step) in try HostileCorpus.steps(of: copy).enumerated() {
            let arguments = step.arguments.map {
                $0.replacingOccurrences(of: "{base}", with: base).replacingOccurrences(of: "{publisher.pub}", with: key)
            }
            let result = try LessonpackBinary.run(arguments, in: copy, environment: sandbox.environment,
                                                  standardInput: "quit\n", timeout: 60)
            let said = result.standardOutput + result.standardError
            let name = "step \(number + 1), lessonpack \(step.arguments.joined(separator: " "))"
            sandbox.expectSafe(said, name)
            sandbox.expectOutcome(step.code, status: result.status, said: said, name)
            for condition in step.conditions {
                sandbox.expectCondition(condition, in: copy, original: hostile.path, said: said, name)
            }
        }
        sandbox.expectNothingEscaped()
    }
}
