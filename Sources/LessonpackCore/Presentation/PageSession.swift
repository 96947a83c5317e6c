/// An activity played on a web page, where the core keeps nothing between calls: the page keeps, for each module
/// and activity, the learner's session seed and a log of what happened (the activity opened or left, an event of
/// the presenter's, a recording made or not), each entry stored before it is given to the core. Every call replays
/// the whole log through the same driver and presenters as the terminal player and answers with the view after
/// its last entry. A tab killed at any moment therefore resumes with every entry it stored, and a progress file is
/// simply those logs.
///
/// The request is JSON: `{"activity":"video-task","session":"<decimal UInt64>","settings":{"listeningFirst":false,
/// "language":"en","hiddenHelp":[],"subtitles":"everyone"},"utcOffset":<seconds east of UTC>,"log":[…]}`, each log entry
/// `{"at":<ms since 1970>,…}` with one of `"open":{}`, `"leave":{}`, `"event":<the presenter's event>`,
/// `"recorded":{"line":…,"file":…}`, `"recordingFailed":{"line":…,"reason":…}`. The first entry is an open: its
/// time starts the first attempt. The answer is `{"activity","title","view","effects","message","finished",
/// "attempt","result"}` (the effects and message of the last entry; the result of the last finished attempt, or of
/// the last visit left to an activity without a score, or null), or `{"error":"<code>","entry":<index>}` for a request no page of ours sends.
package enum PageSession {
    /// More entries than a learner makes in years of one activity; past it the request is refused.
    package static let maximumEntries = 100_000

    package static func run(module moduleText: String, request requestText: String) -> String {
        guard let module = ModuleJSON.read(moduleText) else { return failure("malformed-module") }
        guard let request = CoreJSONValue.parse(requestText), let kindName = request["activity"]?.string,
              let session = request["session"]?.string.flatMap(Self.unsigned), let log = request["log"]?.array,
              log.count <= maximumEntries, let settings = Self.settings(request["settings"])
        else { return failure("malformed-request") }
        guard let kind = ActivityKind(rawValue: kindName), module.activities.contains(kind) else {
            return failure("unknown-activity")
        }
        let offset = request["utcOffset"]?.integer ?? 0
        let page = Page(module: module, session: session, settings: settings, utcOffset: offset, log: log)
        return switch kind {
        case .video: page.play(VideoPresenter.self)
        case .videoTask: page.play(VideoTaskPresenter.self)
        case .vocabulary: page.play(VocabularyPresenter.self)
        case .audioGame: page.play(AudioGamePresenter.self)
        case .pronunciation: page.play(PronunciationPresenter.self)
        case .dictation: page.play(DictationPresenter.self)
        case .questions: page.play(QuestionsPresenter.self)
        case .dictionary: page.play(DictionaryPresenter.self)
        case .test: page.play(TestPresenter.self)
        }
    }

    private static func settings(_ value: CoreJSONValue?) -> LearnerSettings? {
        guard let value else { return LearnerSettings() }
        var settings = LearnerSettings()
        if let listening = value["listeningFirst"] {
            guard let flag = listening.bool else { return nil }
            settings.listeningFirst = flag
        }
        if let language = value["language"] {
            guard let tag = language.string, let chosen = UILanguage(rawValue: tag) else { return nil }
            settings.language = chosen
        }
        if let subtitles = value["subtitles"] {
            guard let text = subtitles.string, let choice = SubtitleChoice(setting: text) else { return nil }
            settings.subtitles = choice
        }
        if let hidden = value["hiddenHelp"] {
            guard let names = hidden.array else { return nil }
            for name in names {
                guard let text = name.string else { return nil }
                settings.hiddenHelp.insert(text)
            }
        }
        return settings
    }

    /// A UInt64 written in decimal: JSON numbers cannot carry 64 bits exactly, so the seed travels as a string.
    static func unsigned(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 20 else { return nil }
        var value: UInt64 = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let digit = UInt64(byte - 0x30)
            // Checked before, with no overflow-reporting multiply: the WebAssembly build has no 128-bit one.
            guard value <= (UInt64.max - digit) / 10 else { return nil }
            value = value &* 10 &+ digit
        }
        return value
    }

    static func failure(_ code: String, entry: Int? = nil) -> String {
        var json = CoreJSON()
        json.object { json in
            json.field("error", code)
            json.field("entry", entry)
        }
        return json.text
    }
}

/// One replay of a page's log.
private struct Page {
    let module: Module
    let session: UInt64
    let settings: LearnerSettings
    let utcOffset: Int
    let log: [CoreJSONValue]

