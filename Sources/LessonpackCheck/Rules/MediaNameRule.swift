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
    static let codes: [DiagnosticCode] = [.invalidMediaPath, .mediaNameClash, .mediaTooLarge]

    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var first: [String: (path: String, origin: EntryOrigin)] = [:]
        var total = 0
        for (file, origin) in zip(context.module.media, context.map.media) {
            if let problem = MediaFolder.problem(with: file.path) {
                diagnostics.append(.error(.invalidMediaPath, problem, at: origin.location))
                continue
            }
            let key = PathName.foldedKey(file.path)
            if let earlier = first[key] {
                diagnostics.append(.error(.mediaNameClash, "media '\(file.path)' and '\(earlier.path)' differ only in case " +
                                          "or accents: on many computers they are one file, and a bundle cannot hold both; " +
                                          "rename one", at: origin.location,
                                          notes: [.init("'\(earlier.path)' is listed here", at: earlier.origin.location)]))
            } else {
                first[key] = (file.path, origin)
            }
            if file.size > MediaLimits.maxFileBytes {
                diagnostics.append(.error(.mediaTooLarge, "media/\(file.path) is \(file.size) bytes; a bundle holds files " +
                                          "of at most \(MediaLimits.maxFileBytes) bytes", at: origin.location(of: "size")))
            }
            total += max(0, min(file.size, MediaLimits.maxTotalBytes))
        }
        if total > MediaLimits.maxTotalBytes {
            diagnostics.append(.error(.mediaTooLarge, "the media add up to \(total) bytes; a bundle holds at most " +
                                      "\(MediaLimits.maxTotalBytes)", at: context.source.root(.media).location))
        }
        return diagnostics
    }
}
