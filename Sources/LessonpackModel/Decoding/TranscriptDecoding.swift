import LessonpackDiagnostics
import PropertyList

extension ModuleDecoder {
    /// transcript.plist: `lines`, the conversation in order.
    mutating func decodeTranscript(_ root: PlistNode) {
        guard let fields = rootFields(root, file: .transcript, knownKeys: ModuleSchema.transcript) else { return }
        for line in entries(fields.array("lines"), named: "line", knownKeys: ModuleSchema.line, path: {
            .transcript($0, $1.flatMap(ModulePath.LineField.init(key:)) ?? .entry)
        }) {
            module.transcript.append(TranscriptLine(
                id: line.identifier() ?? "", speaker: line.string("speaker") ?? "", text: line.string("text") ?? "",
                start: line.time("start") ?? .nan, end: line.time("end") ?? .nan, audio: line.string("audio") ?? "",
                terms: line.strings("terms", required: false) ?? [],
                uncertainTiming: line.string("uncertainTiming", required: false)))
            map.transcript.append(line.origin)
            line.finish()
        }
        fields.finish()
    }
}