    func play<Presenter: ActivityPresenter>(_ presenter: Presenter.Type) -> String
    where Presenter.View: CoreJSONWritable, Presenter.Event: CoreJSONReadable {
        guard let first = log.first, first["open"] != nil, let start = moment(first) else {
            return PageSession.failure("malformed-log", entry: 0)
        }
        let replay = PageReplay<Presenter>(module: module, session: session, settings: settings, utcOffset: utcOffset,
                                           openedAt: start)
        // Only these few calls know the presenter; the walk below is written (and compiled) once, not nine times.
        return walk(start: start, Steps(
            enter: { replay.enter(at: $0) }, reopen: { replay.reopen(at: $0) }, leave: { replay.leave(at: $0) },
            send: { json, now in Presenter.Event(json: json).map { replay.send($0, at: now) } },
            awaitedRecording: { replay.awaitedRecording }, take: { replay.take($0, at: $1) },
            answer: { replay.answer(message: $0, at: $1) }))
    }

    /// A replay's steps, whatever its presenter.
    private struct Steps {
        let enter: (Date) -> Message?
        let reopen: (Date) -> Message?
        let leave: (Date) -> Void
        /// Nil when the event is not one of the presenter's.
        let send: (CoreJSONValue, Date) -> Message??
        let awaitedRecording: () -> String?
        let take: (EffectOutcome, Date) -> Message?
        let answer: (Message?, Date) -> String
    }

    private func walk(start: Date, _ replay: Steps) -> String {
        var message: Message?
        var now = start
        for (index, entry) in log.enumerated() {
            // A phone's clock set back, or a progress file from a device whose clock ran ahead, gives an entry an
            // earlier time than the one before: it counts as at the same moment, so time never runs backwards.
            guard let at = moment(entry) else { return PageSession.failure("malformed-log", entry: index) }
            if now < at { now = at }
            if entry["open"] != nil {
                message = index == 0 ? replay.enter(now) : replay.reopen(now)
            } else if entry["leave"] != nil {
                replay.leave(now)
                message = nil
            } else if let event = entry["event"] {
                guard let said = replay.send(event, now) else { return PageSession.failure("malformed-event", entry: index) }
                message = said
            } else if let made = entry["recorded"] ?? entry["recordingFailed"] {
                guard let line = made["line"]?.string, replay.awaitedRecording() == line else {
                    return PageSession.failure("unexpected-recording", entry: index)
                }
                if entry["recorded"] != nil {
                    guard let file = made["file"]?.string else { return PageSession.failure("malformed-log", entry: index) }
                    message = replay.take(.recorded(line: line, file: file), now)
                } else {
                    guard let reason = made["reason"]?.string else { return PageSession.failure("malformed-log", entry: index) }
                    message = replay.take(.recordingFailed(line: line, reason: reason), now)
                }
            } else {
                return PageSession.failure("malformed-log", entry: index)
            }
        }
        return replay.answer(message, now)
    }

    /// An entry's time: whole milliseconds since 1970.
    private func moment(_ entry: CoreJSONValue) -> Date? {
        guard let milliseconds = entry["at"]?.number, milliseconds >= 0 else { return nil }
        return Date(timeIntervalSince1970: milliseconds.rounded(.down) / 1000)
    }
}

/// A page's activity as its log is replayed: the player's driver over an attempt in memory, opened and left as the
/// player opens and leaves one. Reopening carries on the attempt under way, with the presenter's own state afresh
/// (nothing selected, nothing typed), or deals the next attempt when it had ended, after it. An activity without a
/// score ends when the learner leaves it (the player saves it as visited then), so reopening it after a leave deals
/// the next visit; a tab killed or closed never left, and its visit carries on, as a crashed player's does.
final class PageReplay<Presenter: ActivityPresenter> where Presenter.View: CoreJSONWritable {
    typealias Engine = Presenter.Engine
    private let module: Module
    private let settings: LearnerSettings
    let host: PageHost
    private(set) var driver: ActivityDriver<Presenter, PageAttempt<Engine>, PageHost>

    init(module: Module, session: UInt64, settings: LearnerSettings, utcOffset: Int, openedAt start: Date) {
        self.module = module
        self.settings = settings
        host = PageHost(settings: settings, utcOffset: utcOffset)
        driver = ActivityDriver(module: module,
                                attempt: PageAttempt(module: module, session: session, previous: nil,
                                                     options: Engine.defaultOptions, number: 1, startedAt: start),
                                lastResult: nil, host: host)
    }

    /// The line whose recording the page was asked to make.
    var awaitedRecording: String? { host.recording?.line }

    func enter(at now: Date) -> Message? {
        host.handed = []
        return driver.enter(at: now)
    }

