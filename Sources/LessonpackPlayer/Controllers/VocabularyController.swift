import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress

/// Activity 3: the transcript with its terms, one definition at a time.
public final class VocabularyController: ActivityController {
    public private(set) var engine: VocabularyEngine

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        engine = VocabularyEngine(module: session.module, at: resuming?.startedAt ?? now)
        try super.init(
            session: session, activity: .vocabulary, seed: resuming?.seed ?? session.nextSeed(), setup: [:],
            resuming: resuming, at: now)
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        if action.kind == "open", let term = action.item,
           let position = engine.termPositions.first(where: { engine.lines[$0.line].spans[$0.span].term == term }) {
            engine.select(position)
            engine.open()
        }
    }

    public func next() { engine.selectNext() }
    public func previous() { engine.selectPrevious() }
    public func select(_ position: VocabularyEngine.TermPosition) { engine.select(position) }

    @discardableResult
    public func open(at now: Date) -> Definition? {
        let definition = engine.open()
        if let term = engine.selectedTerm { log("open", item: term, at: now) }
        return definition
    }

    public func playLine(_ index: Int) {
        guard engine.lines.indices.contains(index) else { return }
        session.play(media: engine.lines[index].line.audio)
    }

    public override func result(at now: Date) -> ActivityResult { engine.result(at: now) }
}
