import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackModel

struct UnpackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpack",
        abstract: "Turn a bundle back into a source folder you can edit, check and build again.",
        discussion: """
            Verifies the bundle, then writes its module as source files (laid out as 'lessonpack fmt' writes \
            them) and extracts its media into FOLDER, which must not exist or be empty. 'lessonpack build' of \
            the folder gives the same bundle again (unsigned, unless you sign it). Comments written in the \
            original sources are not kept in a bundle, so they do not come back.

            Exit status: 0 unpacked, 1 the bundle is refused or the folder cannot be written, 2 the bundle \
            cannot be read at all.

            Examples:
              lessonpack unpack dist/at-the-cafe-1.0.0.lessonpack at-the-cafe-sources
            """)

    @Argument(help: "The bundle.", completion: .file(extensions: ["lessonpack"]))
    var bundle: String

    @Argument(help: "The folder to create.", completion: .directory)
    var folder: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let engine = output.engine()
        do {
            let outcome = try BundleUnpacker.unpack(bundle, into: folder)
            engine.summarise("unpacked \(outcome.module.id) \(outcome.module.version) into \(folder): " +
                             "\(outcome.files.count) files; 'lessonpack check \(folder)' and 'lessonpack build \(folder)' " +
                             "work on it as on any module")
            try engine.finish(command: "unpack", body: UnpackJSON(bundle: bundle, folder: folder, id: outcome.module.id,
                                                                 moduleVersion: outcome.module.version, files: outcome.files))
        } catch let error as BundleError {
            engine.emit(error.diagnostics, unreadable: DiagnosticsEngine.unreadableBundle)
            try engine.finish(command: "unpack", body: UnpackJSON(bundle: bundle, folder: folder, files: []))
        }
    }
}

/// `unpack --format json`'s own keys: `{"bundle", "folder", "id", "moduleVersion", "files": [path]}`.
struct UnpackJSON: Encodable {
    var bundle: String
    var folder: String
    var id: String?
    var moduleVersion: String?
    var files: [String]
}
