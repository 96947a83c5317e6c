/// An attempt at one activity played from integers: deal from a seed, then apply events, each `[time in ms since
/// the attempt started, what, arguments…]`, naming lines, statements, questions, items and tiles by their index
/// in the module, and text as a count and its UTF-8 bytes. The answer is JSON the core writes: each event's
/// effects, then the attempt's result. This is how the page drives an engine, and what the conformance test runs
/// through both builds.
package enum EngineScript {
    /// What each activity's events are, by their first integer.
    package enum Kind: Int, CaseIterable {
        /// 0 play · 1 pause · 2 seek ms · 3 replay line · 4 subtitles 0/1 · 5 whose subtitles (0 none, 1 everyone's,
        /// 2 + n speaker n's)
        case video = 0
        /// 0 mark statement state (0 empty, 1 correct, 2 incorrect) · 1 check
        case videoTask = 1
        /// 0 open term (index into the definitions) · 1 hear line
        case vocabulary = 2
        /// 0 place tile slot · 1 hear tile · 2 returned. Options: 0 easy, 1 medium, 2 hard.
        case audioGame = 3
        /// 0 hear line · 1 hear slowly line per-cent · 2 write line text · 3 finish
        case dictation = 4
        /// 0 answer question letter · 1 hear question · 2 hear answer question letter (letters within the answers)
        case questions = 5
        /// 0 answer item (0 correct, 1 incorrect, 2 cleared, 3+n its choice n) · 1 finish
        case test = 6
        /// 0 hear line · 1 record line · 2 recorded line file · 3 recording failed line why · 4 compare line mode
        /// (0 one voice per ear, 1 one after the other) · 5 compared line mode file · 6 comparison failed line why ·
        /// 7 hear slowly line per-cent · 8 analysed line recording score feedback (0, or 1 and timing) step-ms
        /// model-count model… learner-count learner… (contours in mHz, -1 unvoiced) · 9 analysis failed line
        /// recording why. Texts as a count and UTF-8 bytes.
        case pronunciation = 7
        /// 0 open term (index into the definitions, or -1 and a typed term as text)
        case dictionary = 8
    }

    package static func run(module text: String, kind rawKind: Int, seed: UInt64, options: Int, events: [Int]) -> String {
        guard let module = ModuleJSON.read(text) else { return failure("malformed-module") }
        var reader = IntegerReader(values: events)
        let answer: String?
        switch Kind(rawValue: rawKind) {
        case .video:
            answer = play(VideoEngine.self, module, seed, NoOptions(), &reader) { reader in
                switch reader.next() {
                case 0: .play
                case 1: .pause
                case 2: reader.next().map { .seek(to: Double($0) / 1000) }
                case 3: reader.index(module.transcript).map { .replayLine(line: $0.id) }
                case 4: reader.next().flatMap { $0 == 0 || $0 == 1 ? .setSubtitles(on: $0 == 1) : nil }
                case 5:
                    reader.next().flatMap { choice in
                        switch choice {
                        case 0: .chooseSubtitles(.off)
                        case 1: .chooseSubtitles(.everyone)
                        default: module.speakers.element(at: choice - 2).map { .chooseSubtitles(.speaker($0.id)) }
                        }
                    }
                default: nil
                }
            }
        case .videoTask:
            answer = play(VideoTaskEngine.self, module, seed, NoOptions(), &reader) { reader in
                switch reader.next() {
                case 0:
                    guard let statement = reader.index(module.videoTask), let state = reader.next(),
                          let mark = [TriState.empty, .correct, .incorrect].element(at: state) else { return nil }
                    return .mark(statement: statement.id, state: mark)
                case 1: return .check
                default: return nil
                }
            }
        case .vocabulary:
            answer = play(VocabularyEngine.self, module, seed, NoOptions(), &reader) { reader in
                switch reader.next() {
                case 0: reader.index(module.definitions).map { .open(term: $0.term) }
                case 1: reader.index(module.transcript).map { .hear(line: $0.id) }
                default: nil
                }
            }
        case .audioGame:
            guard let difficulty = [AudioGameEngine.Difficulty.easy, .medium, .hard].element(at: options) else {
                return failure("malformed-events")
            }
            answer = play(AudioGameEngine.self, module, seed, difficulty, &reader) { reader in
                switch reader.next() {
                case 0:
                    guard let tile = reader.index(module.transcript), let slot = reader.below(module.transcript.count)
                    else { return nil }
                    return .place(tile: tile.id, slot: slot)
                case 1: return reader.index(module.transcript).map { .hear(tile: $0.id) }
                case 2: return .returned
                default: return nil
                }
            }
        case .dictation:
            answer = play(DictationEngine.self, module, seed, NoOptions(), &reader) { reader in
                switch reader.next() {
                case 0: return reader.index(module.transcript).map { .hear(line: $0.id) }
                case 1:
                    guard let line = reader.index(module.transcript), let percent = reader.next() else { return nil }
                    return .hearSlowly(line: line.id, speed: Double(percent) / 100)
                case 2:
                    guard let line = reader.index(module.transcript), let text = reader.text() else { return nil }
                    return .write(line: line.id, text: text)
                case 3: return .finish
                default: return nil
                }
            }
        case .questions:
            answer = play(QuestionsEngine.self, module, seed, NoOptions(), &reader) { reader in
                switch reader.next() {
                case 0:
                    guard let question = reader.index(module.questions), let letter = reader.below(question.answers.count)
                    else { return nil }
                    return .answer(question: question.id, letter: letter)
                case 1: return reader.index(module.questions).map { .hearQuestion(question: $0.id) }
                case 2:
                    guard let question = reader.index(module.questions), let letter = reader.below(question.answers.count)
                    else { return nil }
                    return .hearAnswer(question: question.id, letter: letter)
                default: return nil
                }
            }
        case .test:
            answer = play(TestEngine.self, module, seed, NoOptions(), &reader) { reader in
                switch reader.next() {
                case 0:
                    guard let item = reader.index(module.test.items), let code = reader.next(), code >= 0 else { return nil }
                    let answer: TestEngine.Answer
                    switch (code, item.kind) {
                    case (0, _): answer = .correct
                    case (1, _): answer = .incorrect
                    case (2, _): answer = .cleared
                    case (let code, .multipleChoice(let choices, _)) where code - 3 < choices.count: answer = .choice(index: code - 3)
                    default: return nil
                    }
                    return .answer(item: item.id, answer: answer)
                case 1: return .finish
                default: return nil
                }
            }
        case .pronunciation:
            answer = play(PronunciationEngine.self, module, seed, NoOptions(), &reader) { reader in
                guard let code = reader.next(), let line = reader.index(module.transcript)?.id else { return nil }
                let modes = [VoiceComparison.simultaneous, .sequential]
                switch code {
                case 0: return .hearOriginal(line: line)
                case 1: return .record(line: line)
                case 2: return reader.text().map { .recorded(line: line, file: $0) }
                case 3: return reader.text().map { .recordingFailed(line: line, reason: $0) }
                case 4: return reader.next().flatMap { modes.element(at: $0) }.map { .compare(line: line, mode: $0) }
                case 5:
                    guard let mode = reader.next().flatMap({ modes.element(at: $0) }), let file = reader.text() else { return nil }
                    return .compared(line: line, mode: mode, file: file)
                case 6: return reader.text().map { .comparisonFailed(line: line, reason: $0) }
                case 7: return reader.next().map { .hearSlowly(line: line, speed: Double($0) / 100) }
                case 8:
                    guard let recording = reader.text(), let score = reader.next(), let feedback = reader.text(),
                          let hasTiming = reader.next(), hasTiming == 0 || hasTiming == 1 else { return nil }
                    var timing: String?
                    if hasTiming == 1 {
                        guard let text = reader.text() else { return nil }
                        timing = text
                    }
                    guard let step = reader.next(), let model = reader.contour(), let learner = reader.contour() else { return nil }
                    return .analysed(line: line, recording: recording,
                                     result: IntonationResult(score: score, feedback: feedback, timing: timing,
                                                              step: Double(step) / 1000, model: model, learner: learner))
                case 9:
                    guard let recording = reader.text(), let reason = reader.text() else { return nil }
                    return .analysisFailed(line: line, recording: recording, reason: reason)
                default: return nil
                }
            }
        case .dictionary:
            answer = play(DictionaryEngine.self, module, seed, NoOptions(), &reader) { reader in
                guard reader.next() == 0, let index = reader.next() else { return nil }
                if index == -1 { return reader.text().map { .open(term: $0) } }
                return module.definitions.element(at: index).map { .open(term: $0.term) }
            }
        case nil:
            answer = nil
        }
        return answer ?? failure("malformed-events")
    }

    /// Deals, then applies every event; nil when an event cannot be read.
    private static func play<Engine: ActivityEngine>(_ type: Engine.Type, _ module: Module, _ seed: UInt64,
                                                     _ options: Engine.Options, _ reader: inout IntegerReader,
                                                     _ action: (inout IntegerReader) -> Engine.Action?) -> String? {
        var random = SeededRandom(seed: seed)
        let setup = Engine.deal(for: module, random: &random, previous: nil, options: options)
        var engine = Engine(module: module, setup: setup, startedAt: Self.start)
        var json = CoreJSON()
        var steps: [[Effect]] = []
        var now = Self.start
        while !reader.atEnd {
            guard let time = reader.next(), time >= 0, time <= 1_000_000_000, let next = action(&reader) else { return nil }
            now = Self.start.addingTimeInterval(Double(time) / 1000)
            steps.append(engine.apply(next, at: now))
        }
        json.object { json in
            json.key("steps")
            json.array(steps.count) { json, index in
                json.array(steps[index].count) { json, effect in ResultJSON.write(steps[index][effect], to: &json) }
            }
            json.key("finished")
            json.value(engine.isFinished)
            json.key("result")
            ResultJSON.write(engine.result(at: now), startedAt: Self.start, to: &json)
        }
        return json.text
    }

    /// Where every scripted attempt starts: the results give times from it, in milliseconds.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private static func failure(_ code: String) -> String {
        var json = CoreJSON()
        json.object { json in json.member("error", code) }
        return json.text
    }
}
