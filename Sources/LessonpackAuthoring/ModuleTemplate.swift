import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// `lessonpack new`: a module made from a template, with its id and title filled in, that passes `check` as
/// created. Template files say `{{ID}}` and `{{TITLE}}` where those go. Audio the template refers to but does not
/// ship is made as placeholder clips of the right length, and media.plist is written by a scan, so an author
/// starts from a valid module and a to-do list, not from a page of errors.
package enum ModuleTemplate {
    package enum Failure: Error, CustomStringConvertible {
        case destinationNotEmpty(String)
        case invalidID(String)
        case emptyTitle
        case notATemplate(String, reason: String)
        case io(String)

        package var description: String {
            switch self {
            case .destinationNotEmpty(let path): "\(path) already exists and is not empty"
            case .invalidID(let id): "'\(id)' is not a valid module id: use lowercase letters, digits and '-', " +
                "e.g. 'job-interview'"
            case .emptyTitle: "the title is empty"
            case .notATemplate(let path, let reason): "\(path) is not a module template: \(reason) (a template " +
                "is a module folder whose files may say {{ID}} and {{TITLE}})"
            case .io(let reason): reason
            }
        }
    }

    /// Where a new module's files come from.
    package enum Source: Sendable {
        /// The starter inside the binary.
        case starter
        /// An author's own template folder.
        case folder(String)
    }

    /// Placeholder clips for audio the sources name and the template does not ship: a line's clip as long as the
    /// line's span, any other this long.
    static let placeholderSeconds = 1.5
    /// No line of a conversation is longer; a template's mistaken hour-long span must not become a huge file.
    static let longestPlaceholder = 60.0
    /// The most a template may hold, so a mistaken `--template ~` fails fast instead of copying a home folder.
    static let templateLimits = (files: 2_000, bytes: 1 << 30)

    /// A module id suggested by a folder name: `Job Interview 2` → `job-interview-2`.
    package static func suggestedID(forFolder folder: String) -> String {
        let name = URL(fileURLWithPath: folder).lastPathComponent
            .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.joined(separator: "-")
    }

    /// `job-interview` → `Job interview`.
    package static func suggestedTitle(forID id: String) -> String {
        let words = id.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// Makes the module at `destination` (which must not exist, or be an empty folder). It is assembled beside
    /// the destination and moved into place, so a failure leaves nothing behind.
    package static func create(from source: Source, at destination: String, id: String, title: String,
                               probe: any MediaProbe = FFProbe()) throws(Failure) {
        guard Identifier.isValidModuleID(id) else { throw .invalidID(id) }
        guard !title.allSatisfy(\.isWhitespace) else { throw .emptyTitle }
        let files = try templateFiles(source)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: destination) {
            let contents = (try? fileManager.contentsOfDirectory(atPath: destination)) ?? ["?"]
            guard contents.isEmpty else { throw .destinationNotEmpty(destination) }
        }
        let folder: StagedFolder
        do { folder = try StagedFolder(for: destination, label: "new") } catch {
            throw .io("cannot create \(destination): \(SystemErrorText.describe(error))")
        }
        let staging = folder.staging
        do {
            let escapedTitle = try PlistXMLWriter.escaped(title)
            for (relative, bytes) in files {
                let folder = try staging.folder(at: (relative as NSString).deletingLastPathComponent, create: true).folder
                var contents = Data(bytes)
                if relative.hasSuffix(".plist") || relative.hasSuffix(".md"), let text = String(data: contents, encoding: .utf8) {
                    contents = Data(text.replacingOccurrences(of: "{{ID}}", with: id)
                        .replacingOccurrences(of: "{{TITLE}}", with: escapedTitle).utf8)
                }
                try AtomicFile.write(contents, named: (relative as NSString).lastPathComponent, in: folder)
            }
            // Git keeps no empty folders, so a template may arrive without media/; authors need it.
            _ = try staging.folder(ModuleLayout.mediaFolder, create: true)
            let made = try makePlaceholderAudio(in: staging)
            var known = made
            if case .starter = source { known.merge(EmbeddedStarter.durations) { made, _ in made } }
            let media = MediaFolder(moduleFolder: staging.path)
            let knownByPath = Dictionary(known.map { (media.path($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            let scan = MediaScanner.scan(folder: staging.path, probe: KnownDurations(durations: knownByPath, fallback: probe))
            // The quiet clips just made, and the starter's grey video, are stand-ins: check lists them until replaced.
            var placeholders = Set(made.keys)
            if case .starter = source {
                placeholders.formUnion(EmbeddedStarter.files.map(\.path).filter { $0.hasPrefix(ModuleLayout.mediaFolder + "/") }
                    .map { String($0.dropFirst(ModuleLayout.mediaFolder.count + 1)) })
            }
            try MediaScanner.write(scan, into: staging, placeholders: placeholders)
            guard try folder.place() else { throw Failure.destinationNotEmpty(destination) }
        } catch {
            throw .io("cannot create \(destination): \(SystemErrorText.describe(error))")
        }
    }

    /// The template's files, by path inside it. A folder must be a module folder (module.plist at its top),
    /// hold only regular files and folders, and stay within `templateLimits`.
    static func templateFiles(_ source: Source) throws(Failure) -> [(String, [UInt8])] {
        guard case .folder(let folder) = source else { return EmbeddedStarter.files.map { ($0.path, $0.bytes) } }
        guard case .success(let mode) = ReadableFile.kind(of: SourceFile.module.path, in: folder), mode & S_IFMT == S_IFREG
        else { throw .notATemplate(folder, reason: "it has no \(SourceFile.module.path) at its top") }
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw .notATemplate(folder, reason: "it cannot be read")
        }
        var files: [(String, [UInt8])] = []
        var total = 0
        while let relative = walker.nextObject() as? String {
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeDirectory { continue }
            guard type == .typeRegular else {
                throw .notATemplate(folder, reason: "\(relative) is not a regular file (links are not followed)")
            }
            guard case .success(let file) = ReadableFile.open(relative, in: folder) else {
                throw .notATemplate(folder, reason: "\(relative) cannot be read")
            }
            // Counted before reading, so a mistaken --template ~ stops at the limit instead of reading past it.
            total += file.size
            guard files.count < templateLimits.files, total <= templateLimits.bytes else {
                throw .notATemplate(folder, reason: "it holds more than \(templateLimits.files) files or 1 GiB")
            }
            guard let bytes = try? file.read(at: 0, count: file.size) else {
                throw .notATemplate(folder, reason: "\(relative) cannot be read")
            }
            files.append((relative, bytes))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Writes a quiet placeholder clip for each audio file the sources name that is not there; returns their
    /// durations by path under media/.
    static func makePlaceholderAudio(in folder: String) throws -> [String: Double] {
        try makePlaceholderAudio(in: OpenFolder(folder))
    }

    /// The same, into a module's folder held open: each clip's folder is opened from it without following a link.
    static func makePlaceholderAudio(in moduleFolder: OpenFolder) throws -> [String: Double] {
        let folder = moduleFolder.path
        guard let source = try? ModuleLoader.load(folder: folder) else { return [:] }
        let module = source.module
        var wanted: [String: Double] = [:]
        for line in module.transcript where !line.audio.isEmpty && line.end > line.start {
            wanted[line.audio] = min(line.end - line.start, longestPlaceholder)
        }
        for question in module.questions {
            for audio in [question.audio] + question.answers.map(\.audio) where !audio.isEmpty {
                wanted[audio] = wanted[audio] ?? placeholderSeconds
            }
        }
        let media = MediaFolder(moduleFolder: folder)
        var made: [String: Double] = [:]
        for (path, seconds) in wanted.sorted(by: { $0.key < $1.key })
        where path.lowercased().hasSuffix(".wav") && MediaFolder.problem(with: path) == nil && media.entry(path) == .missing {
            let place = ModuleLayout.mediaFolder + "/" + path
            let inside = try moduleFolder.folder(at: (place as NSString).deletingLastPathComponent, create: true).folder
            try AtomicFile.write(WAVFile.tone(seconds: seconds), named: (place as NSString).lastPathComponent, in: inside)
            made[path] = seconds
        }
        return made
    }
}

/// Durations known without looking (placeholders just made, the starter's own video), by full path, and a real
/// probe for the rest, so a new module is valid on a machine without ffprobe.
private struct KnownDurations: MediaProbe {
    var durations: [String: Double]
    var fallback: any MediaProbe

    var unavailableReason: String? { nil }

    func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding {
        if let known = durations[path] { return .decoded(duration: known) }
        guard fallback.unavailableReason == nil else { return .decoded(duration: nil) }
        return fallback.probe(fileAt: path, kind: kind, fileExtension: fileExtension)
    }
}

extension ModuleTemplate.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] {
        switch self {
        case .destinationNotEmpty: [.failure(.newFolderNotEmpty, description)]
        case .invalidID: [.failure(.newIDInvalid, description)]
        case .emptyTitle: [.failure(.newTitleEmpty, description)]
        case .notATemplate: [.failure(.templateInvalid, description)]
        case .io: [.failure(.newModuleWriteFailed, description)]
        }
    }
}

extension DiagnosticCode {
    /// `new` was given a folder that exists and holds files.
    package static let newFolderNotEmpty: DiagnosticCode = "new-folder-not-empty"
    /// `new --id` is not lowercase letters, digits and '-'.
    package static let newIDInvalid: DiagnosticCode = "new-id-invalid"
    /// `new --title` is empty.
    package static let newTitleEmpty: DiagnosticCode = "new-title-empty"
    /// `new --template` names a folder that is not a module template.
    package static let templateInvalid: DiagnosticCode = "template-invalid"
    /// The new module's files could not be written (the folder is removed again).
    package static let newModuleWriteFailed: DiagnosticCode = "new-module-write-failed"
}
