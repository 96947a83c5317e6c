import LessonpackDiagnostics

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

extension SourceFile {
    /// The file that holds a part of the module, as a `ModulePath` names it.
    package init(_ part: ModulePath.File) {
        self = switch part {
        case .module: .module
        case .transcript: .transcript
        case .definitions: .definitions
        case .phrasebook: .phrasebook
        case .videoTask: .videoTask
        case .questions: .questions
        case .test: .test
        case .media: .media
        }
    }

    /// The part of the module the file holds, as a `ModulePath` names it.
    package var part: ModulePath.File {
        switch self {
        case .module: .module
        case .transcript: .transcript
        case .definitions: .definitions
        case .phrasebook: .phrasebook
        case .videoTask: .videoTask
        case .questions: .questions
        case .test: .test
        case .media: .media
        }
    }

    /// The key of the root dictionary that holds the file's main list; nil where the root is the list
    /// (definitions.plist) or the file has none (module.plist).
    package var mainList: String? {
        switch self {
        case .module, .definitions: nil
        case .transcript: "lines"
        case .phrasebook: "boxes"
        case .videoTask: "statements"
        case .questions: "questions"
        case .test: "items"
        case .media: "files"
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
