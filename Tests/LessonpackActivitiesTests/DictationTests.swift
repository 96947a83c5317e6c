import Foundation
import LessonpackModel
import LessonpackCore
import Testing
@testable import LessonpackActivities

/// The dictation engine: lines heard and written, each marked at once, scored by words right.
@Suite struct DictationEngineTests {
    /// A line named twice (a module that did not pass check, or a crafted store) is read out once, so writing
    /// every line finishes the dictation.
    @Test func aLineNamedTwiceIsWrittenOnce() {
        var engine = DictationEngine(module: sample, setup: DictationEngine.Setup(lines: ["l01", "l02", "l01"]),
                                     startedAt: Date(timeIntervalSinceReferenceDate: 0))
        #expect(engine.lines.map(\.id) == ["l01", "l02"])
        _ = engine.apply(.write(line: "l01", text: "hello"), at: Date(timeIntervalSinceReferenceDate: 1))
        _ = engine.apply(.write(line: "l02", text: "hello"), at: Date(timeIntervalSinceReferenceDate: 2))
        #expect(engine.isFinished)
    }

    @Test func everyLineByDefaultInTheTranscriptsOrder() {
        let engine = dealt(DictationEngine.self)
        #expect(engine.setup.lines == sample.transcript.map(\.id))
        #expect(engine.lines == sample.transcript)
    }

    @Test func theAuthorsLinesInTheAuthorsOrder() {
        var module = sample
        module.chosenLines[.dictation] = ["l04", "l01", "nope"]
        let engine = dealt(DictationEngine.self, module: module)
        #expect(engine.setup.lines == ["l04", "l01"])
        #expect(DictationEngine.parts(of: engine.setup, in: module)
            == [ModulePart.line("l04"), ModulePart.media(module.transcript[3].audio), ModulePart.line("l01"), ModulePart.media(module.transcript[0].audio)])
    }

    @Test func hearingPlaysTheClipAtAnySpeedTheLearnerMayAskFor() {
        var engine = dealt(DictationEngine.self)
        let line = sample.transcript[0]
        #expect(engine.apply(.hear(line: line.id), at: start) == [.play(media: line.audio)])
        #expect(engine.apply(.hearSlowly(line: line.id, speed: 0.5), at: start) == [.playSlowed(media: line.audio, speed: 0.5)])
        #expect(engine.apply(.hearSlowly(line: line.id, speed: 0.1), at: start).isEmpty)
        #expect(engine.apply(.hear(line: "nope"), at: start).isEmpty)
        #expect(engine.heard == [line.id])
    }

    @Test func aWrittenLineIsMarkedOnceAndScoredByWords() throws {
        var engine = dealt(DictationEngine.self)
        let line = sample.transcript[3] // "Thank you. Please call me David."
        engine.run(.write(line: line.id, text: "thank you please call David"))
        engine.run(.write(line: line.id, text: "Thank you. Please call me David."))
        let written = try #require(engine.written[line.id])
        #expect(written.text == "thank you please call David")
        #expect(written.diff.right == 5 && written.diff.total == 6)
        let result = engine.result(at: later(60))
        let item = try #require(result.items.first { $0.id == line.id })
        #expect(item.outcome == .incorrect && item.answer == "thank you please call David" && item.expected == line.text)
        #expect(item.note == "5 of 6 words right")
        let allWords = sample.transcript.reduce(0) { $0 + WordDiff.compare(expected: $1.text, typed: "").total }
        #expect(result.score == Score(correct: 5, total: allWords))
        #expect(result.items.filter { $0.outcome == .unanswered }.count == sample.transcript.count - 1)
    }

    @Test func writingEveryLineFinishes() {
        var module = sample
        module.chosenLines[.dictation] = ["l01", "l04"]
        var engine = dealt(DictationEngine.self, module: module)
        engine.run(.write(line: "l01", text: "Good morning. You must be David Moore."))
        #expect(!engine.isFinished)
        engine.run(.write(line: "l04", text: "Thank you, please call me David"))
        #expect(engine.isFinished)
        #expect(engine.result(at: later(5)).score == Score(correct: 13, total: 13))
        // Nothing changes a finished attempt.
        #expect(engine.apply(.hear(line: "l01"), at: start).isEmpty)
    }

    @Test func finishingEarlyCountsTheLinesNotWrittenAsMissed() {
        var module = sample
        module.chosenLines[.dictation] = ["l01", "l04"]
        var engine = dealt(DictationEngine.self, module: module)
        engine.run(.write(line: "l01", text: "good morning you must be david moore"), .finish)
        #expect(engine.isFinished)
        #expect(engine.result(at: later(5)).score == Score(correct: 7, total: 13))
    }

    @Test func aVeryLongAnswerIsCut() {
        var engine = dealt(DictationEngine.self)
        engine.run(.write(line: "l01", text: String(repeating: "a", count: 5_000)))
        #expect(engine.written["l01"]?.text.count == DictationEngine.longestAnswer)
    }

    @Test func replayingTheActionsGivesTheSameAttempt() throws {
        var random = SeededRandom(seed: 7)
        let setup = DictationEngine.deal(for: sample, random: &random, previous: nil, options: NoOptions())
        var live = DictationEngine(module: sample, setup: setup, startedAt: start)
        var actions: [DictationEngine.Action] = []
        for step in 0..<60 {
            let line = sample.transcript[random.below(sample.transcript.count)]
            let action: DictationEngine.Action = switch random.below(4) {
            case 0: .hear(line: line.id)
            case 1: .hearSlowly(line: line.id, speed: [0.5, 0.75, 2][random.below(3)])
            case 2: .write(line: line.id, text: random.shuffled(line.text.split(separator: " ")).joined(separator: " "))
            default: step % 17 == 16 ? .finish : .write(line: line.id, text: "")
            }
            actions.append(action)
            _ = live.apply(action, at: later(Double(step)))
        }
        // Through the store's JSON and back, as a resumed attempt is.
        let stored = try JSONDecoder().decode([DictationEngine.Action].self, from: JSONEncoder().encode(actions))
        let storedSetup = try JSONDecoder().decode(DictationEngine.Setup.self, from: JSONEncoder().encode(setup))
        var replayed = DictationEngine(module: sample, setup: storedSetup, startedAt: start)
        for (step, action) in stored.enumerated() { _ = replayed.apply(action, at: later(Double(step))) }
        #expect(replayed == live)
        #expect(replayed.result(at: later(100)) == live.result(at: later(100)))
    }

    /// Its answer is the text typed, with the words marked (`ItemOutcome.Response.text`), as records and xAPI read it.
    @Test func aWrittenLineIsItsTextWithTheWordsMarked() throws {
        var dictation = dealt(DictationEngine.self)
        let line = sample.transcript[0]
        let typed = "hello there " + line.text.split(separator: " ").dropFirst().joined(separator: " ")
        _ = dictation.apply(.write(line: line.id, text: typed), at: start)
        let item = try #require(dictation.result(at: start).items.first { $0.id == line.id })
        #expect(item.response == .text(typed, diff: WordDiff.compare(expected: line.text, typed: typed)))
    }
}
