import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio

/// The page's events carry whatever numbers a request holds: no value of any event may stop the studio.
@Suite struct HostileEventTests {
    static let numbers = [Int.max, Int.min, -1, 1_000_000, Int.max - 1, Int.min + 1]

    static var events: [String] {
        var events: [String] = []
        for n in numbers {
            for name in ["answer", "choose", "cycle", "go", "hearAnswer", "hearLine", "move", "moveCursor",
                         "moveLevelCursor", "moveSlotCursor", "moveTrayCursor", "replay", "replayLine", "select"] {
                events.append(#"{"event":{"\#(name)":{"_0":\#(n)}}}"#)
            }
            events += [#"{"event":{"hear":{"label":\#(n)}}}"#, #"{"event":{"place":{"label":\#(n),"slot":\#(n)}}}"#,
                       #"{"event":{"place":{"label":0,"slot":\#(n)}}}"#, #"{"event":{"mark":{"_0":\#(n),"_1":"correct"}}}"#]
        }
        events += [#"{"event":{"seek":{"_0":1e308}}}"#, #"{"event":{"seek":{"_0":-1e308}}}"#,
                   #"{"event":{"markAll":{"_0":[]}}}"#, #"{"event":{"chooseLevel":{"_0":"hard"}}}"#]
        return events
    }

    @Test(arguments: ActivityKind.allCases)
    func extremeNumbersAreAnsweredNeverTrapped(kind: ActivityKind) async throws {
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let sessions = PreviewSessions()
        let first = try await sessions.start(kind, module: module, seed: 1, at: Date(timeIntervalSince1970: 0))
        let id = try #require((try JSONSerialization.jsonObject(with: Data(first)) as? [String: Any])?["session"] as? String)
        var answered = 0
        for event in Self.events {
            // An event another activity takes is refused as a bad request; the ones this activity takes are answered.
            if (try? await sessions.send(Array(event.utf8), to: id, at: Date(timeIntervalSince1970: 1))) != nil {
                answered += 1
            }
        }
        #expect(answered > 0 || kind == .dictionary, "no event of the \(kind.rawValue) activity was taken")
    }
}
