import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let mediaFileMissing: DiagnosticCode = "media-file-missing"
    package static let mediaSizeMismatch: DiagnosticCode = "media-size-mismatch"
    package static let mediaHashMismatch: DiagnosticCode = "media-hash-mismatch"
}

/// Every file the media manifest lists is on disk, a real file inside media/, with the size and SHA-256 the
/// manifest records: a bundle built from it then carries exactly what the author checked.
struct MediaIntegrityRule: CheckRule {
    static let readsMediaFolder = true

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard let media = context.mediaFolder else { return [] }
        let rescan = "run 'lessonpack media scan \(context.folder)' if the file changed on purpose"
        return context.module.media.enumerated().compactMap { index, file in
            // An unsafe name is MediaNameRule's to report; it is never looked up on disk.
            if MediaFolder.problem(with: file.path) != nil { return nil }
            switch media.entry(file.path) {
            case .missing:
                return context.problem(.mediaFileMissing, "media/\(file.path) is listed in media.plist but does not " +
                                       "exist", at: .media(index, .entry))
            case .symbolicLink, .other:
                return context.problem(.invalidMediaPath, "media/\(file.path) is not a regular file; media must be " +
                                       "real files inside the module (no links)", at: .media(index, .entry))
            case .file(let size):
                if file.size >= 0, size != file.size {
                    return context.problem(.mediaSizeMismatch, "media.plist says media/\(file.path) is \(file.size) " +
                                           "bytes, but it is \(size); \(rescan)", at: .media(index, .size))
                }
                if !file.sha256.isEmpty, let actual = media.sha256(file.path), actual != file.sha256.lowercased() {
                    return context.problem(.mediaHashMismatch, "media/\(file.path) does not match the SHA-256 in " +
                                           "media.plist; " + rescan, at: .media(index, .sha256))
                }
                return nil
            }
        }
    }
}
