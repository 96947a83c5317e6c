/// Activity 2: ten statements, each with a box that cycles empty → true → false → empty, then the report, with the
/// lines to watch again for each wrong statement. Starting again asks first while marks would be lost.
package enum VideoTaskPresenter: ActivityPresenter {
    package typealias Engine = VideoTaskEngine

    package struct View: Sendable, Equatable, Storable {
        package struct Row: Sendable, Equatable, Storable {
            package var number: Int
            package var text: String
            package var mark: TriState
            /// After checking: whether the mark was right.
            package var right: Bool?
        }

        package struct Mistake: Sendable, Equatable, Storable {
            package var number: Int
            package var text: String
            /// "It is true."
            package var truth: String
            package var lines: [SpokenLine]
        }

        package var prompt: String
        package var rows: [Row]
        package var selected: Int
        /// "7 of 10 right.", once checked.
        package var summary: String?
        package var allRight: Bool
        package var mistakes: [Mistake]
        /// The selected statement's mistake, when it is a wrong one.
        package var selectedMistake: Mistake?
        /// What to do next, once checked.
        package var hint: String?
        /// "Clear your 5 marks?", while the learner is asked before starting again.
        package var confirming: String?
    }

    package enum Event: Sendable, Equatable, Storable {
        case move(Int)
        case select(Int)
        /// Moves the box of statement `index` (the selected one when nil) on: empty → true → false → empty.
        case cycle(Int?)
        case mark(Int, TriState)
        /// Every statement at once, in order.
        case markAll([TriState])
        case check
        /// Plays the lines that show the answer to a wrong statement (the selected one when nil).
        case replay(Int?)
        /// Start again: asks first when marks not yet checked would be cleared.
        case tryAgain
        /// Start again, as the learner confirmed.
        case tryAgainNow
        /// Keep the marks: the learner answered no.
        case keepMarks
    }

    package struct Local: Sendable, Equatable {
        package var selected = 0
        package var confirming = false
    }

    /// A resumed attempt opens at the first statement still empty.
    package static func local(for engine: VideoTaskEngine, context: PresentationContext) -> Local {
        Local(selected: engine.statements.firstIndex { engine.answer($0.id) == .empty } ?? 0)
    }

    /// "true", "false" or "empty": how a mark reads.
    package static func word(_ mark: TriState, _ strings: Strings) -> String {
        switch mark {
        case .empty: strings.text("statement.empty")
        case .correct: strings.text("statement.true")
        case .incorrect: strings.text("statement.false")
        }
    }

    /// The marks given and not yet checked: what starting again would clear.
    static func unchecked(_ engine: VideoTaskEngine) -> Int {
        engine.isFinished ? 0 : engine.statements.filter { engine.answer($0.id) != .empty }.count
    }

    static func clearQuestion(_ marks: Int, _ strings: Strings) -> String {
        strings.text("video-task.confirm-clear", ["marks": strings.counted("mark", marks)])
    }

    package static func view(of engine: VideoTaskEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let report = engine.report
        let strings = context.strings
        let wrong = Set(report?.mistakes.map { $0.statement.id } ?? [])
        let rows = engine.statements.enumerated().map { index, statement in
            View.Row(number: index + 1, text: statement.text, mark: engine.answer(statement.id),
                     right: report == nil ? nil : !wrong.contains(statement.id))
        }
        let mistakes = report?.mistakes.map { mistake(engine, $0, context) } ?? []
        let selectedID = engine.statements.indices.contains(local.selected) ? engine.statements[local.selected].id : nil
        return View(prompt: strings.text("video-task.prompt"), rows: rows, selected: local.selected,
                    summary: report.map { strings.text("video-task.summary", ["right": "\($0.correct)", "total": "\($0.total)"]) },
                    allRight: report?.mistakes.isEmpty ?? false, mistakes: mistakes,
                    selectedMistake: mistakes.first { engine.statements[$0.number - 1].id == selectedID },
                    hint: report.map { strings.text($0.mistakes.isEmpty ? "video-task.well-done" : "video-task.watch-again") },
                    confirming: local.confirming ? clearQuestion(unchecked(engine), strings) : nil)
    }

    static func mistake(_ engine: VideoTaskEngine, _ mistake: VideoTaskEngine.Report.Mistake,
                        _ context: PresentationContext) -> View.Mistake {
        let number = (engine.statements.firstIndex(of: mistake.statement) ?? 0) + 1
        return View.Mistake(number: number, text: mistake.statement.text,
                            truth: context.strings.text("video-task.truth", [
                                "answer": context.strings.text(mistake.statement.isCorrect ? "statement.true" : "statement.false")]),
                            lines: mistake.lines.map { SpokenLine($0, in: context) })
    }

    package static func reduce(_ event: Event, engine: VideoTaskEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<VideoTaskEngine> {
        let statements = engine.statements
        guard !statements.isEmpty else { return Reaction() }
        func valid(_ index: Int) -> Bool { statements.indices.contains(index) }
        let strings = context.strings
        let checkedAlready = Reaction<VideoTaskEngine>.say(strings.text("video-task.checked-already"), .bad)
        // Anything but an answer to "Clear your marks?" keeps them.
        let wasConfirming = local.confirming
        local.confirming = false
        switch event {
        case .move(let step):
            local.selected = CursorStep.wrapped(local.selected, by: step, count: statements.count)
        case .select(let index):
            if valid(index) { local.selected = index }
        case .cycle(let index):
            let chosen = index ?? local.selected
            guard valid(chosen) else { return noSuchStatement(chosen, statements.count, strings) }
            guard !engine.isFinished else { return checkedAlready }
            local.selected = chosen
            let id = statements[chosen].id
            return Reaction(actions: [.mark(statement: id, state: engine.answer(id).next)])
        case .mark(let index, let state):
            guard valid(index) else { return noSuchStatement(index, statements.count, strings) }
            guard !engine.isFinished else { return checkedAlready }
            local.selected = index
            return Reaction(actions: [.mark(statement: statements[index].id, state: state)],
                            message: Message("\(index + 1). \(word(state, strings))"))
        case .markAll(let marks):
            guard marks.count == statements.count else {
                return .say(strings.text("video-task.one-mark-each", ["count": "\(statements.count)"]), .bad)
            }
            guard !engine.isFinished else { return checkedAlready }
            return Reaction(actions: zip(statements, marks).map { .mark(statement: $0.id, state: $1) })
        case .check:
            let missing = engine.unanswered.compactMap { statements.firstIndex(of: $0) }.map { String($0 + 1) }
            guard missing.isEmpty else {
                return .say(strings.counted("video-task.mark-first", missing.count, ["numbers": strings.list(missing)]), .bad)
            }
            return Reaction(actions: engine.isFinished ? [] : [.check])
        case .replay(let index):
            let chosen = index ?? local.selected
            guard valid(chosen), let report = engine.report,
                  let mistake = report.mistakes.first(where: { $0.statement.id == statements[chosen].id }),
                  let first = mistake.lines.first, let last = mistake.lines.last, let video = context.module.video else {
                return .say(strings.text("video-task.replay-wrong-only"), .bad)
            }
            // From the first line that shows the answer to the end of the last: no further.
            return Reaction(effects: [.play(media: video, from: first.start, until: last.end)],
                            message: Message(strings.text("video-task.replaying", ["from": Wording.clock(first.start), "to": Wording.clock(last.end)]), .accent))
        case .tryAgain:
            let marks = unchecked(engine)
            guard marks == 0 else {
                local.confirming = true
                return .say(clearQuestion(marks, strings), .accent)
            }
            return startAgain(&local, strings)
        case .tryAgainNow:
            return wasConfirming || unchecked(engine) == 0 ? startAgain(&local, strings) : Reaction()
        case .keepMarks:
            return wasConfirming ? .say(strings.text("video-task.marks-kept")) : Reaction()
        }
        return Reaction()
    }

    static func startAgain(_ local: inout Local, _ strings: Strings) -> Reaction<VideoTaskEngine> {
        local.selected = 0
        return Reaction(message: Message(strings.text("video-task.starting-again")), request: .newAttempt(NoOptions()))
    }

    static func noSuchStatement(_ index: Int, _ count: Int, _ strings: Strings) -> Reaction<VideoTaskEngine> {
        .say(strings.text("video-task.no-such-statement", ["number": position(index), "count": "\(count)"]), .bad)
    }
}