    /// The result of a visit without a score, once the learner left it.
    private var visited: ActivityResult?

    /// The learner went back from the activity to the lesson.
    func leave(at now: Date) {
        host.handed = []
        host.recording = nil
        if !Engine.isScored, visited == nil { visited = driver.engine.result(at: now) }
    }

    func reopen(at now: Date) -> Message? {
        var lastResult = driver.lastResult
        var attempt = driver.attempt
        if let visited {
            lastResult = visited
            attempt = attempt.another(options: Engine.defaultOptions, at: now)
            self.visited = nil
        } else if driver.engine.isFinished {
            attempt = attempt.another(options: Engine.defaultOptions, at: now)
        }
        host.recording = nil
        driver = ActivityDriver(module: module, attempt: attempt, lastResult: lastResult, host: host)
        return enter(at: now)
    }

    func send(_ event: Presenter.Event, at now: Date) -> Message? {
        host.handed = []
        return driver.send(event, at: now)
    }

    func take(_ outcome: EffectOutcome, at now: Date) -> Message? {
        host.handed = []
        host.recording = nil
        return driver.take(outcome, at: now)
    }

    func view(at now: Date) -> Presenter.View { driver.view(at: now) }

    /// What the page is answered after the log's last entry.
    func answer(message: Message?, at now: Date) -> String {
        var json = CoreJSON()
        json.object { json in
            json.field("activity", Engine.kind)
            json.field("title", Wording.numbered(Engine.kind, in: module, Strings(settings.language)))
            json.field("view", driver.view(at: now))
            json.field("effects", host.handed)
            json.key("message")
            message.write(to: &json)
            // A visit to an activity without a score ends when the learner leaves it.
            json.field("finished", driver.engine.isFinished || visited != nil)
            json.field("attempt", driver.attempt.number)
            json.key("result")
            if let result = visited ?? driver.lastResult {
                ResultJSON.write(result, startedAt: result.startedAt, to: &json)
            } else {
                json.null()
            }
        }
        return json.text
    }
}

/// A page's attempt, in memory: dealt from the learner's session seed and the attempt's number, as the terminal
/// player deals, after the attempt before it.
final class PageAttempt<Engine: ActivityEngine>: AttemptRecorder {
    typealias Failure = Never
    private let module: Module
    private let session: UInt64
    private(set) var engine: Engine
    let number: Int

    init(module: Module, session: UInt64, previous: Engine.Setup?, options: Engine.Options, number: Int,
         startedAt: Date) {
        self.module = module
        self.session = session
        self.number = number
        var random = SeededRandom(seed: AttemptSeed.derive(session: session, activity: Engine.kind.rawValue,
                                                           attempt: number))
        engine = Engine(module: module, setup: Engine.deal(for: module, random: &random, previous: previous,
                                                           options: options), startedAt: startedAt)
    }

    func perform(_ action: Engine.Action, at now: Date) -> [Effect]? { engine.apply(action, at: now) }

    func another(options: Engine.Options, at now: Date) -> PageAttempt<Engine> {
        PageAttempt(module: module, session: session, previous: engine.setup, options: options, number: number + 1,
                    startedAt: now)
    }
}

/// The page as the driver's host. Effects go to the page, which plays media, records and compares itself; a
/// comparison is taken as made at once (the page mixes nothing: it plays the two together); an intonation
/// analysis is the terminal player's and the studio's, not measured in the browser.
final class PageHost: ActivityHost {
    /// As the page sent them, then as the learner changed them in the log's events.
    private(set) var settings: LearnerSettings
    private let offset: Int
    var recording: RecordingProgress?
    var handed: [Effect] = []

    init(settings: LearnerSettings, utcOffset: Int) {
        self.settings = settings
        offset = utcOffset
    }

    var analysing: Set<String> { [] }

    func utcOffset(at moment: Date) -> Int { offset }

    func carryOut(_ effects: [Effect], at now: Date) -> [EffectOutcome] {
        var outcomes: [EffectOutcome] = []
        for effect in effects {
            switch effect {
            case .record(let line, let seconds, _):
                recording = RecordingProgress(line: line, startedAt: now, seconds: seconds)
                handed.append(effect)
            case .compare(let line, let file, let mode):
                handed.append(effect)
                outcomes.append(.compared(line: line, mode: mode, file: file))
            case .analyse, .playFile:
                break
            case .play, .stopSound, .stopRecording, .playSlowed, .playSilencing, .playWithTakes:
                handed.append(effect)
            }
        }
        return outcomes
    }

    func cannotStartAnother<Failure: Error>(_ error: Failure) {}

    func remember(_ settings: LearnerSettings) { self.settings = settings }
}
