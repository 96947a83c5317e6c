import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackCore

/// Logs of a web page's play, made from seeded random events: each activity's presenter events as the page's
/// renderers send them (the shape Swift's `Codable` gives them), some against the rules (an index past the end, a
/// level a game cannot take), recordings made or refused when one is awaited, and the activity reopened.
///
/// While a log is made it is played natively through the driver, step by step, and each step is checked: every
/// event the core reads is the one `JSONDecoder` reads, and every view the core writes is the one `JSONEncoder`
/// writes. The page's renderers are the studio's, which read `JSONEncoder`'s views, so the core's must be those.
struct PageLogs {
    let module: Module
    /// The request's fixed part, by kind: the session, the settings.
    struct Log {
        var kind: ActivityKind
        var request: String
    }

    static func sampleWithAllActivities(in folder: TemporaryFolder) throws -> Module {
        try ModuleLoader.load(folder: sampleWithDictation(in: folder)).module
    }

    /// `count` logs of each activity.
    func logs(count: Int) -> [Log] {
        var logs: [Log] = []
        for kind in ActivityKind.allCases {
            for game in 0..<count {
                var random = SeededRandom(seed: UInt64(ActivityKind.allCases.firstIndex(of: kind)! * 1000 + game))
                logs.append(log(kind, &random))
            }
        }
        return logs
    }

    func log(_ kind: ActivityKind, _ random: inout SeededRandom) -> Log {
        switch kind {
        case .video: log(VideoPresenter.self, &random)
        case .videoTask: log(VideoTaskPresenter.self, &random)
        case .vocabulary: log(VocabularyPresenter.self, &random)
        case .audioGame: log(AudioGamePresenter.self, &random)
        case .pronunciation: log(PronunciationPresenter.self, &random)
        case .dictation: log(DictationPresenter.self, &random)
        case .questions: log(QuestionsPresenter.self, &random)
        case .dictionary: log(DictionaryPresenter.self, &random)
        case .test: log(TestPresenter.self, &random)
        }
    }

