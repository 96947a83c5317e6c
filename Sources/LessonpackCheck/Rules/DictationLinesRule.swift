import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownDictationLine: DiagnosticCode = "unknown-dictation-line"
    package static let noDictationLines: DiagnosticCode = "no-dictation-lines"
    package static let duplicateDictationLine: DiagnosticCode = "duplicate-dictation-line"
}

/// The lines an author chose for the dictation (`dictationLines` in module.plist) are lines of the transcript, and
/// there is at least one, each named once: the dictation would otherwise leave a line out without a word, read out
/// nothing, or wait for a line to be written twice.
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
        var named: Set<String> = []
        return chosen.enumerated().compactMap { index, id in
            guard known.contains(id) else {
                return context.problem(.unknownDictationLine, "the dictation names line '\(id)', which is not in the " +
                                       "transcript" + DidYouMean.hint(for: id, among: lineIDs), at: .dictationLines(index))
            }
            guard named.insert(id).inserted else {
                return context.problem(.duplicateDictationLine, "the dictation names line '\(id)' twice: each line is " +
                                       "written once, so name it once", at: .dictationLines(index))
            }
            return nil
        }
    }
}
