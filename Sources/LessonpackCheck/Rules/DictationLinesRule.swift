import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownDictationLine: DiagnosticCode = "unknown-dictation-line"
    package static let noDictationLines: DiagnosticCode = "no-dictation-lines"
}

/// The lines an author chose for the dictation (`dictationLines` in module.plist) are lines of the transcript, and
/// there is at least one: the dictation would otherwise leave a line out without a word, or read out nothing.
struct DictationLinesRule: CheckRule {
    static let codes: [DiagnosticCode] = [.unknownDictationLine, .noDictationLines]

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard let chosen = context.module.dictationLines else { return [] }
        let origin = context.map.module
        if chosen.isEmpty, context.lists(.dictation) {
            return [.error(.noDictationLines, "'dictationLines' names no line, so the dictation has nothing to read " +
                           "out: name the lines, or leave the key out for every line", at: origin.location(of: "dictationLines"))]
        }
        guard context.has(.transcript) else { return [] }
        let lineIDs = context.module.transcript.map(\.id)
        let known = Set(lineIDs)
        let nodes = origin.fields["dictationLines"]?.array ?? []
        return chosen.filter { !known.contains($0) }.map { id in
            let location = nodes.first { $0.string == id }?.location ?? origin.location(of: "dictationLines")
            return .error(.unknownDictationLine, "the dictation names line '\(id)', which is not in the transcript" +
                          DidYouMean.hint(for: id, among: lineIDs), at: location)
        }
    }
}
