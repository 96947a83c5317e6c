import Foundation
import LessonpackTestSupport
import Testing

/// `scripts/install` puts the binary, the manual page and the completions under a prefix; the installed binary
/// then works from anywhere, with nothing from the checkout: no template folder, no environment pointing back.
@Suite struct InstallScriptTests {
    @Test func anInstalledBinaryMakesChecksBuildsAndPlaysAModule() async throws {
        let folder = TemporaryFolder()
        let prefix = folder.child("prefix")
        // --no-build: 'swift test' holds the build folder, so the script installs what scripts/test built.
        let install = try await LessonpackBinary.runTool("/bin/bash", [Paths.inPackage("scripts/install"), "--prefix", prefix,
                                                                      "--debug", "--no-build"])
        #expect(install.status == 0, "\(install.standardError)")
        for path in ["bin/lessonpack", "share/man/man1/lessonpack.1", "share/bash-completion/completions/lessonpack",
                     "share/zsh/site-functions/_lessonpack", "share/fish/vendor_completions.d/lessonpack.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path) was not installed")
        }
        let manual = try String(contentsOfFile: prefix + "/share/man/man1/lessonpack.1", encoding: .utf8)
        #expect(manual.contains(".Sh NAME") || manual.contains(".SH NAME"))
        #expect(manual.contains("media scan") || manual.contains("media"))
        // Path arguments complete files and folders.
        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/lessonpack", encoding: .utf8)
        #expect(bash.contains("__lessonpack_add_completions -d") && bash.contains("__lessonpack_add_completions -f"))

        // From an empty folder, with an environment that knows nothing of the checkout.
        let work = folder.child("work")
        try FileManager.default.createDirectory(atPath: work + "/home", withIntermediateDirectories: true)
        let environment = ["PATH": prefix + "/bin:/usr/bin:/bin", "HOME": work + "/home", "LC_ALL": "C.UTF-8", "NO_COLOR": "1"]
        func run(_ arguments: [String], input: String? = nil) async throws -> LessonpackBinary.Result {
            try await LessonpackBinary.runTool("/usr/bin/env", ["-i"] + environment.map { "\($0)=\($1)" }.sorted()
                                               + ["lessonpack"] + arguments, in: work, standardInput: input)
        }
        let created = try await run(["new", "greetings"])
        #expect(created.status == 0, "\(created.standardError)")
        let check = try await run(["check", "greetings"])
        #expect(check.status == 0 && check.standardError.contains("[placeholder-text]"), "\(check.standardError)")
        let build = try await run(["build", "greetings", "-o", "dist"])
        #expect(build.status == 0, "\(build.standardError)")
        let play = try await run(["play", "--plain", "dist/greetings-0.1.0.lessonpack", "--player", "none", "--recorder", "none",
                                  "--data-dir", "data"], input: "q\n")
        #expect(play.status == 0, "\(play.standardError)")
        #expect(play.standardOutput.contains("Greetings"))
    }
}
