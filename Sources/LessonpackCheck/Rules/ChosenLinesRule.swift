import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownChosenLine: DiagnosticCode = "unknown-chosen-line"
    package static let noChosenLines: DiagnosticCode = "no-chosen-lines"
    package static let duplicateChosenLine: DiagnosticCode = "duplicate-chosen-line"
}

/// The lines an author chose for an activity (under its `ActivityKind.chosenLinesKey` in module.plist) are lines of
/// the transcript, and there is at least one, each named once: the activity would otherwise leave a line out without
/// a word, have nothing to use, or use a line twice.
struct ChosenLinesRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        ActivityKind.allCases.flatMap { kind in check(kind, context) }
    }

    private func check(_ kind: ActivityKind, _ context: CheckContext) -> [Diagnostic] {
        guard let key = kind.chosenLinesKey, let chosen = context.module.chosenLines[kind] else { return [] }
        // The activity as module.plist names it, in words: `video-task` is "the video task".
        let activity = "the " + kind.rawValue.split(separator: "-").joined(separator: " ")
        if chosen.isEmpty, context.lists(kind) {
            return [context.problem(.noChosenLines, "'\(key)' names no line, so \(activity) has no line to use: " +
                                    "name the lines, or leave the key out for every line", at: .chosenLines(key: key))]
        }
        guard context.has(.transcript) else { return [] }
        let lineIDs = context.module.transcript.map(\.id)
        let known = Set(lineIDs)
        var named: Set<String> = []
        return chosen.enumerated().compactMap { index, id in
            guard known.contains(id) else {
                return context.problem(.unknownChosenLine, "\(activity) names line '\(id)', which is not in the " +
                                       "transcript" + DidYouMean.hint(for: id, among: lineIDs),
                                       at: .chosenLines(key: key, index))
            }
            guard named.insert(id).inserted else {
                return context.problem(.duplicateChosenLine, "\(activity) names line '\(id)' twice: each line is " +
                                       "used once, so name it once", at: .chosenLines(key: key, index))
            }
            return nil
        }
    }
}
