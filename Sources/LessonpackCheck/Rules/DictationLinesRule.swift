import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownDictationLine: DiagnosticCode = "unknown-dictation-line"
    package static let noDictationLines: DiagnosticCode = "no-dictation-lines"
}

/// The lines an author chose for the dictation (`dictationLines` in module.plist) are lines of the transcript, and
/// there is at least one: the dictation would otherwise leave a line out without a word, or read out nothing.
struct DictationLinesRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard let chosen = context.module.dictationLines else { return [] }
        if chosen.isEmpty, context.lists(.dictation) {
            return [context.problem(.noDictationLines, "'dictationLines' names no line, so the dictation has nothing " +
                                    "to read out: name the lines, or leave the key out for every line",
                                    at: .module(.dictationLines))]
        }
        guard context.has(.transcript) else { return [] }
        let lineIDs = context.module.transcript.map(\.id)
        let known = Set(lineIDs)
        return chosen.enumerated().filter { !known.contains($0.element) }.map { index, id in
            context.problem(.unknownDictationLine, "the dictation names line '\(id)', which is not in the transcript" +
                            DidYouMean.hint(for: id, among: lineIDs), at: .dictationLines(index))
        }
    }
}
