import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackCore
import LessonpackTestSupport
import Testing

let sample = try! ModuleLoader.load(folder: Paths.sampleModule).module
let start = Date(timeIntervalSince1970: 1_800_000_000)

/// Drives a presenter as a front end would, with no front end: events in; actions applied to the engine; what the
/// learner would be told and shown written down, step by step, to compare with a golden file.
struct PresenterScript<Presenter: ActivityPresenter> {
    private(set) var engine: Presenter.Engine
    private(set) var local: Presenter.Local
    var context: PresentationContext
    private(set) var now = start
    private var steps: [[String: Any]] = []

    init(_ engine: Presenter.Engine, context: PresentationContext = PresentationContext(module: sample)) {
        self.engine = engine
        self.context = context
        local = Presenter.local(for: engine, context: context)
    }

    var view: Presenter.View { Presenter.view(of: engine, local: local, context: context, at: now) }

    mutating func wait(_ seconds: Double) { now = now.addingTimeInterval(seconds) }

    /// Sends `event`; with `showing`, the view after it goes into the transcript too.
    @discardableResult
    mutating func send(_ event: Presenter.Event, showing: Bool = false) -> Reaction<Presenter.Engine> {
        let reaction = Presenter.reduce(event, engine: engine, local: &local, context: context, at: now)
        var effects = reaction.effects
        for action in reaction.actions { effects += engine.apply(action, at: now) }
        var step: [String: Any] = ["event": "\(event)"]
        if !reaction.actions.isEmpty { step["actions"] = reaction.actions.map(Self.json) }
        if !effects.isEmpty { step["effects"] = effects.map(Self.json) }
        if let message = reaction.message { step["message"] = Self.json(message) }
        if let request = reaction.request { step["request"] = "\(request)" }
        if let settings = reaction.remember {
            // Kept by the host, as the player keeps them: the next steps see them.
            step["remember"] = Self.json(settings)
            context.settings = settings
        }
        if showing { step["view"] = Self.json(view) }
        steps.append(step)
        return reaction
    }

    /// The learner opens the activity: what the presenter does first (subtitles as they last chose them, say).
    mutating func enter() {
        let reaction = Presenter.enter(engine: engine, local: local, context: context)
        var step: [String: Any] = ["enter": true]
        var effects = reaction.effects
        for action in reaction.actions { effects += engine.apply(action, at: now) }
        if !reaction.actions.isEmpty { step["actions"] = reaction.actions.map(Self.json) }
        if !effects.isEmpty { step["effects"] = effects.map(Self.json) }
        if let message = reaction.message { step["message"] = Self.json(message) }
        steps.append(step)
    }

    /// What the player does when an effect comes back: the outcome goes to the engine as an action.
    mutating func outcome(_ outcome: EffectOutcome) {
        var step: [String: Any] = ["outcome": "\(outcome)"]
        if let action = Presenter.Engine.action(for: outcome) {
            step["actions"] = [Self.json(action)]
            let effects = engine.apply(action, at: now)
            if !effects.isEmpty { step["effects"] = effects.map(Self.json) }
        }
        if let message = Presenter.message(after: outcome, context: context) { step["message"] = Self.json(message) }
        steps.append(step)
    }

    mutating func show(_ label: String) { steps.append(["show": label, "view": Self.json(view)]) }

    /// Compares the transcript with `Golden/NAME.json`; `LESSONPACK_UPDATE_GOLDEN=1` writes it instead.
    func matchesGolden(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try JSONSerialization.data(withJSONObject: steps, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self) + "\n"
        let path = Paths.inPackage("Tests/LessonpackPresentationTests/Golden/\(name).json")
        if ProcessInfo.processInfo.environment["LESSONPACK_UPDATE_GOLDEN"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no golden file \(path): run the tests with LESSONPACK_UPDATE_GOLDEN=1 and review it",
                         sourceLocation: sourceLocation)
            return
        }
        if golden != text {
            let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
            let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(expected, actual).enumerated().first { $1.0 != $1.1 }?.offset ?? min(expected.count, actual.count)
            Issue.record("""
                \(name) differs from its golden file at line \(line + 1):
                  golden: \(line < expected.count ? expected[line] : "(end)")
                  now:    \(line < actual.count ? actual[line] : "(end)")
                (LESSONPACK_UPDATE_GOLDEN=1 rewrites it, for a change that is meant)
                """, sourceLocation: sourceLocation)
        }
    }

    static func json<T: Encodable>(_ value: T) -> Any {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return "?" }
        return object
    }
}

/// An engine dealt from `seed`, as the player deals a new attempt.
func dealt<Engine: ActivityEngine>(_ engine: Engine.Type, seed: UInt64 = 1, options: Engine.Options) -> Engine {
    var random = SeededRandom(seed: seed)
    return Engine(module: sample, setup: Engine.deal(for: sample, random: &random, previous: nil, options: options),
                  startedAt: start)
}

func dealt<Engine: ActivityEngine>(_ engine: Engine.Type, seed: UInt64 = 1) -> Engine where Engine.Options == NoOptions {
    dealt(engine, seed: seed, options: NoOptions())
}
