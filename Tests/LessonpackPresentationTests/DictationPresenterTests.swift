import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import Testing

/// The dictation presenter played through a script (golden: Golden/dictation.json), and what it must never do.
@Suite struct DictationPresenterTests {
    /// Three lines of the sample, chosen as an author would.
    static let module: Module = {
        var module = sample
        module.chosenLines[.dictation] = ["l01", "l04", "l06"]
        return module
    }()

    static func engine() -> DictationEngine {
        DictationEngine(module: module, setup: DictationEngine.Setup(lines: module.chosenLines[.dictation] ?? []), startedAt: start)
    }

    /// Played by `PresenterGoldenTests`, with every kind's script.
    func golden() throws {
        var script = PresenterScript<DictationPresenter>(Self.engine(), context: PresentationContext(module: Self.module))
        script.show("the first line, not heard yet")
        script.send(.hear)
        script.send(.hearSlowly(0.5))
        script.send(.hearSlowly(2))
        script.send(.submit)
        script.send(.edit("good morning you must be"))
        script.send(.edit("good morning you must be David Mor"))
        script.send(.submit, showing: true)
        script.send(.write("again"))
        script.send(.advance, showing: true)
        script.send(.write("thank you please call David very much"), showing: true)
        script.send(.finish, showing: true)
        script.send(.cancelFinish)
        script.send(.newAttempt)
        script.send(.move(1))
        script.send(.finish)
        script.send(.finish, showing: true)
        script.send(.hear)
        script.send(.newAttempt)
        try script.matchesGolden("dictation")
    }

    @Test func theLineIsNotShownBeforeItIsWritten() throws {
        let engine = Self.engine()
        let context = PresentationContext(module: Self.module)
        let view = DictationPresenter.view(of: engine, local: DictationPresenter.local(for: engine, context: context),
                                           context: context, at: start)
        let json = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
        for line in engine.lines { #expect(!json.contains(line.text)) }
        #expect(view.instruction == "Listen and type what you hear." && view.writing)
    }

    @Test func aResumedDictationOpensAtTheFirstLineNotWritten() {
        var engine = Self.engine()
        _ = engine.apply(.write(line: "l01", text: "good morning"), at: start)
        let local = DictationPresenter.local(for: engine, context: PresentationContext(module: Self.module))
        #expect(local.current == 1)
    }

    /// Moving to another line keeps what was typed: coming back finds it, not an empty box.
    @Test func movingAwayKeepsWhatWasTyped() {
        let engine = Self.engine()
        let context = PresentationContext(module: Self.module)
        var local = DictationPresenter.local(for: engine, context: context)
        _ = DictationPresenter.reduce(.edit("good morning you"), engine: engine, local: &local, context: context, at: start)
        _ = DictationPresenter.reduce(.move(1), engine: engine, local: &local, context: context, at: start)
        #expect(local.current == 1 && local.draft == "")
        _ = DictationPresenter.reduce(.edit("thank"), engine: engine, local: &local, context: context, at: start)
        _ = DictationPresenter.reduce(.select(0), engine: engine, local: &local, context: context, at: start)
        #expect(local.current == 0 && local.draft == "good morning you")
        _ = DictationPresenter.reduce(.move(1), engine: engine, local: &local, context: context, at: start)
        #expect(local.draft == "thank")
    }

    @Test func marksReadWithoutColour() {
        let diff = WordDiff.compare(expected: "Did you find us easily?", typed: "did you fined easily today")
        #expect(DictationPresenter.marked(diff).map(\.text) == ["Did", "you", "fined→find", "[+us]", "easily", "[-today]"])
        #expect(DictationPresenter.notes(diff, Strings(.en)) == ["Missing: us.", "Not in the line: today.", "Spelling: fined → find."])
        #expect(DictationPresenter.wordsRight(diff, Strings(.en)) == "3 of 5 words right")
    }
}