    private func log<Presenter: ActivityPresenter>(_ presenter: Presenter.Type, _ random: inout SeededRandom) -> Log
    where Presenter.View: CoreJSONWritable, Presenter.Event: CoreJSONReadable {
        typealias Engine = Presenter.Engine
        let kind = Engine.kind
        let session = random.next()
        let settings = LearnerSettings(listeningFirst: random.below(3) == 0, language: random.below(2) == 0 ? .en : .ja)
        let offset = [0, 32_400, -18_000][random.below(3)]
        var at = 1_790_000_000_000 + random.below(1_000_000_000)
        let replay = PageReplay<Presenter>(module: module, session: session, settings: settings, utcOffset: offset,
                                           openedAt: Self.date(at))
        var entries: [String] = []
        func step(_ entry: String, _ body: () -> Void) {
            entries.append(#"{"at":\#(at),\#(entry)}"#)
            body()
            checkView(replay.view(at: Self.date(at)), kind: kind, step: entries.count)
        }
        step(#""open":{}"#) { _ = replay.enter(at: Self.date(at)) }
        let steps = (kind == .audioGame || kind == .questions ? 40 : kind == .test ? 30 : 8) + random.below(40)
        for index in 0..<steps {
            at += random.below(5000)
            if let awaited = replay.awaitedRecording, random.below(4) != 0 {
                let failed = random.below(4) == 0
                step(failed ? #""recordingFailed":{"line":\#(quoted(awaited)),"reason":"no microphone"}"#
                            : #""recorded":{"line":\#(quoted(awaited)),"file":"rec-\#(index).webm"}"#) {
                    _ = replay.take(failed ? .recordingFailed(line: awaited, reason: "no microphone")
                                           : .recorded(line: awaited, file: "rec-\(index).webm"), at: Self.date(at))
                }
            } else if random.below(25) == 0 {
                // Left first, or not (a tab killed), then opened again.
                if random.below(2) == 0 { step(#""leave":{}"#) { replay.leave(at: Self.date(at)) } }
                step(#""open":{}"#) { _ = replay.reopen(at: Self.date(at)) }
            } else {
                var view = CoreJSON()
                replay.view(at: Self.date(at)).write(to: &view)
                let text = event(kind, &random, view: view.text)
                guard let read = CoreJSONValue.parse(text).flatMap({ Presenter.Event(json: $0) }) else {
                    Issue.record("\(kind): the core cannot read \(text)")
                    continue
                }
                let decoded = try? JSONDecoder().decode(Presenter.Event.self, from: Data(text.utf8))
                #expect(decoded == read, "\(kind): \(text) reads as \(read) in the core, \(String(describing: decoded)) in Codable")
                step(#""event":\#(text)"#) { _ = replay.send(read, at: Self.date(at)) }
            }
        }
        let request = #"{"activity":"\#(kind.rawValue)","session":"\#(session)","settings":{"listeningFirst":\#(settings.listeningFirst),"language":"\#(settings.language.rawValue)","hiddenHelp":[]},"utcOffset":\#(offset),"log":[\#(entries.joined(separator: ","))]}"#
        return Log(kind: kind, request: request)
    }

    static func date(_ milliseconds: Int) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    private func quoted(_ text: String) -> String {
        var json = CoreJSON()
        json.value(text)
        return json.text
    }

    /// The view as the core writes it is the view as `JSONEncoder` writes it, but for times to the thousandth.
    private func checkView<View: CoreJSONWritable & Encodable>(_ view: View, kind: ActivityKind, step: Int) {
        var json = CoreJSON()
        view.write(to: &json)
        let core = try? JSONSerialization.jsonObject(with: Data(json.text.utf8))
        let encoded = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(view))
        #expect(core != nil && encoded != nil && Self.same(core!, encoded!),
                "\(kind), step \(step): the core writes \(json.text)\nCodable writes \(String(decoding: (try? JSONEncoder().encode(view)) ?? Data(), as: UTF8.self))")
    }

    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case let (a as [String: Any], b as [String: Any]):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        case let (a as [Any], b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (a as String, b as String): return a == b
        case let (a as NSNumber, b as NSNumber): return abs(a.doubleValue - b.doubleValue) <= 0.0005
        case (is NSNull, is NSNull): return true
        default: return false
        }
    }

    // MARK: Each presenter's events, as the page's renderers send them

    /// One event of `kind`'s presenter; `view` (the view as the core wrote it) lets some be apt: a tile put in its
    /// own slot, so that some games end.
    private func event(_ kind: ActivityKind, _ random: inout SeededRandom, view: String) -> String {
        let lines = module.transcript.count
        func index(_ count: Int) -> Int { random.below(8) == 0 ? count + random.below(3) : random.below(max(count, 1)) }
        func step() -> Int { [1, -1, 1, 3][random.below(4)] }
        func pick(_ options: [String]) -> String { options[random.below(options.count)] }
        func text(_ value: String) -> String { quoted(value) }
        switch kind {
        case .video:
            return pick([#"{"togglePlay":{}}"#, #"{"play":{}}"#, #"{"pause":{}}"#, #"{"rewind":{}}"#, #"{"forward":{}}"#,
                         #"{"toStart":{}}"#, #"{"seek":{"_0":\#(random.below(90)).\#(random.below(1000))}}"#,
                         #"{"moveCursor":{"_0":\#(step())}}"#, #"{"replayLine":{"_0":\#(index(lines))}}"#,
                         #"{"replayLine":{}}"#, #"{"toggleSubtitles":{}}"#, #"{"setSubtitles":{"_0":\#(random.below(2) == 0)}}"#,
                         #"{"subtitlesFor":{"speaker":\#(index(module.speakers.count))}}"#, #"{"subtitlesFor":{}}"#,
                         #"{"nextSubtitles":{}}"#, #"{"hearOnly":{"speaker":\#(index(module.speakers.count))}}"#,
                         #"{"hearWithout":{"speaker":\#(index(module.speakers.count))}}"#, #"{"hearEveryone":{}}"#,
                         #"{"nextVoices":{}}"#, #"{"playPart":{"speaker":\#(index(module.speakers.count))}}"#,
                         #"{"nextPart":{}}"#, #"{"sayLine":{}}"#, #"{"skipLine":{}}"#, #"{"skipLine":{}}"#,
                         #"{"hearYours":{}}"#, #"{"stopRolePlay":{}}"#])
        case .videoTask:
            let statements = module.videoTask.count
            let marks = ["empty", "correct", "incorrect"]
            return pick([#"{"move":{"_0":\#(step())}}"#, #"{"select":{"_0":\#(index(statements))}}"#,
                         #"{"cycle":{"_0":\#(index(statements))}}"#, #"{"cycle":{}}"#,
                         #"{"mark":{"_0":\#(index(statements)),"_1":"\#(marks[random.below(3)])"}}"#,
                         #"{"mark":{"_0":\#(index(statements)),"_1":"\#(marks[random.below(3)])"}}"#,
                         #"{"markAll":{"_0":[\#((0..<statements).map { _ in "\"\(marks[1 + random.below(2)])\"" }.joined(separator: ","))]}}"#,
                         #"{"check":{}}"#, #"{"replay":{"_0":\#(index(statements))}}"#, #"{"replay":{}}"#,
                         #"{"tryAgain":{}}"#, #"{"tryAgainNow":{}}"#, #"{"keepMarks":{}}"#])
        case .vocabulary:
            let terms = module.definitions
            return pick([#"{"next":{}}"#, #"{"previous":{}}"#, #"{"select":{"_0":\#(index(terms.count))}}"#,
                         #"{"openSelected":{}}"#, #"{"define":{"_0":\#(text(terms.isEmpty ? "x" : terms[random.below(terms.count)].term.uppercased()))}}"#,
                         #"{"define":{"_0":"no such term"}}"#, #"{"hearLine":{"_0":\#(index(lines))}}"#, #"{"hearSelectedLine":{}}"#])
        case .audioGame:
            let order = module.chosenLines[.audioGame] ?? module.transcript.map { $0.id }
            if random.below(4) != 0,
               let shown = try? JSONSerialization.jsonObject(with: Data(view.utf8)) as? [String: Any],
               let tray = shown["tray"] as? [[String: Any]], !tray.isEmpty {
                // A tile's label is its letter in the tray as dealt: A is 0.
                let tile = tray[random.below(tray.count)]
                if let id = (tile["tile"] as? [String: Any])?["id"] as? String, let slot = order.firstIndex(of: id),
                   let letter = (tile["label"] as? String)?.unicodeScalars.first, letter.value >= 65 {
                    return #"{"place":{"label":\#(letter.value - 65),"slot":\#(slot)}}"#
                }
            }
            return pick([#"{"chooseLevel":{"_0":"\#(["easy", "medium", "hard"][random.below(3)])"}}"#, #"{"askLevel":{}}"#,
                         #"{"moveLevelCursor":{"_0":\#(step())}}"#, #"{"chooseLevelAtCursor":{}}"#,
                         #"{"moveTrayCursor":{"_0":\#(step())}}"#, #"{"pickAtCursor":{}}"#, #"{"moveSlotCursor":{"_0":\#(step())}}"#,
                         #"{"dropAtCursor":{}}"#, #"{"putBack":{}}"#, #"{"hearAtCursor":{}}"#,
                         #"{"hear":{"label":\#(index(lines))}}"#, #"{"place":{"label":\#(random.below(3)),"slot":\#(index(lines))}}"#,
                         #"{"place":{"label":0,"slot":\#(index(lines))}}"#, #"{"place":{"label":0,"slot":\#(index(lines))}}"#,
                         #"{"newGame":{}}"#])
        case .pronunciation:
            return pick([#"{"move":{"_0":\#(step())}}"#, #"{"select":{"_0":\#(index(lines))}}"#, #"{"hearOriginal":{}}"#,
                         #"{"record":{}}"#, #"{"record":{}}"#, #"{"stopRecording":{}}"#,
                         #"{"compare":{"_0":"\#(random.below(2) == 0 ? "simultaneous" : "sequential")"}}"#,
                         #"{"hearSlowly":{"_0":\#(["0.5", "0.75", "1.3"][random.below(3)])}}"#])
        case .dictation:
            let line = module.transcript.isEmpty ? "" : module.transcript[random.below(lines)].text
            let typed = random.below(3) == 0 ? line.lowercased().replacingOccurrences(of: "e", with: "a") : line
            return pick([#"{"move":{"_0":\#(step())}}"#, #"{"select":{"_0":\#(index(lines))}}"#, #"{"hear":{}}"#,
                         #"{"hearSlowly":{"_0":0.75}}"#, #"{"edit":{"_0":\#(text(String(typed.prefix(8))))}}"#, #"{"submit":{}}"#,
                         #"{"write":{"_0":\#(text(typed))}}"#, #"{"write":{"_0":\#(text(typed))}}"#, #"{"advance":{}}"#,
                         #"{"finish":{}}"#, #"{"cancelFinish":{}}"#, #"{"newAttempt":{}}"#])
        case .questions:
            let questions = module.questions.count
            if random.below(2) == 0 { return random.below(2) == 0 ? #"{"answer":{"_0":\#(random.below(3))}}"# : #"{"advance":{}}"# }
            return pick([#"{"answer":{"_0":\#(random.below(4))}}"#, #"{"answer":{"_0":\#(random.below(3))}}"#,
                         #"{"answerAtCursor":{}}"#, #"{"moveCursor":{"_0":\#(step())}}"#, #"{"move":{"_0":\#(step())}}"#,
                         #"{"go":{"_0":\#(index(questions))}}"#, #"{"hearQuestion":{}}"#, #"{"hearAnswer":{"_0":\#(random.below(4))}}"#,
                         #"{"newAttempt":{}}"#, #"{"newAttemptNow":{}}"#, #"{"keepAnswers":{}}"#, #"{"advance":{}}"#])
        case .dictionary:
            let terms = module.definitions
            let term = terms.isEmpty ? "tea" : terms[random.below(terms.count)].term
            return pick([#"{"type":{"_0":\#(text(String(term.prefix(1 + random.below(3)))))}}"#, #"{"deleteBack":{}}"#,
                         #"{"clear":{}}"#, #"{"nextPage":{}}"#, #"{"previousPage":{}}"#,
                         #"{"showPage":{"_0":"\#(["wordStart", "spelling", "boxes"][random.below(3)])"}}"#,
                         #"{"move":{"_0":\#(step())}}"#, #"{"openSelected":{}}"#, #"{"define":{"_0":\#(text(term))}}"#,
                         #"{"search":{"_0":\#(text(String(term.prefix(2))))}}"#, #"{"searchSpelling":{"_0":\#(text(term + "s"))}}"#])
        case .test:
            let answers = [#"{"correct":{}}"#, #"{"incorrect":{}}"#, #"{"cleared":{}}"#, #"{"choice":{"index":\#(random.below(4))}}"#]
            return pick([#"{"mark":{"_0":\#(answers[random.below(4)])}}"#, #"{"mark":{"_0":\#(answers[random.below(4)])}}"#,
                         #"{"cycle":{}}"#, #"{"choose":{"_0":\#(random.below(4))}}"#, #"{"choose":{"_0":\#(random.below(4))}}"#,
                         #"{"clear":{}}"#, #"{"move":{"_0":\#(step())}}"#, #"{"move":{"_0":1}}"#, #"{"go":{"_0":\#(index(20))}}"#,
                         #"{"finish":{}}"#, #"{"finishNow":{}}"#, #"{"cancelFinish":{}}"#, #"{"nextUnanswered":{}}"#,
                         #"{"showLastResults":{}}"#, #"{"hideResults":{}}"#])
        }
    }
}
