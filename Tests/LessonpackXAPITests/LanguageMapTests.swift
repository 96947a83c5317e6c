import Foundation
import LessonpackActivities
import LessonpackModel
@testable import LessonpackXAPI
import Testing

/// Language maps carry the module's words under the language it teaches (module.plist's `language`, "en" without
/// it), and Lessonpack's own English words under en-US; readers take statements written either way, those made
/// before modules had a language included.
@Suite struct LanguageMapTests {
    static func statements(language: String?) -> [XAPIStatement] {
        var module = GradebookTests.module
        module.language = language
        let attempt = AttemptReference(registration: "00000000-0000-4000-8000-000000000009", moduleID: "m",
                                       moduleVersion: "1.0.0", activity: .test, number: 1)
        let start = Date(timeIntervalSince1970: 0)
        var engine = TestEngine(module: module, setup: .init(drawn: ["i1", "i2", "i3", "i4"], options: ["i4": ["a", "b"]]),
                                startedAt: start)
        let before = engine.result(at: start)
        _ = engine.apply(.answer(item: "i4", answer: .choice(index: 1)), at: start.addingTimeInterval(1))
        let answered = ActivityResult.newAnswers(from: before, to: engine.result(at: start.addingTimeInterval(1))).compactMap {
            StatementBuilder.answered($0, attempt, module: module, sequence: 1, at: start.addingTimeInterval(1))
        }
        _ = engine.apply(.finish, at: start.addingTimeInterval(10))
        return (answered + StatementBuilder.finished(attempt, result: engine.result(at: start.addingTimeInterval(10)), module: module))
            .map { statement in
                var statement = statement
                statement.actor = GradebookTests.ana
                return statement
            }
    }

    @Test(arguments: [("en-GB", "en-GB"), (nil, "en")] as [(String?, String)])
    func theModulesWordsAreUnderTheLanguageItTeaches(_ language: String?, _ tag: String) throws {
        let statements = Self.statements(language: language)
        let answered = try #require(statements.first)
        let definition = try #require(answered.object.definition)
        #expect(definition.description == [tag: "Four"])
        #expect(definition.choices?.map(\.description) == [[tag: "a"], [tag: "b"]])
        let module = try #require(answered.context?.contextActivities?.grouping?.first { $0.id == ActivityIRI.module("m") })
        #expect(module.definition?.name == [tag: "A <module>"])
        let objective = try #require(answered.context?.contextActivities?.grouping?.first { ActivityIRI.parse($0.id)?.objective != nil })
        #expect(objective.definition?.name == [tag: "Say goodbye"])
        // Lessonpack's own words stay English.
        #expect(answered.verb.display == ["en-US": "answered"])
        let finished = try #require(statements.last)
        #expect(finished.context?.contextActivities?.parent?.first?.definition?.name == [tag: "A <module>"])
        // The report reads the texts back, and says which language the module's words are in.
        let gradebook = Gradebook(statements)
        let read = try #require(gradebook.modules.first)
        #expect(read.title == "A <module>")
        #expect(read.language == tag)
        #expect(read.items.first { $0.id == "i4" }?.text == "Four")
        #expect(read.learners.first?.answers.first?.answer == "b")
        #expect(gradebook.html(generated: Date(timeIntervalSince1970: 0)).contains("id=\"module-m\" lang=\"\(tag)\""))
    }

    @Test func statementsWrittenInEnUSAreStillRead() throws {
        // As every statement was written before modules had a language.
        let statements = Self.statements(language: nil).map { statement in
            var statement = statement
            let prompt = statement.object.definition?.description?.values.first
            statement.object.definition?.description = prompt.map { ["en-US": $0] }
            return statement
        }
        #expect(Gradebook(statements).modules.first?.items.first { $0.id == "i4" }?.text == "Four")
        #expect(LanguageMaps.text(["en-US": "old", "fr": "vieux"]) == "old")
        #expect(LanguageMaps.text(["en-GB": "colour"], preferring: "en-GB") == "colour")
        #expect(LanguageMaps.text(["fr": "b", "de": "a"]) == "a")
        #expect(LanguageMaps.text([:]) == nil)
    }
}
