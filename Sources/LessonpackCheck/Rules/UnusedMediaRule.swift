import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unusedMedia: DiagnosticCode = "unused-media"
}

/// A file media.plist lists goes into the bundle. One that nothing in the module names (a placeholder left from
/// the starter, a clip of a line since deleted) makes every learner download it for nothing.
struct UnusedMediaRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        // What a file that did not read names is unknown: saying its media is unused would bury its real error.
        guard context.has(.media), context.filesWithErrors.isDisjoint(with: [.module, .transcript, .questions])
        else { return [] }
        let used = Set(MediaReference.all(in: context).map(\.file))
        return context.module.media.enumerated().filter { !used.contains($0.element.path) }.map { index, file in
            context.problem(.unusedMedia, "media/\(file.path) is in media.plist but nothing in the module uses it, so " +
                            "it would only make the bundle bigger; delete it and run 'lessonpack media scan " +
                            "\(context.folder)', or name it where it belongs", at: .media(index, .entry))
        }
    }
}
