import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unusedMedia: DiagnosticCode = "unused-media"
}

/// A file media.plist lists goes into the bundle. One that nothing in the module names (a placeholder left from
/// the starter, a clip of a line since deleted) makes every learner download it for nothing.
struct UnusedMediaRule: CheckRule {
    static let codes: [DiagnosticCode] = [.unusedMedia]

    func check(_ context: CheckContext) -> [Diagnostic] {
        // What a file that did not read names is unknown: saying its media is unused would bury its real error.
        let referring = [SourceFile.module, .transcript, .questions].map { context.source.path($0) }
        guard context.has(.media), !context.source.diagnostics.contains(where: {
            $0.severity == .error && referring.contains($0.location.file)
        }) else { return [] }
        let used = Set(MediaReference.all(in: context).map(\.path))
        // Media origins line up with the manifest's files, as the decoder reads them in order.
        let origins = context.map.media
        return context.module.media.enumerated().filter { !used.contains($0.element.path) }.map { index, file in
            .warning(.unusedMedia, "media/\(file.path) is in media.plist but nothing in the module uses it, so it " +
                     "would only make the bundle bigger; delete it and run 'lessonpack media scan " +
                     "\(context.source.folder)', or name it where it belongs",
                     at: origins.indices.contains(index) ? origins[index].location : context.source.location(.media))
        }
    }
}
