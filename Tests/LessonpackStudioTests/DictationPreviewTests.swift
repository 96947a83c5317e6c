import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio

/// The studio previews the dictation with the presenter the terminal uses: a typed line comes back marked.
@Suite struct DictationPreviewTests {
    @Test func aWrittenLineComesBackMarked() async throws {
        var module = try ModuleLoader.load(folder: Paths.sampleModule).module
        module.activities.insert(.dictation, at: 5)
        module.chosenLines[.dictation] = ["l04"]
        let sessions = PreviewSessions()
        let first = try await sessions.start(.dictation, module: module, seed: 1, at: Date(timeIntervalSince1970: 0))
        let started = try #require(try JSONSerialization.jsonObject(with: Data(first)) as? [String: Any])
        let id = try #require(started["session"] as? String)
        let view = try #require(started["view"] as? [String: Any])
        #expect(view["instruction"] as? String == "Listen and type what you hear." && view["line"] == nil)
        let event = Array(#"{"event":{"write":{"_0":"thank you please call David"}}}"#.utf8)
        let answer = try await sessions.send(event, to: id, at: Date(timeIntervalSince1970: 1))
        let marked = try #require((try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any])?["view"] as? [String: Any])
        #expect(marked["score"] as? String == "5 of 6 words right.")
        #expect(marked["summary"] as? String == "Finished: 5 of 6 words right (83%).")
        #expect((marked["marked"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
            == ["Thank", "you", "Please", "call", "[+me]", "David"])
    }
}
