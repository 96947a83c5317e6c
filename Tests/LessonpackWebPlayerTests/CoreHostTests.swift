import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The page's core host under Node, with a stand-in core and an in-memory store (Tests/WebPlayerScripts/
/// core-host-check.mjs): entries stamped in whole milliseconds and never back in time, an entry the core refuses
/// removed with a plain message, a log of other content set aside, the content's hash.
@Suite struct CoreHostTests {
    @Test func theHostStampsDropsRefusedEntriesAndSetsAsideOtherContent() throws {
        let node = try #require(ExternalTool.find("node") ?? ExternalTool.find("nodejs"),
                                "Node.js is not installed: scripts/setup installs Debian's nodejs")
        let run = try node.run([Paths.inPackage("Tests/WebPlayerScripts/core-host-check.mjs"),
                                Paths.inPackage("Sources/LessonpackWebPlayer/Web")], timeout: 60)
        #expect(run.succeeded, "node: \(run.errorText)")
        #expect(String(decoding: run.standardOutput, as: UTF8.self).contains("all checks passed"))
    }
}
