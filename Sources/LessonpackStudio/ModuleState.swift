import Foundation
import LessonpackDiagnostics
import LessonpackModel

/// Everything the studio's page shows of one module, as it answers every request about it: the model the forms
/// edit, the diagnostics placed at their fields, the media, and what can be undone.
package struct ModuleState: Sendable, Encodable {
    package var key: String
    package var folder: String
    /// The source files on disk as the studio last read or wrote them; a save names it.
    package var revision: String
    package var module: Module
    package var diagnostics: [PlacedDiagnostic]
    package var media: MediaOverview
    /// Source files the studio will not write: reading them found errors the forms cannot show.
    package var readOnly: [String]
    package var canUndo: Bool
    package var canRedo: Bool
    /// Every activity a module may list, with its title, in the standard order.
    package var activityKinds = ActivityChoice.all
}

/// A diagnostic as the page shows it: its file relative to the module folder, and the form field it concerns.
package struct PlacedDiagnostic: Sendable, Encodable, Equatable {
    package var severity: Severity
    package var code: String
    package var message: String
    package var file: String
    package var line: Int?
    package var column: Int?
    package var field: String?
    package var notes: [String]
    /// The item it concerns as the page names it ("Question 2, answer B"), which the page shows instead of the file,
    /// line and column; for an imported file's diagnostic, that file and line.
    package var subject: String

    /// `module`: the module the diagnostic is about, whose forms show it at the field its path names; nil for a
    /// file that is not the module's (an import). The message is in the studio's words (StudioWording); `code`,
    /// `file`, `line` and `column` stay the checker's.
    init(_ diagnostic: Diagnostic, folder: String, module: Module?) {
        severity = diagnostic.severity
        code = diagnostic.code.rawValue
        message = diagnostic.message
        file = ModuleFiles.relative(diagnostic.location.file, in: folder)
        line = diagnostic.location.line
        column = diagnostic.location.column
        field = module == nil ? nil : diagnostic.path?.formField
        notes = diagnostic.notes.map { StudioWording.inFormWords($0.message) }
        if module != nil {
            (message, field) = StudioWording.studioMessage(diagnostic, field: field)
            subject = StudioWording.subject(field: field, file: file, module: module)
        } else {
            message = StudioWording.inFormWords(message)
            let (file, line) = (file, line)
            subject = line.map { "\(file), line \($0)" } ?? file
        }
    }
}

/// Every media file the module lists, holds or refers to, and which of the three it is.
package struct MediaOverview: Sendable, Encodable, Equatable {
    package struct File: Sendable, Encodable, Equatable {
        package var path: String
        package var kind: MediaKind?
        package var size: Int?
        package var duration: Double?
        /// In media.plist.
        package var listed: Bool
        package var onDisk: Bool
        /// Named by the sources (the video, a line's audio, a question's or an answer's).
        package var referenced: Bool
        /// A stand-in Lessonpack made (a quiet clip, a clip spoken for now), still on the to-do list.
        package var placeholder: Bool
    }

    package var files: [File]

    init(module: Module, folder: String) {
        let listed = Dictionary(module.media.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let onDisk = Set(MediaFolder(moduleFolder: folder).allFiles())
        let referenced = Set(Self.references(in: module))
        files = Set(listed.keys).union(onDisk).union(referenced).sorted().map { path in
            let entry = listed[path]
            return File(path: path, kind: entry?.kind ?? MediaKind(fileExtension: (path as NSString).pathExtension),
                        size: entry?.size, duration: entry?.duration, listed: entry != nil,
                        onDisk: onDisk.contains(path), referenced: referenced.contains(path),
                        placeholder: entry?.isPlaceholder ?? false)
        }
    }

    static func references(in module: Module) -> [String] {
        var paths = module.video.map { [$0] } ?? []
        paths += module.transcript.map(\.audio)
        for question in module.questions { paths += [question.audio] + question.answers.map(\.audio) }
        return paths.filter { !$0.isEmpty }
    }
}

/// Paths of a module's files as the page names them.
enum ModuleFiles {
    static func relative(_ path: String, in folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
