import Foundation
import LessonpackTestSupport
import Testing

/// `lessonpack studio` as an author starts it: the address first, a clean stop, clear refusals.
@Suite struct StudioCommandTests {
    @Test func printsItsAddressFirstAndStopsCleanlyOnSIGTERM() throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "job-interview")
        let studio = try InteractiveProcess(LessonpackBinary.path, ["studio", "--no-open", module],
                                            environment: ["DISPLAY": ""])
        defer { if studio.waitUntilExit(timeout: 0) == nil { studio.kill() } }
        #expect(studio.waitFor("\n"))
        let first = try #require(studio.text.split(separator: "\n").first.map(String.init))
        let pattern = try Regex(#"^Studio: http://127\.0\.0\.1:(\d+)/\?token=[0-9a-f]{64}$"#)
        #expect(first.wholeMatch(of: pattern) != nil, "\(first)")
        kill(studio.pid, SIGTERM)
        #expect(studio.waitUntilExit(timeout: 15) == 0)
    }

    @Test func refusesWhatIsNotAModuleAndABadPort() throws {
        let temporary = TemporaryFolder()
        let notModule = temporary.child("empty")
        try FileManager.default.createDirectory(atPath: notModule, withIntermediateDirectories: true)
        let refused = try LessonpackBinary.run(["studio", "--no-open", notModule])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("module.plist"), "\(refused.standardError)")
        #expect(refused.standardOutput.isEmpty)
        let badPort = try LessonpackBinary.run(["studio", "--no-open", "--port", "70000"])
        #expect(badPort.status == 2)
    }

    @Test func aBusyPortIsAClearFailure() throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "job-interview")
        let first = try InteractiveProcess(LessonpackBinary.path, ["studio", "--no-open", module])
        defer { first.kill() }
        #expect(first.waitFor("\n"))
        let port = try #require(first.text.firstMatch(of: try Regex(#":(\d+)/"#)).map { String(first.text[$0.range]) }
            .map { $0.filter(\.isNumber) })
        let second = try LessonpackBinary.run(["studio", "--no-open", "--port", port, module])
        #expect(second.status == 2)
        #expect(second.standardError.contains("cannot serve on 127.0.0.1:\(port): address already in use [studio-cannot-serve]"),
                "in the system's words, not NIO's call with its stray parenthesis: \(second.standardError)")

        // The same refusal for a tool: the document alone on standard error, with the same code and status.
        let json = try LessonpackBinary.run(["studio", "--no-open", "--port", port, "--format", "json", module])
        #expect(json.status == 2)
        #expect(json.standardOutput.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardError.utf8)) as? [String: Any],
                                    "\(json.standardError)")
        #expect((document["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "studio-cannot-serve")
    }

    /// Under `--format json`, the address is a result in the shared frame, not the sentence.
    @Test func printsItsAddressAsJSONForTools() throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "job-interview")
        let studio = try InteractiveProcess(LessonpackBinary.path, ["studio", "--no-open", "--format", "json", module],
                                            environment: ["DISPLAY": ""])
        defer { if studio.waitUntilExit(timeout: 0) == nil { studio.kill() } }
        #expect(studio.waitFor("}\n"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(studio.text.utf8)) as? [String: Any],
                                    "\(studio.text)")
        #expect(document["command"] as? String == "studio" && document["ok"] as? Bool == true)
        let address = try #require(document["address"] as? String)
        #expect(address.wholeMatch(of: try Regex(#"http://127\.0\.0\.1:(\d+)/\?token=[0-9a-f]{64}"#)) != nil, "\(address)")
        #expect(address.contains(":\(document["port"] as? Int ?? -1)/"))
        #expect(document["folders"] as? Int == 1)
        kill(studio.pid, SIGTERM)
        #expect(studio.waitUntilExit(timeout: 15) == 0)
    }
}
