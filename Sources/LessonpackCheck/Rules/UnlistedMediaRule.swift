import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unlistedMedia: DiagnosticCode = "unlisted-media"
}

/// A file under media/ that the manifest does not list will not be in the bundle: usually a forgotten scan.
struct UnlistedMediaRule: CheckRule {
    static let readsMediaFolder = true

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.media), let media = context.mediaFolder else { return [] }
        let listed = Set(context.module.media.map(\.path))
        return media.allFiles().filter { !listed.contains($0) }.map { path in
            let advice = media.scanSkipReason(path).map { "'lessonpack media scan' skips it: \($0)" }
                ?? "run 'lessonpack media scan \(context.folder)'"
            return context.problem(.unlistedMedia, "media/\(path) is not in media.plist and will not be in the bundle; " +
                                   advice, atFile: SourceLocation(file: ModuleLayout.join(
                                    ModuleLayout.join(context.folder, ModuleLayout.mediaFolder), path)))
        }
    }
}
