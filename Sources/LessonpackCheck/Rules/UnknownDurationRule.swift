import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownDuration: DiagnosticCode = "unknown-duration"
}

/// The timing checks measure lines against the durations media.plist records. A clip or video without one
/// would switch those checks off without a word, so say which files lack one and how to record it.
struct UnknownDurationRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.media) else { return [] }
        let used = Set(context.module.transcript.map(\.audio) + [context.module.video].compactMap { $0 })
        let unknown = context.module.media.filter { ($0.kind == .audio || $0.kind == .video) && $0.duration == nil }
            .map(\.path).filter(used.contains)
        guard !unknown.isEmpty else { return [] }
        let listed = unknown.prefix(3).map { "media/\($0)" }.joined(separator: ", ") +
            (unknown.count > 3 ? " and \(unknown.count - 3) more" : "")
        return [context.problem(.unknownDuration, "media.plist records no duration for \(listed), so the lines' times " +
                                "are not checked against \(unknown.count == 1 ? "it" : "them"); run 'lessonpack media " +
                                "scan \(context.folder)' with ffprobe installed (it comes with ffmpeg)", at: .file(.media))]
    }
}
