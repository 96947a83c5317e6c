import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackRuntime
import LessonpackTestSupport
import LessonpackXAPI
import Testing

@Suite struct StatementTests {
    @Test func nameBasedUUIDsAreRFCVersion5() {
        // RFC 9562's own example: the DNS namespace and "www.example.com".
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(NameBasedUUID.make(namespace: dns, name: "www.example.com").uuidString.lowercased()
                == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
        let id = NameBasedUUID.statement(registration: "0b6c6a02-8f0e-4b1e-9d6e-1c2f3a4b5c6d", "completed")
        #expect(id == NameBasedUUID.statement(registration: "0B6C6A02-8F0E-4B1E-9D6E-1C2F3A4B5C6D", "completed"))
        #expect(id != NameBasedUUID.statement(registration: "0b6c6a02-8f0e-4b1e-9d6e-1c2f3a4b5c6d", "terminated"))
    }

    @Test func durationsAreISO8601AndReadBack() {
        #expect(XAPITime.duration(0) == "PT0S")
        #expect(XAPITime.duration(12.5) == "PT12.5S")
        #expect(XAPITime.duration(3_723.04) == "PT1H2M3.04S")
        #expect(XAPITime.duration(120) == "PT2M")
        #expect(XAPITime.seconds("PT1H2M3.04S") == 3_723.04)
        #expect(XAPITime.seconds("P1DT1S") == 86_401)
        #expect(XAPITime.seconds("1 hour") == nil)
        #expect(XAPITime.timestamp(Date(timeIntervalSince1970: 0.25)) == "1970-01-01T00:00:00.250Z")
    }

    @Test func activityIDsCannotBeForgedByAnItemID() {
        let id = ActivityIRI.item("a:b c", in: .test, of: "job-interview")
        #expect(id == "urn:lessonpack:module:job-interview:activity:test:item:a%3Ab%20c")
        #expect(ActivityIRI.parse(id) == ActivityIRI.Parts(module: "job-interview", activity: .test, item: "a:b c"))
        #expect(ActivityIRI.parse(ActivityIRI.objective("greet", of: "m"))?.objective == "greet")
        #expect(ActivityIRI.parse("urn:lessonpack:module:m:activity:nonsense") == nil)
        #expect(ActivityIRI.parse("https://example.org/m") == nil)
    }

    /// A video attempt with a role play as the applicant: `attempted` when the role play began and `completed` when
    /// the learner was done with their last line, each with the lines said; a role play stopped early sends
    /// `attempted` alone.
    @Test func aRolePlaySendsAttemptedAndCompletedWithTheLinesSpoken() throws {
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let moment = { (seconds: Double) in Date(timeIntervalSince1970: 1_800_000_000 + seconds) }
        var engine = VideoEngine(module: module, setup: NoSetup(), startedAt: moment(0))
        _ = engine.apply(.startRolePlay(speaker: "applicant"), at: moment(1))
        var clock = 2.0
        while let line = engine.awaitedLine {
            clock += 10
            if line.id == "l04" {
                _ = engine.apply(.skipRolePlayLine(line: line.id), at: moment(clock))
                continue
            }
            _ = engine.apply(.recordRolePlayLine(line: line.id), at: moment(clock))
            _ = engine.apply(.rolePlayRecorded(line: line.id, file: "/r/\(line.id).wav"), at: moment(clock + 3))
        }
        let result = engine.result(at: moment(200))
        let attempt = AttemptReference(registration: "0b6c6a02-8f0e-4b1e-9d6e-1c2f3a4b5c6d", moduleID: module.id,
                                       moduleVersion: module.version, activity: .video, number: 1)
        let statements = StatementBuilder.finished(attempt, result: result, module: module)
        #expect(statements.map { $0.verb.id.split(separator: "/").last! } == ["attempted", "completed", "completed", "terminated"])
        let (attempted, completed) = (statements[0], statements[1])
        let rolePlayID = "urn:lessonpack:module:job-interview:activity:video:role-play:applicant"
        #expect(attempted.object.id == rolePlayID && completed.object.id == rolePlayID)
        #expect(ActivityIRI.parse(rolePlayID) == ActivityIRI.Parts(module: "job-interview", activity: .video, rolePlay: "applicant"))
        #expect(attempted.timestamp == XAPITime.timestamp(moment(1)))
        #expect(completed.result?.extensions?[ExtensionIRI.linesSpoken] == .number(9))
        #expect(completed.result?.extensions?[ExtensionIRI.lines] == .number(10))
        #expect(completed.result?.score?.raw == 9 && completed.result?.completion == true)
        #expect(completed.context?.contextActivities?.parent?.first?.id == ActivityIRI.activity(.video, of: module.id))
        #expect(statements[2].object.id == ActivityIRI.activity(.video, of: module.id))
        #expect(Set(statements.map(\.id)).count == statements.count)
        // Each passes Ralph's own model, with the learner put in as the player's sync puts them.
        let folder = TemporaryFolder()
        let learner = Agent(name: "Ana", mbox: "mailto:ana@example.org")
        let lines = try statements.map { statement in
            var withActor = statement
            withActor.actor = learner
            return String(decoding: try withActor.json(), as: UTF8.self)
        }
        let file = folder.write(lines.joined(separator: "\n") + "\n", to: "statements.jsonl")
        let checked = try RalphLRS.validate(statementsIn: file)
        #expect(checked.status == 0, "\(checked.output)")
        // Stopped after two lines: attempted only, with the two.
        var stopped = VideoEngine(module: module, setup: NoSetup(), startedAt: moment(0))
        _ = stopped.apply(.startRolePlay(speaker: "manager"), at: moment(1))
        for _ in 0..<2 {
            let line = try #require(stopped.awaitedLine)
            _ = stopped.apply(.recordRolePlayLine(line: line.id), at: moment(5))
            _ = stopped.apply(.rolePlayRecorded(line: line.id, file: "/r/\(line.id).wav"), at: moment(6))
        }
        _ = stopped.apply(.leaveRolePlay, at: moment(9))
        let early = StatementBuilder.finished(attempt, result: stopped.result(at: moment(10)), module: module)
        #expect(early.map { $0.verb.id.split(separator: "/").last! } == ["attempted", "completed", "terminated"])
        #expect(early[0].result?.extensions?[ExtensionIRI.linesSpoken] == .number(2))
        #expect(early[0].result?.extensions?[ExtensionIRI.lines] == .number(11))
        // Another role play in the same attempt: both are sent, each under its own ids.
        _ = stopped.apply(.startRolePlay(speaker: "applicant"), at: moment(20))
        let both = StatementBuilder.finished(attempt, result: stopped.result(at: moment(30)), module: module)
        #expect(both.filter { $0.verb.id == ADLVerb.attempted.id }.map(\.object.id) == [
            ActivityIRI.rolePlay(as: "manager", of: module.id), ActivityIRI.rolePlay(as: "applicant", of: module.id)])
        #expect(Set(both.map(\.id)).count == both.count)
    }

    @Test func aWeightedTestPassesByItsPoints() throws {
        var module = try ModuleLoader.load(folder: Paths.sampleModule).module
        module.passMark = 60
        let heavy = module.test.items[0].id
        module.test.items[0].weight = 5
        let setup = TestEngine.Setup(drawn: module.test.items.prefix(4).map(\.id), options: [:])
        var engine = TestEngine(module: module, setup: setup, startedAt: Date(timeIntervalSince1970: 0))
        // Only the heavy item right: 5 of 8 points (62.5%), though 1 of 4 items.
        let right: TestEngine.Answer = if case .statement(true) = module.test.items[0].kind { .correct } else { .incorrect }
        if case .statement = module.test.items[0].kind {
            _ = engine.apply(.answer(item: heavy, answer: right), at: Date(timeIntervalSince1970: 1))
        } else {
            let shown = try #require(engine.shown(heavy))
            guard case .multipleChoice(_, let answer) = shown.item.kind else { Issue.record("no kind"); return }
            let index = try #require(shown.options.firstIndex(of: answer))
            _ = engine.apply(.answer(item: heavy, answer: .choice(index: index)), at: Date(timeIntervalSince1970: 1))
        }
        _ = engine.apply(.finish, at: Date(timeIntervalSince1970: 10))
        let result = engine.result(at: Date(timeIntervalSince1970: 10))
        #expect(result.score == Score(correct: 5, total: 8))
        #expect(result.passed(passMark: 60) == true)
        #expect(result.passed(passMark: 63) == false)

        let attempt = AttemptReference(registration: "0b6c6a02-8f0e-4b1e-9d6e-1c2f3a4b5c6d", moduleID: module.id,
                                       moduleVersion: module.version, activity: .test, number: 1)
        let statements = StatementBuilder.finished(attempt, result: result, module: module)
        #expect(statements.map(\.verb.id).map { $0.split(separator: "/").last! } == ["completed", "passed", "terminated"])
        let completed = statements[0]
        #expect(completed.result?.score == StatementResult.Score(scaled: 0.625, raw: 5, min: 0, max: 8))
        #expect(completed.result?.duration == "PT10S")
        #expect(completed.context?.extensions?[ExtensionIRI.passMark] == .number(60))
        // The same attempt gives the same statements, ids included.
        #expect(StatementBuilder.finished(attempt, result: result, module: module) == statements)
        let decoded = try XAPIStatement.decode(completed.json())
        #expect(decoded == completed)
        // The actor put into a queued statement's JSON gives the bytes of the statement encoded with it.
        let ana = Agent(name: "Ana \"A\" Silva", mbox: "mailto:ana@example.org")
        var withActor = completed
        withActor.actor = ana
        let spliced = try XAPIStatement.json(String(decoding: completed.json(), as: UTF8.self), actor: ana)
        #expect(Array(spliced.utf8) == (try withActor.json()))
        #expect(throws: (any Error).self) { try XAPIStatement.json(spliced, actor: ana) }
    }
}
