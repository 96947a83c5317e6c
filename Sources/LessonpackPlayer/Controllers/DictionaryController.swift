import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress

/// Activity 7: every definition, searchable, and the language-focus boxes.
public final class DictionaryController: ActivityController {
    public private(set) var engine: DictionaryEngine

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        engine = DictionaryEngine(module: session.module, at: resuming?.startedAt ?? now)
        try super.init(session: session, activity: .dictionary, seed: resuming?.seed ?? session.nextSeed(),
                       setup: [:], resuming: resuming, at: now)
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        if action.kind == "open", let term = action.item { _ = engine.open(term) }
    }

    @discardableResult
    public func open(_ term: String, at now: Date) -> Definition? {
        let definition = engine.open(term)
        if let definition { log("open", item: definition.term, at: now) }
        return definition
    }

    public override func result(at now: Date) -> ActivityResult { engine.result(at: now) }
}
