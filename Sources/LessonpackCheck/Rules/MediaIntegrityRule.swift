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
    static let codes: [DiagnosticCode] = [.mediaFileMissing, .mediaSizeMismatch, .mediaHashMismatch]
    static let readsMediaFolder = true

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard let media = context.mediaFolder else { return [] }
        let rescan = "run 'lessonpack media scan \(context.source.folder)' if the file changed on purpose"
        return zip(context.module.media, context.map.media).compactMap { file, origin in
            // An unsafe name is MediaNameRule's to report; it is never looked up on disk.
            if MediaFolder.problem(with: file.path) != nil { return nil }
            switch media.entry(file.path) {
            case .missing:
                return .error(.mediaFileMissing, "media/\(file.path) is listed in media.plist but does not exist",
                              at: origin.location)
            case .symbolicLink, .other:
                return .error(.invalidMediaPath, "media/\(file.path) is not a regular file; media must be real " +
                              "files inside the module (no links)", at: origin.location)
            case .file(let size):
                if file.size >= 0, size != file.size {
                    return .error(.mediaSizeMismatch, "media.plist says media/\(file.path) is \(file.size) bytes, " +
                                  "but it is \(size); \(rescan)", at: origin.location(of: "size"))
                }
                if !file.sha256.isEmpty, let actual = media.sha256(file.path), actual != file.sha256.lowercased() {
                    return .error(.mediaHashMismatch, "media/\(file.path) does not match the SHA-256 in media.plist; " +
                                  rescan, at: origin.location(of: "sha256"))
                }
                return nil
            }
        }
    }
}
