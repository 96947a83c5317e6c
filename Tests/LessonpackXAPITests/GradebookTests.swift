import Foundation
import LessonpackActivities
import LessonpackModel
@testable import LessonpackXAPI
import LessonpackSystem
import Testing

@Suite struct GradebookTests {
    /// A module of two objectives and four items, with a pass mark.
    static let module: Module = {
        var module = Module(id: "m", title: "A <module>", version: "1.0.0", objectives: [
            Objective(id: "o1", performance: "Greet", condition: "", content: "", criteria: ""),
            Objective(id: "o2", performance: "Say goodbye", condition: "", content: "", criteria: ""),
        ], activities: [.test])
        module.test = TestBank(draw: 4, items: [
            TestItem(id: "i1", objective: "o1", text: "One", kind: .statement(isCorrect: true)),
            TestItem(id: "i2", objective: "o1", text: "Two", kind: .statement(isCorrect: false)),
            TestItem(id: "i3", objective: "o2", text: "=HYPERLINK(\"x\")", kind: .statement(isCorrect: true)),
            TestItem(id: "i4", objective: "o2", text: "Four", kind: .multipleChoice(choices: ["a", "b"], answer: "b")),
        ])
        module.passMark = 50
        return module
    }()

    /// One finished test: `right` items answered correctly, the rest wrongly, at `day` (seconds since 1970).
    static func test(_ learner: Agent, right: Set<String>, registration: String, at day: TimeInterval) -> [XAPIStatement] {
        let start = Date(timeIntervalSince1970: day)
        var engine = TestEngine(module: module, setup: .init(drawn: ["i1", "i2", "i3", "i4"], options: ["i4": ["a", "b"]]),
                                startedAt: start)
        let attempt = AttemptReference(registration: registration, moduleID: "m", moduleVersion: "1.0.0", activity: .test, number: 1)
        var statements: [XAPIStatement] = []
        for (index, id) in ["i1", "i2", "i3", "i4"].enumerated() {
            let before = engine.result(at: start)
            let answer: TestEngine.Answer = switch (id, right.contains(id)) {
            case ("i4", true): .choice(index: 1)
            case ("i4", false): .choice(index: 0)
            case ("i2", let isRight): isRight ? .incorrect : .correct
            case (_, let isRight): isRight ? .correct : .incorrect
            }
            let at = start.addingTimeInterval(Double(index + 1))
            _ = engine.apply(.answer(item: id, answer: answer), at: at)
            for item in ActivityResult.newAnswers(from: before, to: engine.result(at: at)) {
                statements += [StatementBuilder.answered(item, attempt, module: module, sequence: index + 1, at: at)].compactMap { $0 }
            }
        }
        _ = engine.apply(.finish, at: start.addingTimeInterval(10))
        statements += StatementBuilder.finished(attempt, result: engine.result(at: start.addingTimeInterval(10)), module: module)
        return statements.map { statement in
            var statement = statement
            statement.actor = learner
            return statement
        }
    }

    static let ana = Agent(name: "Ana <b>", mbox: "mailto:ana@example.org")
    static let ben = Agent(name: "Ben", mbox: "mailto:ben@example.org")
    static let cy = Agent(name: "Cy", mbox: "mailto:cy@example.org")
    static let dee = Agent(name: "Dee<script>alert(1)</script>", mbox: "mailto:dee@example.org")

