import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let mediaNameClash: DiagnosticCode = "media-name-clash"
    package static let mediaTooLarge: DiagnosticCode = "media-too-large"
}

/// What a bundle reader would refuse about the media list, caught in the sources where it can be fixed: names that
/// are not safe paths (the same rule, `PathName`, bundle readers apply to entry names), two names that are one file
/// on a case-insensitive or normalising file system (`Extra.opus` and `extra.opus`), and files larger than a bundle
/// may hold.
struct MediaNameRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var first: [String: (path: String, index: Int)] = [:]
        var total = 0
        for (index, file) in context.module.media.enumerated() {
            if let problem = MediaFolder.problem(with: file.path) {
                diagnostics.append(context.problem(.invalidMediaPath, problem, at: .media(index, .entry)))
                continue
            }
            let key = PathName.foldedKey(file.path)
            if let earlier = first[key] {
                diagnostics.append(context.problem(.mediaNameClash, "media '\(file.path)' and '\(earlier.path)' differ " +
                                                   "only in case or accents: on many computers they are one file, and " +
                                                   "a bundle cannot hold both; rename one", at: .media(index, .entry),
                                                   notes: [context.note("'\(earlier.path)' is listed here",
                                                                        at: .media(earlier.index, .entry))]))
            } else {
                first[key] = (file.path, index)
            }
            if file.size > MediaLimits.maxFileBytes {
                diagnostics.append(context.problem(.mediaTooLarge, "media/\(file.path) is \(file.size) bytes; a bundle " +
                                                   "holds files of at most \(MediaLimits.maxFileBytes) bytes",
                                                   at: .media(index, .size)))
            }
            total += max(0, min(file.size, MediaLimits.maxTotalBytes))
        }
        if total > MediaLimits.maxTotalBytes {
            diagnostics.append(context.problem(.mediaTooLarge, "the media add up to \(total) bytes; a bundle holds at " +
                                               "most \(MediaLimits.maxTotalBytes)", at: .root(.media)))
        }
        return diagnostics
    }
}
