import Foundation
import LessonpackRuntime

/// Plain mode, activity 5: hear, record, compare, line by line.
final class PlainPronunciation: PlainActivity {
    let practice: PronunciationController
    var controller: ActivityController { practice }

    init(_ practice: PronunciationController) { self.practice = practice }

    func describe(at now: Date) -> [String] {
        ["Say each line like the original: 'original' plays it, 'record' records you, 'compare both' plays you " +
         "both at once (original left, you right), 'compare turns' one after the other."] + current()
    }

    let commands = ["original: hear the line", "record: record yourself saying it",
                    "compare both|turns: hear yourself with the original", "next / previous / line N: choose a line",
                    "lines: every line, with what you have done"]

    func handle(_ words: [String], at now: Date) -> [String]? {
        let engine = practice.engine
        switch words.first {
        case "next": practice.next()
        case "previous": practice.previous()
        case "line":
            guard let index = PlainWords.index(words.dropFirst().first, count: engine.lines.count) else { return ["line 1–\(engine.lines.count)"] }
            practice.select(engine.lines[index].id)
        case "original":
            practice.playOriginal(at: now)
            return ["Playing the original."]
        case "record":
            if let problem = practice.record(at: now) { return ["Cannot record: \(problem)"] }
            return ["Recorded."]
        case "compare":
            let mode: VoiceComparison = words.dropFirst().first == "turns" ? .sequential : .simultaneous
            if let problem = practice.compare(mode, at: now) { return ["Cannot compare: \(problem)"] }
            return [mode == .simultaneous ? "Playing both at once: the original on the left, you on the right."
                    : "Playing the original, then you."]
        case "lines":
            return engine.lines.enumerated().map { index, line in
                "\(index + 1). \(line.text)" + (engine.recordings[line.id] != nil ? " (recorded)" : "")
            }
        default: return nil
        }
        return current()
    }

    private func current() -> [String] {
        guard let line = practice.engine.currentLine else { return ["There are no lines."] }
        let done = practice.engine.recordings[line.id] != nil ? " You have recorded it." : ""
        return ["Line \(practice.engine.current + 1) of \(practice.engine.lines.count): \(line.text)\(done)"]
    }
}
