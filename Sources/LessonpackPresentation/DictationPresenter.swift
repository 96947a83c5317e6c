import Foundation
import LessonpackActivities
import LessonpackModel

/// The dictation: hear a line (again, or slower, as often as wanted), type it, and see it marked word by word.
/// The line's text is never in the view before the learner has written it.
package enum DictationPresenter: ActivityPresenter {
    package typealias Engine = DictationEngine

    package struct View: Sendable, Equatable, Codable {
        package struct Row: Sendable, Equatable, Codable {
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
        package struct Marked: Sendable, Equatable, Codable {
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

    package enum Event: Sendable, Equatable, Codable {
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

    package static let instruction = "Listen and type what you hear."

    package static func local(for engine: DictationEngine, context: PresentationContext) -> Local {
        Local(current: firstUnwritten(engine) ?? 0)
    }

    private static func firstUnwritten(_ engine: DictationEngine) -> Int? {
        engine.lines.indices.first { engine.written[engine.lines[$0].id] == nil }
    }

    package static func view(of engine: DictationEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let rows = engine.lines.enumerated().map { index, line in
            let written = engine.written[line.id]
            return View.Row(number: index + 1, text: written == nil ? nil : line.text,
                            status: written.map { wordsRight($0.diff) } ?? "not written yet", written: written != nil,
                            allRight: written?.diff.isAllRight ?? false, isCurrent: index == local.current)
        }
        let summary = engine.isFinished ? summary(engine.score) : nil
        guard engine.lines.indices.contains(local.current) else {
            return View(instruction: instruction, position: "There are no lines.", number: 0, total: 0, speaker: nil,
                        colour: nil, heard: false, writing: false, draft: "", written: nil, line: nil, marked: [], notes: [],
                        score: nil, allRight: false, summary: summary, confirming: nil, rows: rows, current: 0)
        }
        let line = engine.lines[local.current]
        let written = engine.written[line.id]
        let speaker = context.speaker(line.speaker)
        return View(instruction: instruction, position: "Line \(local.current + 1) of \(engine.lines.count)",
                    number: local.current + 1, total: engine.lines.count, speaker: speaker?.name ?? line.speaker,
                    colour: speaker?.colour, heard: engine.heard.contains(line.id),
                    writing: written == nil && !engine.isFinished, draft: local.draft, written: written?.text,
                    line: written == nil ? nil : line.text, marked: written.map { marked($0.diff) } ?? [],
                    notes: written.map { notes($0.diff) } ?? [], score: written.map { wordsRight($0.diff) + "." },
                    allRight: written?.diff.isAllRight ?? false, summary: summary,
                    confirming: local.confirming ? confirmation(engine) : nil, rows: rows, current: local.current)
    }

    /// "5 of 6 words right".
    package static func wordsRight(_ diff: WordDiff) -> String {
        "\(diff.right) of \(Wording.count(diff.total, "word")) right"
    }

    static func summary(_ score: Score) -> String {
        "Finished: \(score.correct) of \(Wording.count(score.total, "word")) right (\(Wording.percent(score.percent)))."
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
    package static func notes(_ diff: WordDiff) -> [String] {
        var notes: [String] = []
        let missing = diff.words(.missing).compactMap(\.expected)
        if !missing.isEmpty { notes.append("Missing: " + missing.joined(separator: ", ") + ".") }
        let extra = diff.words(.extra).compactMap(\.typed)
        if !extra.isEmpty { notes.append("Not in the line: " + extra.joined(separator: ", ") + ".") }
        let misspelt = diff.words(.misspelt).map { "\($0.typed ?? "") → \($0.expected ?? "")" }
        if !misspelt.isEmpty { notes.append("Spelling: " + misspelt.joined(separator: ", ") + ".") }
        return notes
    }

    private static func confirmation(_ engine: DictationEngine) -> String {
        let left = engine.lines.count - engine.written.count
        return "\(Wording.count(left, "line")) \(left == 1 ? "is" : "are") not written yet. Finish now? " +
            "\(left == 1 ? "Its" : "Their") words count as wrong."
    }

    package static func reduce(_ event: Event, engine: DictationEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<DictationEngine> {
        // Anything but finishing again answers the question "Finish now?" with no.
        if local.confirming, event != .finish { local.confirming = false }
        guard !engine.lines.isEmpty else { return .say("There are no lines.") }
        local.current = min(local.current, engine.lines.count - 1)
        let line = engine.lines[local.current]
        switch event {
        case .move(let step):
            local.go(to: CursorStep.clamped(local.current, by: step, count: engine.lines.count))
        case .select(let index):
            guard engine.lines.indices.contains(index) else {
                return .say("There is no line \(position(index)): the lines are 1 to \(engine.lines.count).", .bad)
            }
            local.go(to: index)
        case .hear:
            guard !engine.isFinished else { return .say("The dictation is finished.") }
            return Reaction(actions: [.hear(line: line.id)], message: Message("Playing line \(local.current + 1)."))
        case .hearSlowly(let speed):
            guard !engine.isFinished else { return .say("The dictation is finished.") }
            guard PronunciationEngine.slowSpeeds.contains(speed) else {
                return .say("The line can be slowed to 0.75 or 0.5 of its speed.", .bad)
            }
            return Reaction(actions: [.hearSlowly(line: line.id, speed: speed)],
                            message: Message("Playing line \(local.current + 1) at \(PronunciationPresenter.speedText(speed))."))
        case .edit(let text):
            guard engine.written[line.id] == nil, !engine.isFinished else { return Reaction() }
            local.draft = String(text.prefix(DictationEngine.longestAnswer))
        case .submit:
            return write(local.draft, line: line, engine: engine, local: &local, at: now)
        case .write(let text):
            return write(text, line: line, engine: engine, local: &local, at: now)
        case .advance:
            guard engine.written[line.id] != nil, let next = firstUnwritten(engine) else { return Reaction() }
            local.go(to: next)
        case .finish:
            guard !engine.isFinished else { return .say("The dictation is finished.") }
            let left = engine.lines.count - engine.written.count
            if left > 0, !local.confirming {
                local.confirming = true
                return .say(confirmation(engine), .accent)
            }
            local.confirming = false
            var after = engine
            _ = after.apply(.finish, at: now)
            return Reaction(actions: [.finish], message: Message(summary(after.score), .accent))
        case .cancelFinish:
            return .say("Go on writing.")
        case .newAttempt:
            guard engine.isFinished else {
                return .say("Finish this dictation first: then you can start again.", .bad)
            }
            local = Local()
            return Reaction(message: Message("A new dictation: the same lines, from the start."),
                            request: .newAttempt(NoOptions()))
        }
        return Reaction()
    }

    private static func write(_ text: String, line: TranscriptLine, engine: DictationEngine, local: inout Local,
                              at now: Date) -> Reaction<DictationEngine> {
        guard !engine.isFinished else { return .say("The dictation is finished.") }
        guard engine.written[line.id] == nil else {
            return .say("You have written this line. Go on to the next one.", .bad)
        }
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
            return .say("Type what you hear first.", .bad)
        }
        var after = engine
        _ = after.apply(.write(line: line.id, text: text), at: now)
        guard let diff = after.written[line.id]?.diff else { return Reaction() }
        local.draft = ""
        var message = diff.isAllRight ? "All \(Wording.count(diff.total, "word")) right." : wordsRight(diff) + "."
        if after.isFinished { message += " " + summary(after.score) }
        return Reaction(actions: [.write(line: line.id, text: text)], message: Message(message, diff.isAllRight ? .good : .bad))
    }
}
