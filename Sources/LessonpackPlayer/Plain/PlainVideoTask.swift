import Foundation
import LessonpackActivities

/// Plain mode, activity 2: mark each statement correct or incorrect, then check.
final class PlainVideoTask: PlainActivity {
    let task: VideoTaskController
    var controller: ActivityController { task }

    init(_ task: VideoTaskController) { self.task = task }

    func describe(at now: Date) -> [String] {
        ["Are these statements about the video correct or incorrect?"] + list()
    }

    let commands = [
        "N correct|incorrect|empty: mark statement N (c, i and - work too)",
        "answers c i - …: mark every statement at once, in order",
        "list: the statements and your marks", "check: see how you did", "again: clear the marks and try again",
    ]

    func handle(_ words: [String], at now: Date) -> [String]? {
        let ids = task.engine.statements.map(\.id)
        switch words.first {
        case "list": return list()
        case "check": return check(at: now)
        case "again":
            task.tryAgain(at: now)
            return ["Marks cleared."] + list()
        case "answers":
            let marks = words.dropFirst().compactMap(Self.state)
            guard marks.count == ids.count else { return ["Give one mark per statement: \(ids.count) of c, i or -."] }
            for (id, mark) in zip(ids, marks) { task.set(id, to: mark, at: now) }
            return list()
        default:
            guard let id = PlainWords.item(words.first, ids: ids), let state = words.dropFirst().first.flatMap(Self.state) else {
                return nil
            }
            guard task.engine.report == nil else { return ["Already checked: type 'again' to try again."] }
            task.set(id, to: state, at: now)
            return ["\(words[0]). \(Self.mark(state))"]
        }
    }

    private func check(at now: Date) -> [String] {
        switch task.check(at: now) {
        case .refused(let unanswered):
            return ["Mark every statement first. Still empty: " +
                    unanswered.map { s in String(task.engine.statements.firstIndex(of: s)! + 1) }.joined(separator: ", ")]
        case .checked(let report):
            var lines = ["\(report.correct) of \(report.total) right."]
            for mistake in report.mistakes {
                let number = task.engine.statements.firstIndex(of: mistake.statement)! + 1
                lines.append("Wrong: \(number). \(mistake.statement.text) It is \(mistake.statement.isCorrect ? "correct" : "incorrect").")
                for line in mistake.lines { lines.append("  Watch again at \(PlainWords.time(line.start)): \(line.text)") }
            }
            return lines
        }
    }

    private func list() -> [String] {
        task.engine.statements.enumerated().map { index, statement in
            "\(index + 1). [\(Self.mark(task.engine.answer(statement.id)))] \(statement.text)"
        }
    }

    static func state(_ word: String) -> TriState? {
        switch word.lowercased() {
        case "c", "correct", "true", "t", "yes": .correct
        case "i", "incorrect", "false", "f", "no": .incorrect
        case "-", "empty", "clear": .empty
        default: nil
        }
    }

    static func mark(_ state: TriState) -> String {
        switch state {
        case .empty: "empty"
        case .correct: "correct"
        case .incorrect: "incorrect"
        }
    }
}
