import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackCore

/// The web page's session: its log replayed through the player's driver and presenters, views and events in the
/// shape the page's renderers know, and every request no page of ours sends refused with a code.
@Suite struct PageSessionTests {
    @Test func everyViewAndEventCrossesAsCodableWritesAndReadsThem() throws {
        let folder = TemporaryFolder()
        // PageLogs checks each step while it makes the logs.
        let logs = PageLogs(module: try PageLogs.sampleWithAllActivities(in: folder)).logs(count: 6)
        #expect(logs.count == 6 * ActivityKind.allCases.count)
    }

    @Test func aLogIsAnsweredWithTheViewAfterItsLastEntry() throws {
        let folder = TemporaryFolder()
        let module = try PageLogs.sampleWithAllActivities(in: folder)
        let text = ModuleJSON.write(module)
        let opened = Self.request("video-task", [#"{"at":1790000000000,"open":{}}"#])
        let first = try Self.object(PageSession.run(module: text, request: opened))
        #expect(first["activity"] as? String == "video-task")
        #expect(first["title"] as? String == "2. Video task")
        #expect(first["attempt"] as? Int == 1)
        #expect(first["finished"] as? Bool == false)
        #expect(first["result"] is NSNull)
        let rows = try #require((first["view"] as? [String: Any])?["rows"] as? [[String: Any]])
        #expect(rows.count == module.videoTask.count && rows.allSatisfy { $0["mark"] as? String == "empty" })

        // Every statement marked true, then checked: the attempt ends with its result.
        let marks = module.videoTask.indices.map { #"{"at":\#(1_790_000_001_000 + $0),"event":{"mark":{"_0":\#($0),"_1":"correct"}}}"# }
        let checked = Self.request("video-task", [#"{"at":1790000000000,"open":{}}"#] + marks
                                   + [#"{"at":1790000009000,"event":{"check":{}}}"#])
        let answer = try Self.object(PageSession.run(module: text, request: checked))
        #expect(answer["finished"] as? Bool == true)
        let result = try #require(answer["result"] as? [String: Any])
        #expect(result["activity"] as? String == "video-task")
        #expect((answer["view"] as? [String: Any])?["summary"] as? String != nil)
    }

    @Test func theLearnersLanguageAndClockAreThePages() throws {
        let folder = TemporaryFolder()
        let text = ModuleJSON.write(try PageLogs.sampleWithAllActivities(in: folder))
        // A test finished, the activity opened again (a new attempt), and the last results asked for.
        let request = #"{"activity":"test","session":"5","settings":{"language":"ja"},"utcOffset":32400,"log":[{"at":1790000000000,"open":{}},{"at":1790000001000,"event":{"finishNow":{}}},{"at":1790000002000,"open":{}},{"at":1790000003000,"event":{"showLastResults":{}}}]}"#
        let answer = try Self.object(PageSession.run(module: text, request: request))
        #expect(answer["title"] as? String == "9. テスト")
        #expect(answer["attempt"] as? Int == 2)
        #expect(answer["finished"] as? Bool == false)
        // 1790000001 s is 2026-09-21 14:13:21 UTC; the learner is nine hours east.
        let results = try #require((answer["view"] as? [String: Any])?["results"] as? [String: Any])
        #expect(results["earlier"] as? String == "前回のテスト（2026年9月21日 23:13 に終了）")
    }

    @Test(arguments: [
        ("not json", "malformed-request", nil),
        (#"{"activity":"video-task","session":"-1","log":[]}"#, "malformed-request", nil),
        (#"{"activity":"video-task","session":"18446744073709551616","log":[]}"#, "malformed-request", nil),
        (#"{"activity":"video-task","session":"1","settings":{"language":"xx"},"log":[]}"#, "malformed-request", nil),
        (#"{"activity":"karaoke","session":"1","log":[{"at":0,"open":{}}]}"#, "unknown-activity", nil),
        (#"{"activity":"video-task","session":"1","log":[]}"#, "malformed-log", 0),
        (#"{"activity":"video-task","session":"1","log":[{"at":5,"event":{"check":{}}}]}"#, "malformed-log", 0),
        (#"{"activity":"video-task","session":"1","log":[{"at":5,"open":{}},{"at":6,"event":{"dance":{}}}]}"#, "malformed-event", 1),
        (#"{"activity":"video-task","session":"1","log":[{"at":5,"open":{}},{"at":6,"event":{"mark":{"_0":1}}}]}"#, "malformed-event", 1),
        (#"{"activity":"pronunciation","session":"1","log":[{"at":5,"open":{}},{"at":6,"recorded":{"line":"l01","file":"a"}}]}"#, "unexpected-recording", 1),
        (#"{"activity":"video-task","session":"1","log":[{"at":5,"open":{}},{"at":6,"jump":{}}]}"#, "malformed-log", 1),
        (#"{"activity":"video-task","session":"1","log":[{"at":1e30,"open":{}}]}"#, "malformed-request", nil),
        (#"{"activity":"video-task","session":"1","log":[{"at":-5,"open":{}}]}"#, "malformed-log", 0),
    ] as [(String, String, Int?)])
    func aRequestNoPageSendsIsRefusedWithACode(request: String, code: String, entry: Int?) throws {
        let folder = TemporaryFolder()
        let text = ModuleJSON.write(try PageLogs.sampleWithAllActivities(in: folder))
        let answer = try Self.object(PageSession.run(module: text, request: request))
        #expect(answer["error"] as? String == code)
        #expect(answer["entry"] as? Int == entry)
    }

    /// A phone's clock set back (or a progress file from a device whose clock ran ahead) must not break an activity:
    /// an entry earlier than the one before counts as at the same moment.
    @Test func timeNeverRunsBackwards() throws {
        let folder = TemporaryFolder()
        let text = ModuleJSON.write(try PageLogs.sampleWithAllActivities(in: folder))
        let back = try Self.object(PageSession.run(module: text, request: Self.request("video-task", [
            #"{"at":5000,"open":{}}"#, #"{"at":4000,"event":{"cycle":{"_0":0}}}"#, #"{"at":9000,"event":{"cycle":{"_0":1}}}"#])))
        let level = try Self.object(PageSession.run(module: text, request: Self.request("video-task", [
            #"{"at":5000,"open":{}}"#, #"{"at":5000,"event":{"cycle":{"_0":0}}}"#, #"{"at":9000,"event":{"cycle":{"_0":1}}}"#])))
        #expect(back["error"] == nil)
        #expect(NSDictionary(dictionary: back) == NSDictionary(dictionary: level))
        // A seek JavaScript wrote with an exponent is read.
        let seek = try Self.object(PageSession.run(module: text, request: Self.request("video", [
            #"{"at":5000,"open":{}}"#, #"{"at":6000,"event":{"seek":{"_0":5e-7}}}"#])))
        #expect(seek["error"] == nil)
    }

    /// An activity without a score ends when the learner leaves it, as the terminal player saves it as visited;
    /// opening it again starts the next visit, with the last one's result. A tab killed never left: its visit
    /// carries on, with what was done in it.
    @Test func leavingAnActivityWithoutAScoreEndsTheVisit() throws {
        let folder = TemporaryFolder()
        let text = ModuleJSON.write(try PageLogs.sampleWithAllActivities(in: folder))
        let visit = [#"{"at":5000,"open":{}}"#, #"{"at":6000,"event":{"next":{}}}"#]
        let killed = try Self.object(PageSession.run(module: text, request: Self.request("vocabulary",
            visit + [#"{"at":90000,"open":{}}"#])))
        #expect(killed["attempt"] as? Int == 1 && killed["result"] is NSNull)
        let leaving = try Self.object(PageSession.run(module: text, request: Self.request("vocabulary",
            visit + [#"{"at":7000,"leave":{}}"#])))
        #expect(leaving["finished"] as? Bool == true && leaving["result"] is [String: Any])
        let left = try Self.object(PageSession.run(module: text, request: Self.request("vocabulary",
            visit + [#"{"at":7000,"leave":{}}"#, #"{"at":90000,"open":{}}"#])))
        #expect(left["attempt"] as? Int == 2)
        let result = try #require(left["result"] as? [String: Any])
        #expect(result["activity"] as? String == "vocabulary")
        // A scored activity left unfinished carries on where it was.
        let test = try Self.object(PageSession.run(module: text, request: Self.request("test", [
            #"{"at":5000,"open":{}}"#, #"{"at":6000,"event":{"mark":{"_0":{"correct":{}}}}}"#, #"{"at":7000,"leave":{}}"#,
            #"{"at":90000,"open":{}}"#])))
        #expect(test["attempt"] as? Int == 1 && test["result"] is NSNull)
    }

    @Test func aModuleWithoutTheActivityDoesNotPlayIt() throws {
        var module = try ModuleLoader.load(folder: Paths.sampleModule).module
        module.activities.removeAll { $0 == .test }
        let answer = try Self.object(PageSession.run(module: ModuleJSON.write(module), request:
            #"{"activity":"test","session":"1","log":[{"at":0,"open":{}}]}"#))
        #expect(answer["error"] as? String == "unknown-activity")
        #expect(try Self.object(PageSession.run(module: "{}", request: "{}"))["error"] as? String == "malformed-module")
    }

    // MARK: What the core writes and reads by hand

    @Test func momentsAreTheGregorianCalendars() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var random = SeededRandom(seed: 42)
        for _ in 0..<3000 {
            // Years 1600 to 9999: Foundation's Gregorian calendar is Julian before October 1582, while the core's
            // is proleptic, as JavaScript's Date is.
            let seconds = Double(random.below(265_078_396_799)) - 11_676_096_000
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
            let days = Int64((seconds / 86_400).rounded(.down))
            let civil = CivilCalendar.date(fromDaysSince1970: days)
            #expect([Int(civil.year), Int(civil.month), Int(civil.day)] == [parts.year, parts.month, parts.day], "\(seconds)")
            #expect(CivilCalendar.daysSince1970(year: civil.year, month: civil.month, day: civil.day) == days)
        }
        let strings = Strings(.en)
        #expect(Wording.moment(Date(timeIntervalSince1970: 1_790_000_001), utcOffset: 0, strings) == "21 Sep 2026, 14:13")
        #expect(Wording.moment(Date(timeIntervalSince1970: 1_790_000_001), utcOffset: 32_400, Strings(.ja)) == "2026年9月21日 23:13")
        #expect(Wording.moment(Date(timeIntervalSince1970: 0), utcOffset: -3600, strings) == "31 Dec 1969, 23:00")
    }

    @Test(arguments: [
        (12.5, "12.5"), (0, "0"), (0.001, "0.001"), (-0.0004, "0"), (-2.25, "-2.25"), (65.3, "65.3"),
        (1.0 / 3, "0.333"), (9e15, "9000000000000"), (Double.nan, #""nan""#), (-Double.infinity, #""-inf""#),
    ])
    func decimalsAreWrittenToTheThousandth(value: Double, written: String) {
        var json = CoreJSON()
        json.value(decimal: value)
        #expect(json.text == written)
    }

    @Test(arguments: [
        ("12.5", CoreJSONValue.decimal(12.5)), ("-0.25", .decimal(-0.25)), ("7", .integer(7)),
        // Past Int32, a number is a decimal in both builds, so that both read a request alike.
        ("1790000000000", .decimal(1_790_000_000_000)), ("2147483647", .integer(2_147_483_647)),
        ("2147483648", .decimal(2_147_483_648)), ("0.1234567", .decimal(0.123456)),
        ("1e3", .decimal(1000)), ("1.5E2", .decimal(150)), ("-2e+1", .decimal(-20)),
        // The Double nearest the text, as Codable reads it: 7 + 0.56 would be 7.5600000000000005.
        ("7.56", .decimal(7.56)), ("89.123", .decimal(89.123)), ("-0.1", .decimal(-0.1)),
        ("1.", nil), ("-", nil), ("9007199254740993", nil), ("1e", nil), ("1e21", nil), ("1e300", nil),
    ] as [(String, CoreJSONValue?)])
    func numbersAreReadAsAPageWritesThem(text: String, value: CoreJSONValue?) {
        #expect(CoreJSONValue.parse(text) == value)
    }

    static func request(_ activity: String, _ entries: [String]) -> String {
        #"{"activity":"\#(activity)","session":"77","settings":{"listeningFirst":false,"language":"en","hiddenHelp":[]},"log":[\#(entries.joined(separator: ","))]}"#
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not an object: \(text)")
    }
}
