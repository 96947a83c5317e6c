/// The dictation: hear a line (again, or slower, as often as wanted), type it, and see it marked word by word.
/// The line's text is never in the view before the learner has written it.
package enum DictationPresenter: ActivityPresenter {
    package typealias Engine = DictationEngine

    package struct View: Sendable, Equatable, Storable {
        package struct Row: Sendable, Equatable, Storable {
            package var number: Int
            /// The line, once written; nil before (it would give the answer away).
            package var text: String?
            /// "5 of 6 words right", "not written yet".
            package var status: String
            package var written: Bool
            package var allRight: Bool
            package var isCurrent: Bool
        }

        /// A word of the line as marked: `text` is how it is shown, with its mark also in characters, so it reads
        /// without colour: "me" missing is "[+me]", "very" extra is "[-very]", "fined" for "find" is "fined→find".
        package struct Marked: Sendable, Equatable, Storable {
            package var mark: WordDiff.Mark
            package var text: String
        }

        /// "Listen and type what you hear."
        package var instruction: String
        /// "Line 2 of 6".
        package var position: String
        package var number: Int
        package var total: Int
        /// Who says the line, in their colour.
        package var speaker: String?
        package var colour: String?
        package var heard: Bool
        /// True while the current line waits to be written.
        package var writing: Bool
        /// What the learner is typing and has not sent yet.
        package var draft: String
        /// What the learner wrote for this line, once written.
        package var written: String?
        /// The line as it is written, once the learner has written it.
        package var line: String?
        package var marked: [Marked]
        /// "Missing: me.", "Not in the line: very.", "Spelling: fined → find."
        package var notes: [String]
        /// "5 of 6 words right."
        package var score: String?
        package var allRight: Bool
        /// "Finished: 40 of 52 words right (77%).", once the dictation is over.
        package var summary: String?
        /// The question asked before finishing with lines not written.
        package var confirming: String?
        package var rows: [Row]
        package var current: Int
    }

    package enum Event: Sendable, Equatable, Storable {
        case move(Int)
        case select(Int)
        case hear
        /// The line slowed to this speed (0.75 or 0.5), its pitch kept.
        case hearSlowly(Double)
        /// The text typed so far, as a whole (the full screen's line editor sends it after each key).
        case edit(String)
        /// Writes what has been typed.
        case submit
        /// Writes this text for the current line (plain mode, the browser).
        case write(String)
        /// On to the next line not written yet, once this one is.
        case advance
        /// Asks first when lines are not written yet; a second `finish` finishes.
        case finish
        case cancelFinish
        /// Another go, once this one is finished.
        case newAttempt
    }

    package struct Local: Sendable, Equatable {
        package var current = 0
        package var draft = ""
        /// What was typed for other lines and not yet checked: moving to another line never loses it.
        package var drafts: [Int: String] = [:]
        package var confirming = false

        /// Moves to line `index`, keeping what was typed for the line left and taking up what was typed for it.
        mutating func go(to index: Int) {
            guard index != current else { return }
            drafts[current] = draft.isEmpty ? nil : draft
            current = index
            draft = drafts.removeValue(forKey: index) ?? ""
        }
    }

    package static func instruction(_ strings: Strings) -> String { strings.text("dictation.instruction") }

    package static func local(for engine: DictationEngine, context: PresentationContext) -> Local {
        Local(current: firstUnwritten(engine) ?? 0)
    }

    private static func firstUnwritten(_ engine: DictationEngine) -> Int? {
        engine.lines.indices.first { engine.written[engine.lines[$0].id] == nil }
    }

    package static func view(of engine: DictationEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let strings = context.strings
        let instruction = instruction(strings)
        let rows = engine.lines.enumerated().map { index, line in
            let written = engine.written[line.id]
            return View.Row(number: index + 1, text: written == nil ? nil : line.text,
                            status: written.map { wordsRight($0.diff, strings) } ?? strings.text("dictation.not-written"), written: written != nil,
                            allRight: written?.diff.isAllRight ?? false, isCurrent: index == local.current)
        }
        let summary = engine.isFinished ? summary(engine.score, strings) : nil
        guard engine.lines.indices.contains(local.current) else {
            return View(instruction: instruction, position: strings.text("no-lines"), number: 0, total: 0, speaker: nil,
                        colour: nil, heard: false, writing: false, draft: "", written: nil, line: nil, marked: [], notes: [],
                        score: nil, allRight: false, summary: summary, confirming: nil, rows: rows, current: 0)
        }
        let line = engine.lines[local.current]
        let written = engine.written[line.id]
        let speaker = context.speaker(line.speaker)
        return View(instruction: instruction, position: strings.text("line-of", ["line": "\(local.current + 1)", "total": "\(engine.lines.count)"]),
                    number: local.current + 1, total: engine.lines.count, speaker: speaker?.name ?? line.speaker,
                    colour: speaker?.colour, heard: engine.heard.contains(line.id),
                    writing: written == nil && !engine.isFinished, draft: local.draft, written: written?.text,
                    line: written == nil ? nil : line.text, marked: written.map { marked($0.diff) } ?? [],
                    notes: written.map { notes($0.diff, strings) } ?? [],
                    score: written.map { strings.text("sentence", ["text": wordsRight($0.diff, strings)]) },
                    allRight: written?.diff.isAllRight ?? false, summary: summary,
                    confirming: local.confirming ? confirmation(engine, strings) : nil, rows: rows, current: local.current)
    }

    /// "5 of 6 words right".
    package static func wordsRight(_ diff: WordDiff, _ strings: Strings) -> String {
        strings.counted("dictation.words-right", diff.total, ["right": "\(diff.right)"])
    }

    static func summary(_ score: Score, _ strings: Strings) -> String {
        strings.counted("dictation.finished", score.total, ["right": "\(score.correct)", "percent": Wording.percent(score.percent)])
    }

    /// The line's words with their marks in characters as well as in the mark.
    package static func marked(_ diff: WordDiff) -> [View.Marked] {
        diff.words.map { word in
            let expected = word.expected ?? ""
            let typed = word.typed ?? ""
            return switch word.mark {
            case .right: View.Marked(mark: .right, text: expected)
            case .misspelt: View.Marked(mark: .misspelt, text: typed + "→" + expected)
            case .missing: View.Marked(mark: .missing, text: "[+" + expected + "]")
            case .extra: View.Marked(mark: .extra, text: "[-" + typed + "]")
            }
        }
    }

    /// What to put right, in words: each list once, only when it has something.
    /// The English words themselves are listed as typed, with commas: they are the lesson's, not the interface's.
    package static func notes(_ diff: WordDiff, _ strings: Strings) -> [String] {
        var notes: [String] = []
        let missing = diff.words(.missing).compactMap { $0.expected }
        if !missing.isEmpty { notes.append(strings.text("dictation.missing", ["words": missing.joined(separator: ", ")])) }
        let extra = diff.words(.extra).compactMap { $0.typed }
        if !extra.isEmpty { notes.append(strings.text("dictation.extra", ["words": extra.joined(separator: ", ")])) }
        let misspelt = diff.words(.misspelt).map { "\($0.typed ?? "") → \($0.expected ?? "")" }
        if !misspelt.isEmpty { notes.append(strings.text("dictation.spelling", ["words": misspelt.joined(separator: ", ")])) }
        return notes
    }

    private static func confirmation(_ engine: DictationEngine, _ strings: Strings) -> String {
        strings.counted("dictation.confirm-finish", engine.lines.count - engine.written.count)
    }

    package static func reduce(_ event: Event, engine: DictationEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<DictationEngine> {
        // Anything but finishing again answers the question "Finish now?" with no.
        if local.confirming, event != .finish { local.confirming = false }
        let strings = context.strings
        guard !engine.lines.isEmpty else { return .say(strings.text("no-lines")) }
        local.current = min(local.current, engine.lines.count - 1)
        let line = engine.lines[local.current]
        switch event {
        case .move(let step):
            local.go(to: CursorStep.clamped(local.current, by: step, count: engine.lines.count))
        case .select(let index):
            guard engine.lines.indices.contains(index) else {
                return .say(strings.text("no-such-line", ["line": position(index), "count": "\(engine.lines.count)"]), .bad)
            }
            local.go(to: index)
        case .hear:
            guard !engine.isFinished else { return .say(strings.text("dictation.finished-already")) }
            return Reaction(actions: [.hear(line: line.id)], message: Message(strings.text("playing-line", ["line": "\(local.current + 1)"])))
        case .hearSlowly(let speed):
            guard !engine.isFinished else { return .say(strings.text("dictation.finished-already")) }
            guard PronunciationEngine.slowSpeeds.contains(speed) else {
                return .say(strings.text("dictation.slow-speeds"), .bad)
            }
            return Reaction(actions: [.hearSlowly(line: line.id, speed: speed)],
                            message: Message(strings.text("playing-line-at", [
                                "line": "\(local.current + 1)", "speed": PronunciationPresenter.speedText(speed, strings)])))
        case .edit(let text):
            guard engine.written[line.id] == nil, !engine.isFinished else { return Reaction() }
            local.draft = String(text.prefix(DictationEngine.longestAnswer))
        case .submit:
            return write(local.draft, line: line, engine: engine, local: &local, at: now, strings)
        case .write(let text):
            return write(text, line: line, engine: engine, local: &local, at: now, strings)
        case .advance:
            guard engine.written[line.id] != nil, let next = firstUnwritten(engine) else { return Reaction() }
            local.go(to: next)
        case .finish:
            guard !engine.isFinished else { return .say(strings.text("dictation.finished-already")) }
            let left = engine.lines.count - engine.written.count
            if left > 0, !local.confirming {
                local.confirming = true
                return .say(confirmation(engine, strings), .accent)
            }
            local.confirming = false
            var after = engine
            _ = after.apply(.finish, at: now)
            return Reaction(actions: [.finish], message: Message(summary(after.score, strings), .accent))
        case .cancelFinish:
            return .say(strings.text("dictation.go-on"))
        case .newAttempt:
            guard engine.isFinished else {
                return .say(strings.text("dictation.finish-first"), .bad)
            }
            local = Local()
            return Reaction(message: Message(strings.text("dictation.new")),
                            request: .newAttempt(NoOptions()))
        }
        return Reaction()
    }

    private static func write(_ text: String, line: TranscriptLine, engine: DictationEngine, local: inout Local,
                              at now: Date, _ strings: Strings) -> Reaction<DictationEngine> {
        guard !engine.isFinished else { return .say(strings.text("dictation.finished-already")) }
        guard engine.written[line.id] == nil else {
            return .say(strings.text("dictation.written-already"), .bad)
        }
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
            return .say(strings.text("dictation.type-first"), .bad)
        }
        var after = engine
        _ = after.apply(.write(line: line.id, text: text), at: now)
        guard let diff = after.written[line.id]?.diff else { return Reaction() }
        local.draft = ""
        var message = diff.isAllRight ? strings.counted("dictation.all-right", diff.total)
            : strings.text("sentence", ["text": wordsRight(diff, strings)])
        if after.isFinished { message += " " + summary(after.score, strings) }
        return Reaction(actions: [.write(line: line.id, text: text)], message: Message(message, diff.isAllRight ? .good : .bad))
    }
}
