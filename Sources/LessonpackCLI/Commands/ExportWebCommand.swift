import ArgumentParser
import Foundation
import LessonpackWebPlayer

struct ExportWebCommand: OutputOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Write bundles as a static web site: the web player, the learning core and each module.",
        discussion: """
            The folder holds HTML, CSS, small JavaScript modules, the learning core (WebAssembly) and, under \
            modules/ID/, each module's content, subtitles and media: any web server serves it as it is, and once \
            opened it works offline. Each bundle is verified as 'lessonpack verify' does. The site is written \
            beside the output and renamed into place when complete; an output that is not empty is refused, and \
            with --force only an earlier web export is replaced. docs/web-player.md describes the site.

            The learning core comes from LESSONPACK_CORE_WASM, else lessonpack-core.wasm beside this program, else \
            ../share/lessonpack/ from it (scripts/install puts it there).

            Example: lessonpack export web at-the-cafe.lessonpack job-interview.lessonpack -o site
            """)

    @Argument(help: "The bundles (.lessonpack files) to put on the site.", completion: .file(extensions: ["lessonpack"]))
    var bundles: [String]

    @Option(name: .shortAndLong, help: "The folder to write (new, empty, or an earlier web export with --force).", completion: .directory)
    var output: String

    @Flag(help: "Replace the output folder when it is an earlier web export.")
    var force = false

    @OptionGroup var outputOptions: OutputOptions

    var commandOutput: CommandOutput { outputOptions.commandOutput }

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("name at least one bundle") }
        guard !output.isEmpty, output != "-" else { throw ValidationError("-o names the folder to write; a site cannot go to standard output") }
    }

    func run() throws {
        let engine = outputOptions.engine()
        let core = try WebCoreFile.read()
        let site = try WebExport.write(bundles: bundles, to: output, core: core, replacing: force)
        let body = ExportWebJSON(folder: site.folder, siteVersion: site.version, files: site.files.count,
                                 modules: site.modules.map {
                                     .init(id: $0.id, title: $0.title, folder: $0.folder, activities: $0.activities,
                                           mediaFiles: $0.mediaFiles, cues: $0.cues)
                                 })
        let count = site.modules.count
        engine.summarise("wrote \(site.folder): \(count) module\(count == 1 ? "" : "s"), \(site.files.count) files")
        try engine.finish(command: "export web", body: body)
    }
}

/// `export web --format json`'s own keys: `folder`, `siteVersion`, `files` (how many), `modules`.
struct ExportWebJSON: Encodable {
    struct Module: Encodable {
        var id: String
        var title: String
        var folder: String
        var activities: [String]
        var mediaFiles: Int
        var cues: Int
    }

    var folder: String
    var siteVersion: String
    var files: Int
    var modules: [Module]
}
