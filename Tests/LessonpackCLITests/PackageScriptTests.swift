import Foundation
import LessonpackTestSupport
import Testing

/// `scripts/package` makes the release files (a .deb and an archive) and `scripts/check-package` installs the .deb in a
/// clean root made of its Depends alone and runs lessonpack there. Installing needs none of what only the tests use.
@Suite(.serialized) struct PackageScriptTests {
    private static let script = Paths.inPackage("scripts/package")
    private static let check = Paths.inPackage("scripts/check-package")

    /// Runs a script with the learning core the packages carry (PageCore: a clean checkout has none yet, and
    /// `scripts/test` builds only the binary).
    private func runScript(_ path: String, _ arguments: [String]) async throws -> LessonpackBinary.Result {
        try await LessonpackBinary.runTool("/bin/bash", [path] + arguments,
                                           environment: ["LESSONPACK_CORE_WASM": try await PageCore.path()], timeout: 600)
    }

    /// What `dpkg-deb` says of one field of a package.
    private func field(_ name: String, of deb: String) async throws -> String {
        let shown = try await LessonpackBinary.runTool("/usr/bin/dpkg-deb", ["-f", deb, name])
        #expect(shown.status == 0, "\(shown.standardError)")
        return shown.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theDebNamesWhatTheBinaryLinksInstallsInACleanRootAndRunsThere() async throws {
        let folder = TemporaryFolder()
        // --no-build --debug: 'swift test' holds the build folder, so the script packages what scripts/test built.
        let made = try await runScript(Self.script, ["--debug", "--no-build", "--output", folder.child("out")])
        #expect(made.status == 0, "\(made.standardError)")
        let deb = folder.child("out/lessonpack_0.1.0_\(try await architecture()).deb")
        let archive = folder.child("out/lessonpack-0.1.0-linux-\(try await architecture()).tar.gz")
        #expect(made.standardOutput.split(separator: "\n").map(String.init) == [deb, archive])

        // Depends is read from the binary: the libraries it links, by their Debian packages.
        let depends = try await field("Depends", of: deb)
        for library in ["libarchive13", "libsqlite3-0", "libsndfile1", "libxml2", "libncursesw6", "libsonic0", "libc6"] {
            #expect(depends.contains(library), "Depends lacks \(library): \(depends)")
        }
        let recommends = try await field("Recommends", of: deb)
        #expect(recommends.contains("ffmpeg"))
        for testOnly in ["chromium", "nginx", "python", "nodejs", "tmux"] {
            #expect(!depends.contains(testOnly) && !recommends.contains(testOnly))
        }

        // The archive holds the same files in one folder, with the licences of what the binary links in.
        let listing = try await LessonpackBinary.runTool("/usr/bin/tar", ["-tzf", archive])
        #expect(listing.status == 0, "\(listing.standardError)")
        for path in ["bin/lessonpack", "share/man/man1/lessonpack.1", "share/bash-completion/completions/lessonpack",
                     "share/lessonpack/lessonpack-core.wasm", "share/doc/lessonpack/copyright",
                     "share/doc/lessonpack/licenses/swift-runtime.txt",
                     "share/doc/lessonpack/licenses/swift-argument-parser/LICENSE.txt"] {
            #expect(listing.standardOutput.contains("lessonpack-0.1.0/\(path)\n"), "the archive lacks \(path)")
        }
        let sums = try await LessonpackBinary.runTool("/usr/bin/sha256sum", ["-c", "SHA256SUMS"], in: folder.child("out"))
        #expect(sums.status == 0, "\(sums.standardOutput)\(sums.standardError)")

        // Installed by dpkg into a root holding only its dependencies, it makes, checks, builds and plays a module.
        let installed = try await runScript(Self.check, [deb, "--swift-runtime"])
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(installed.standardOutput.contains("installs and runs in a clean root"), "\(installed.standardOutput)")
        for step in ["new greetings", "check greetings", "build greetings -o dist", "play --plain"] {
            #expect(installed.standardError.contains("ok: /usr/bin/lessonpack \(step)"), "\(installed.standardError)")
        }

        // A package whose Depends forgets a library the binary links does not run there, and the check says so.
        let unpacked = folder.child("unpacked")
        #expect(try await LessonpackBinary.runTool("/usr/bin/dpkg-deb", ["-R", deb, unpacked]).status == 0)
        let control = unpacked + "/DEBIAN/control"
        let text = try String(contentsOfFile: control, encoding: .utf8)
        let forgetful = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Depends: ")
                ? "Depends: " + line.dropFirst(9).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.hasPrefix("libsqlite3-0") }.joined(separator: ", ")
                : String(line)
        }.joined(separator: "\n")
        #expect(forgetful != text)
        try forgetful.write(toFile: control, atomically: true, encoding: .utf8)
        let broken = folder.child("forgetful.deb")
        let repacked = try await LessonpackBinary.runTool("/usr/bin/dpkg-deb", ["-Zgzip", "-z1", "--build", unpacked, broken])
        #expect(repacked.status == 0, "\(repacked.standardError)")
        let refused = try await runScript(Self.check, [broken, "--swift-runtime"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("libsqlite3.so.0"), "\(refused.standardError)")
    }

    @Test func aPackageWithoutTheLearningCoreIsNotMade() async throws {
        let folder = TemporaryFolder()
        let made = try await LessonpackBinary.runTool("/bin/bash", [Self.script, "--debug", "--no-build", "--output", folder.child("out")],
                                                      environment: ["LESSONPACK_CORE_WASM": folder.child("none.wasm")], timeout: 600)
        #expect(made.status == 1 && made.standardError.contains("package: no learning core"), "\(made.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.child("out")))
    }

    @Test func theSameBuildPacksToTheSameBytes() async throws {
        let folder = TemporaryFolder()
        for output in ["one", "two"] {
            let made = try await runScript(Self.script, ["--debug", "--no-build", "--output", folder.child(output)])
            #expect(made.status == 0, "\(made.standardError)")
        }
        let one = try String(contentsOfFile: folder.child("one/SHA256SUMS"), encoding: .utf8)
        let two = try String(contentsOfFile: folder.child("two/SHA256SUMS"), encoding: .utf8)
        #expect(!one.isEmpty && one == two)
    }

    /// Installing asks scripts/setup only for what building and running need; the README commands ask for all.
    @Test func installingNeedsNoBrowserWebServerOrPython() async throws {
        let build = try await LessonpackBinary.runTool("/bin/bash", [Paths.inPackage("scripts/setup"), "--list", "--build"])
        let all = try await LessonpackBinary.runTool("/bin/bash", [Paths.inPackage("scripts/setup"), "--list"])
        #expect(build.status == 0 && all.status == 0)
        let forBuilding = Set(build.standardOutput.split(separator: "\n").map(String.init))
        let forTesting = Set(all.standardOutput.split(separator: "\n").map(String.init))
        #expect(forBuilding.isSubset(of: forTesting) && forBuilding.contains("libxml2-dev") && forBuilding.contains("ffmpeg"))
        for testOnly in ["chromium", "chromium-driver", "nginx", "python3", "python3-venv", "nodejs", "tmux"] {
            #expect(!forBuilding.contains(testOnly), "installing would ask for \(testOnly)")
            #expect(forTesting.contains(testOnly))
        }
        let install = try String(contentsOfFile: Paths.inPackage("scripts/install"), encoding: .utf8)
        #expect(install.contains("scripts/setup --build\n") && !install.contains("scripts/setup\n"))
    }

    private func architecture() async throws -> String {
        try await LessonpackBinary.runTool("/usr/bin/dpkg", ["--print-architecture"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