    @Test func learnersBelowThePassMarkComeFirstAndObjectivesAreCounted() throws {
        let statements = Self.test(Self.ana, right: ["i1", "i2", "i3", "i4"], registration: "00000000-0000-4000-8000-000000000001", at: 0)
            + Self.test(Self.ben, right: ["i1"], registration: "00000000-0000-4000-8000-000000000002", at: 100)
            + [XAPIStatement(id: "x", actor: Self.cy, verb: ADLVerb.launched.verb, object: Activity(id: "https://other.example/x"),
                             timestamp: "1970-01-01T00:00:00Z")]
        let gradebook = Gradebook(statements)
        #expect(gradebook.ignored == 1, "another tool's statement is left out")
        let module = try #require(gradebook.modules.first)
        #expect(module.title == "A <module>")
        #expect(module.passMark == 50)
        #expect(module.learners.map(\.name) == ["Ben", "Ana <b>"])
        let ben = module.learners[0]
        #expect(ben.belowPassMark == true && ben.lastTestPercent == 25)
        #expect(ben.objectives["o1"] == Gradebook.Tally(correct: 1, total: 2))
        #expect(ben.objectives["o2"] == Gradebook.Tally(correct: 0, total: 2))
        #expect(ben.answers.count == 4 && ben.answers.last?.answer == "a")
        // Ben said i1 is true (right) and i2 true (wrong): a statement's answer reads as the learner said it.
        #expect(ben.answers.prefix(2).map(\.answer) == ["true", "true"])
        #expect(module.objectives.map(\.text) == ["Greet", "Say goodbye"])
        #expect(module.mostMissed(5).map(\.id) == ["i2", "i3", "i4"])
        #expect(module.items.first { $0.id == "i3" }?.text == "=HYPERLINK(\"x\")")
    }

    @Test func aStatementReadTwiceCountsOnceAndHostileNumbersAreLeftOut() throws {
        var statements = Self.test(Self.ana, right: ["i1"], registration: "00000000-0000-4000-8000-000000000007", at: 0)
        statements += statements
        for index in statements.indices where statements[index].context?.extensions?[ExtensionIRI.passMark] != nil {
            statements[index].context?.extensions?[ExtensionIRI.passMark] = .number(1e300)
            statements[index].context?.extensions?[ExtensionIRI.attemptNumber] = .number(-1e300)
            if statements[index].result?.score != nil { statements[index].result?.score?.scaled = 1e300 }
        }
        let module = try #require(Gradebook(statements).modules.first)
        #expect(module.learners.first?.testAttempts == 1)
        #expect(module.learners.first?.answers.count == 4)
        #expect(module.passMark == nil && module.learners.first?.lastTestPercent == nil)
        #expect(module.learners.first?.answers.first?.attempt == nil)
        _ = Gradebook(statements).html(generated: Date())
    }

    @Test func thePeriodFiltersByWhenThingsHappened() {
        let statements = Self.test(Self.ana, right: ["i1"], registration: "00000000-0000-4000-8000-000000000003", at: 0)
            + Self.test(Self.ana, right: ["i1", "i2", "i3", "i4"], registration: "00000000-0000-4000-8000-000000000004", at: 86_400)
        let late = Gradebook(statements, since: Date(timeIntervalSince1970: 3_600))
        #expect(late.modules.first?.learners.first?.testAttempts == 1)
        #expect(late.modules.first?.learners.first?.belowPassMark == false)
        let early = Gradebook(statements, until: Date(timeIntervalSince1970: 3_600))
        #expect(early.modules.first?.learners.first?.belowPassMark == true)
        #expect(Gradebook(statements, since: Date(timeIntervalSince1970: 10 * 86_400)).modules.isEmpty)
    }

    @Test func untrustedTextIsEscapedInHTMLAndDefusedInCSV() {
        let statements = Self.test(Self.ana, right: ["i1"], registration: "00000000-0000-4000-8000-000000000005", at: 0)
            + Self.test(Self.dee, right: ["i1"], registration: "00000000-0000-4000-8000-000000000006", at: 0)
        let gradebook = Gradebook(statements)
        let html = gradebook.html(generated: Date(timeIntervalSince1970: 0))
        #expect(!html.contains("<b>") && html.contains("Ana &lt;b&gt;"))
        #expect(!html.contains("<module>") && html.contains("A &lt;module&gt;"))
        #expect(!html.contains("<script") && html.contains("Dee&lt;script&gt;alert(1)&lt;/script&gt;"))
        let csv = gradebook.csv()
        #expect(csv.contains("\"Ana <b>\"") == false && csv.contains(",Ana <b>,"))
        // A cell a spreadsheet would run as a formula is plain text.
        #expect(CSVField.escaped("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(CSVField.escaped("-12.5") == "-12.5")
        #expect(CSVField.escaped("\tcmd") == "'\tcmd")
    }
}
