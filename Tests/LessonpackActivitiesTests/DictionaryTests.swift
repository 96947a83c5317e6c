import Foundation
import LessonpackModel
import Testing
@testable import LessonpackActivities

@Suite struct DictionaryEngineTests {
    let dictionary = dealt(DictionaryEngine.self)

    @Test func entriesAreAlphabetical() {
        #expect(dictionary.entries.count == 18)
        #expect(dictionary.entries.first?.term == "at the moment")
        #expect(dictionary.entries.last?.term == "working hours")
        #expect(dictionary.boxes.map(\.title) == ["Introducing yourself", "Talking about your work experience"])
    }

    @Test func prefixSearchFindsTermsAndWordsInThem() {
        #expect(dictionary.search(prefix: "s").map(\.term) == ["shift work", "stay calm", "strengths", "have a seat"])
        #expect(dictionary.search(prefix: "Meet").map(\.term) == ["nice to meet you"])
        #expect(dictionary.search(prefix: "work").map(\.term) == ["work as", "working hours", "shift work"])
        #expect(dictionary.search(prefix: "").count == 18)
        #expect(dictionary.search(prefix: "zebra").isEmpty)
    }

    @Test func approximateSearchForgivesSpelling() {
        #expect(dictionary.search(approximately: "responsability").first?.term == "responsibility")
        #expect(dictionary.search(approximately: "strenghts").first?.term == "strengths")
        #expect(dictionary.search(approximately: "organized").first?.term == "well organised")
        #expect(dictionary.search(approximately: "xylophone").isEmpty)
    }

    @Test func openingIsRemembered() {
        var dictionary = dictionary
        dictionary.run(.open(term: "Shift Work"), .open(term: "nothing"))
        #expect(dictionary.result(at: later(5)).items.map(\.id) == ["shift work"])
    }
}
