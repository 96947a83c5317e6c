import Foundation
import LessonpackDiagnostics
import LessonpackSystem
import PropertyList

/// Reads a module source folder: every source file's syntax and schema. Cross-file rules come after, in
/// LessonpackCheck.
package enum ModuleLoader {
    package enum Failure: Error, CustomStringConvertible, Equatable {
        case noSuchFolder(String)
        case notAFolder(String)

        package var description: String {
            switch self {
            case .noSuchFolder(let path): "\(path): no such folder"
            case .notAFolder(let path): "\(path): not a folder (a module is a folder holding module.plist)"
            }
        }
    }

    package static func load(folder: String, limits: PlistReader.Limits = PlistReader.Limits()) throws(Failure)
        -> ModuleSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw .noSuchFolder(folder)
        }
        guard isDirectory.boolValue else { throw .notAFolder(folder) }
        let source = assemble(folder: folder) { file, _ in
            // A link is there (and refused by the reader), not missing, even when it leads nowhere; so is a file
            // reached through a linked folder.
            if case .failure(.missing) = ReadableFile.kind(of: file.path, in: folder) { return nil }
            return PlistReader.read(file.path, in: folder, limits: limits)
        }
        var withUnknown = source
        withUnknown.diagnostics += unknownFiles(in: folder)
        return withUnknown
    }

    /// Reads a module whose source files are given as bytes (absent ones are missing), as if they were in
    /// `folder`: for tools and fuzzers that hold sources in memory. Media is still looked for on disk.
    package static func load(sources: [SourceFile: [UInt8]], folder: String,
                            limits: PlistReader.Limits = PlistReader.Limits()) -> ModuleSource {
        assemble(folder: folder) { file, path in
            sources[file].map { PlistReader.read($0, file: path, limits: limits) }
        }
    }

    /// Decodes each source file that `read` provides (nil: the file is missing), module.plist first, since its
    /// activity list decides which other files are required.
    private static func assemble(folder: String, read: (SourceFile, String) -> PlistDocument?) -> ModuleSource {
        func path(_ file: SourceFile) -> String { ModuleLayout.join(folder, file.path) }
        let sink = DiagnosticSink()
        var decoder = ModuleDecoder(sink: sink)
        decoder.map = SourceMap(folder: folder)
        var present = Set<SourceFile>()
        for file in [SourceFile.module] + SourceFile.allCases.filter({ $0 != .module }) {
            guard let document = read(file, path(file)) else {
                if file.isRequired(for: decoder.module.activities) || file == .module {
                    sink.report(.error(.missingFile, missingFileMessage(file, activities: decoder.module.activities),
                                       at: SourceLocation(file: path(file))))
                }
                continue
            }
            sink.report(contentsOf: document.diagnostics)
            guard let root = document.root else { continue }
            present.insert(file)
            switch file {
            case .module: decoder.decodeModuleFile(root)
            case .transcript: decoder.decodeTranscript(root)
            case .definitions: decoder.decodeDefinitions(root)
            case .phrasebook: decoder.decodePhrasebook(root)
            case .videoTask: decoder.decodeVideoTask(root)
            case .questions: decoder.decodeQuestions(root)
            case .test: decoder.decodeTest(root)
            case .media: decoder.decodeMediaManifest(root)
            }
        }
        return ModuleSource(folder: folder, module: decoder.module, map: decoder.map, presentFiles: present,
                            diagnostics: sink.diagnostics)
    }

    private static func missingFileMessage(_ file: SourceFile, activities: [ActivityKind]) -> String {
        switch file {
        case .module: "no module.plist: a module folder starts with one (try 'lessonpack new' for a starter)"
        case .transcript, .media: "\(file.path) is missing: every module needs one"
        default:
            "\(file.path) is missing: the activity list includes " +
                activities.filter { file.isRequired(for: [$0]) }.map { "'\($0.rawValue)'" }.joined(separator: " and ")
        }
    }

    /// Property lists in the folder that are not one of the fixed names: usually a misspelt one.
    private static func unknownFiles(in folder: String) -> [Diagnostic] {
        let known = Set(SourceFile.allCases.map(\.path))
        var found: [String] = []
        for subfolder in ["", "questions"] {
            let directory = subfolder.isEmpty ? folder : ModuleLayout.join(folder, subfolder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() where name.hasSuffix(".plist") {
                let relative = subfolder.isEmpty ? name : subfolder + "/" + name
                if !known.contains(relative) { found.append(relative) }
            }
        }
        return found.map { relative in
            let hint = DidYouMean.suggestion(for: relative, among: known).map { "; did you mean '\($0)'?" }
                ?? "; a module's files are " + SourceFile.allCases.map(\.path).joined(separator: ", ")
            return .warning(.unknownFile, "'\(relative)' is not a module file and is ignored\(hint)",
                            at: SourceLocation(file: ModuleLayout.join(folder, relative)))
        }
    }
}

extension ModuleLoader.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] {
        switch self {
        case .noSuchFolder: [.failure(.moduleFolderMissing, description)]
        case .notAFolder: [.failure(.moduleNotAFolder, description)]
        }
    }
}

extension DiagnosticCode {
    /// There is nothing at the path named as a module folder.
    package static let moduleFolderMissing: DiagnosticCode = "module-folder-missing"
    /// The path named as a module folder is a file.
    package static let moduleNotAFolder: DiagnosticCode = "module-not-a-folder"
}
