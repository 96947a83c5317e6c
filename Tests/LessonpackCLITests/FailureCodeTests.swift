import Foundation
import LessonpackTestSupport
import Testing

/// Every failure a user can cause on the command line says its documented code, on standard error, with the exit
/// status docs/json-output.md gives: 1 for problems found, 2 when the work could not be done. None falls back to a
/// stand-in code.
@Suite struct FailureCodeTests {
    struct Failure: CustomStringConvertible {
        var arguments: [String]
        var code: String
        var status: Int32
        var environment: [String: String] = [:]

        var description: String { "lessonpack " + arguments.joined(separator: " ") }
    }

    /// A folder with a module, a module with an error, a file that is nothing in particular, and a key file.
    static func failures(in folder: TemporaryFolder) -> [Failure] {
        let module = folder.copy(Paths.sampleModule, as: "module")
        let broken = folder.copy(Paths.sampleModule, as: "broken")
        try? "<plist><dict><key>id</key></dict>".write(toFile: broken + "/module.plist", atomically: true, encoding: .utf8)
        let text = folder.write("not a bundle, not audio, not a property list\n", to: "note.txt")
        let key = folder.write("not a key\n", to: "existing.key")
        let nonEmpty = folder.write("x", to: "occupied/file.txt")
        let missing = folder.child("missing")
        // The smallest WebAssembly module: export web needs a core before it reads any bundle.
        let emptyWasm = folder.child("core.wasm")
        FileManager.default.createFile(atPath: emptyWasm, contents: Data([0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]))
        let out = folder.child("out")
        return [
            Failure(arguments: ["check", missing], code: "module-folder-missing", status: 2),
            Failure(arguments: ["check", text], code: "module-not-a-folder", status: 2),
            Failure(arguments: ["build", module, "-o", out, "--sign", missing], code: "key-invalid", status: 2),
            Failure(arguments: ["build", module, "-o", out], code: "source-date-epoch-invalid", status: 2,
                    environment: ["SOURCE_DATE_EPOCH": "yesterday"]),
            Failure(arguments: ["verify", missing], code: "zip-unreadable", status: 2),
            Failure(arguments: ["verify", text], code: "zip-not-a-zip", status: 2),
            Failure(arguments: ["inspect", missing], code: "zip-unreadable", status: 2),
            Failure(arguments: ["unpack", missing, out], code: "zip-unreadable", status: 2),
            Failure(arguments: ["diff", missing, module], code: "input-missing", status: 2),
            Failure(arguments: ["diff", broken, module], code: "module-has-errors", status: 2),
            Failure(arguments: ["keygen", key], code: "key-file-exists", status: 2),
            Failure(arguments: ["media", "scan", folder.path], code: "not-a-module-folder", status: 2),
            Failure(arguments: ["fmt", missing], code: "no-property-lists", status: 2),
            Failure(arguments: ["plist", "lint", missing], code: "unreadable-file", status: 2),
            Failure(arguments: ["plist", "lint", text], code: "xml-syntax", status: 1),
            Failure(arguments: ["plist", "convert", "--to", "json", missing], code: "unreadable-file", status: 2),
            Failure(arguments: ["pitch", missing], code: "audio-cannot-open", status: 2),
            Failure(arguments: ["play", missing, "--plain", "--data-dir", folder.child("data")], code: "module-not-found",
                    status: 2),
            Failure(arguments: ["play", broken, "--plain", "--data-dir", folder.child("data")],
                    code: "runtime-module-invalid", status: 1),
            Failure(arguments: ["new", (nonEmpty as NSString).deletingLastPathComponent], code: "new-folder-not-empty",
                    status: 2),
            Failure(arguments: ["new", folder.child("fresh"), "--id", "Not An Id"], code: "new-id-invalid", status: 2),
            Failure(arguments: ["new", folder.child("fresh2"), "--template", missing], code: "template-invalid", status: 2),
            Failure(arguments: ["export", "questions", missing], code: "module-folder-missing", status: 2),
            Failure(arguments: ["export", "questions", module, "-o", folder.path], code: "output-not-a-regular-file",
                    status: 2),
            Failure(arguments: ["export", "lesson", missing], code: "module-folder-missing", status: 2),
            Failure(arguments: ["export", "web", text, "-o", out], code: "web-core-missing", status: 2,
                    environment: ["LESSONPACK_CORE_WASM": missing]),
            Failure(arguments: ["export", "web", text, "-o", out], code: "zip-not-a-zip", status: 2,
                    environment: ["LESSONPACK_CORE_WASM": emptyWasm]),
            Failure(arguments: ["export", "web", text, "-o", (nonEmpty as NSString).deletingLastPathComponent],
                    code: "web-output-not-empty", status: 2, environment: ["LESSONPACK_CORE_WASM": emptyWasm]),
            Failure(arguments: ["export", "scorm12", text, "-o", text], code: "lms-output-exists", status: 2,
                    environment: ["LESSONPACK_CORE_WASM": emptyWasm]),
            Failure(arguments: ["export", "cmi5", text, "-o", folder.path], code: "lms-output-not-file", status: 2,
                    environment: ["LESSONPACK_CORE_WASM": emptyWasm]),
            Failure(arguments: ["export", "cmi5", text, "-o", out + ".zip"], code: "web-core-missing", status: 2,
                    environment: ["LESSONPACK_CORE_WASM": missing]),
            Failure(arguments: ["import", "glossary", missing, "--into", module], code: "unreadable-file", status: 2),
            Failure(arguments: ["install", missing, "--data-dir", folder.child("data")], code: "install-failed", status: 2),
            Failure(arguments: ["install", "--catalog", missing, "--data-dir", folder.child("data")],
                    code: "catalog-unreadable", status: 2),
            Failure(arguments: ["sync", "--lrs", "not an address", "--data-dir", folder.child("data")],
                    code: "remote-address-invalid", status: 2),
            Failure(arguments: ["sync", "--lrs", "http://127.0.0.1:9/xAPI/", "--data-dir", folder.child("data")],
                    code: "learner-unknown", status: 2,
                    environment: ["LESSONPACK_LRS_USERNAME": "a", "LESSONPACK_LRS_PASSWORD": "b"]),
            Failure(arguments: ["sync", "--lrs", "http://127.0.0.1:9/xAPI/", "--email", "not-an-address",
                                "--data-dir", folder.child("data")],
                    code: "learner-invalid", status: 2,
                    environment: ["LESSONPACK_LRS_USERNAME": "a", "LESSONPACK_LRS_PASSWORD": "b"]),
            Failure(arguments: ["report", missing], code: "report-input-invalid", status: 2),
            Failure(arguments: ["report", text], code: "report-input-invalid", status: 2),
            Failure(arguments: ["import", "transcript", text, "--into", module, "--from", "doc"], code: "argument-invalid",
                    status: 2),
            Failure(arguments: ["import", "questions", text, "--into", module, "--to", "exam"], code: "argument-invalid",
                    status: 2),
            Failure(arguments: ["export", "lesson", module, "-o", folder.child("notes.pdf")], code: "argument-invalid",
                    status: 2),
            Failure(arguments: ["pitch", text], code: "audio-unreadable", status: 1),
            Failure(arguments: ["plist", "lint", folder.path], code: "not-a-regular-file", status: 2),
            Failure(arguments: ["studio", "--no-open", missing], code: "not-a-module", status: 2),
        ]
    }

