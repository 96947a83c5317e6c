/// The fixed names of a module folder's files, so every author and tool finds things in the same place.
package enum SourceFile: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case module = "module.plist"
    case transcript = "transcript.plist"
    case definitions = "definitions.plist"
    case phrasebook = "phrasebook.plist"
    case videoTask = "questions/video-task.plist"
    case questions = "questions/qa.plist"
    case test = "questions/test.plist"
    case media = "media.plist"

    package var path: String { rawValue }

    package static func < (lhs: SourceFile, rhs: SourceFile) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a module listing `activities` needs this file. `module.plist`, the transcript and the media
    /// manifest are always needed: every module is built around its conversation.
    package func isRequired(for activities: [ActivityKind]) -> Bool {
        switch self {
        case .module, .transcript, .media: true
        case .definitions: activities.contains(.vocabulary) || activities.contains(.dictionary)
        case .phrasebook: activities.contains(.dictionary)
        case .videoTask: activities.contains(.videoTask)
        case .questions: activities.contains(.questions)
        case .test: activities.contains(.test)
        }
    }
}

package enum ModuleLayout {
    /// The folder, inside a module, that holds its media files. Media paths in the sources are relative to it.
    package static let mediaFolder = "media"

    /// `folder/name`, as diagnostics show it: no `./` prefix for the current folder, no doubled slash.
    package static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        if name.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
