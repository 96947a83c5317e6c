import LessonpackActivities
import LessonpackModel
import Testing
@testable import LessonpackProgress

/// What an attempt's parts hash to is stored with the attempt: typed parts must hash exactly as the strings stores
/// have always hashed ("line:l01=<the line's digest>"), or every unfinished attempt would be closed on upgrade.
@Suite struct ModulePartsTests {
    @Test func eachPartIsNamedAsStoresHaveAlwaysNamedIt() {
        let parts: [ModulePart] = [.line("l01"), .statement("s01"), .question("q01"), .item("t01"), .term("have a seat"),
                                   .objective("o1"), .media("video/conversation.mp4"), .speaker("anna")]
        #expect(parts.map(\.key) == ["line:l01", "statement:s01", "question:q01", "item:t01", "term:have a seat",
                                     "objective:o1", "media:video/conversation.mp4", "speaker:anna"])
    }

    @Test func typedPartsHashAsTheStringsDid() throws {
        let line = try #require(sampleModule.transcript.first)
        let item = try #require(sampleModule.test.items.first)
        let expected = ContentHashes.digest(["line:\(line.id)=" + ContentHashes.digest(line),
                                             "item:\(item.id)=" + ContentHashes.digest(item), "speaker:nobody=missing"])
        #expect(ModuleParts.hash([.line(line.id), .item(item.id), .speaker("nobody")], in: sampleModule) == expected)
    }
}