    @Test func everyFailureSaysItsCodeAndStatus() throws {
        let folder = TemporaryFolder()
        for failure in Self.failures(in: folder) {
            let result = try LessonpackBinary.run(failure.arguments, environment: failure.environment)
            #expect(result.status == failure.status, "\(failure): \(result.standardError)")
            #expect(result.standardError.contains("[\(failure.code)]"), "\(failure): \(result.standardError)")
            #expect(!result.standardError.contains("[command-failed]") && !result.standardOutput.contains("command-failed"))
        }
    }

    /// Under `--format json`, the same failures give the frame with the same code, and nothing else on standard output.
    @Test func everyFailureGivesTheFrameUnderJSON() throws {
        let folder = TemporaryFolder()
        let reporting: Set<String> = ["check", "build", "verify", "inspect", "unpack", "diff", "media", "fmt", "plist",
                                      "export", "import", "install", "sync", "report", "new", "keygen", "pitch"]
        for failure in Self.failures(in: folder) where reporting.contains(failure.arguments[0]) {
            guard failure.arguments[0] != "plist" || failure.arguments[1] == "lint" else { continue }
            let arguments = failure.arguments + ["--format", "json"]
            let result = try LessonpackBinary.run(arguments, environment: failure.environment)
            #expect(result.status == failure.status, "\(failure) --format json: \(result.standardError)")
            let parsed = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            let codes = (parsed?["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
            #expect(codes.contains(failure.code), "\(failure) --format json: \(result.standardOutput)")
            #expect(parsed?["ok"] as? Bool == false)
        }
    }

    /// `play` and `studio` keep standard output for the session and the address: the document goes to standard
    /// error, alone there, with the same codes and status.
    @Test func playAndStudioGiveTheFrameOnStandardError() throws {
        let folder = TemporaryFolder()
        for failure in Self.failures(in: folder) where ["play", "studio"].contains(failure.arguments[0]) {
            let result = try LessonpackBinary.run(failure.arguments + ["--format", "json"], environment: failure.environment)
            #expect(result.status == failure.status, "\(failure) --format json: \(result.standardError)")
            #expect(result.standardOutput.isEmpty, "\(failure) --format json: \(result.standardOutput)")
            let parsed = try? JSONSerialization.jsonObject(with: Data(result.standardError.utf8)) as? [String: Any]
            let codes = (parsed?["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
            #expect(codes.contains(failure.code), "\(failure) --format json: \(result.standardError)")
        }
    }
}
