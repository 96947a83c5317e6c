import ArgumentParser
import Foundation
import LessonpackWebPlayer

/// What `export scorm12` and `export cmi5` share: bundles in, one .zip out.
struct LMSPackageOptions: ParsableArguments {
    @Argument(help: "The bundles (.lessonpack files) to put in the package, one SCO or AU each.",
              completion: .file(extensions: ["lessonpack"]))
    var bundles: [String]

    @Option(name: .shortAndLong, help: "The .zip file to write.", completion: .file(extensions: ["zip"]))
    var output: String

    @Flag(help: "Replace the output file when it exists.")
    var force = false

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("name at least one bundle") }
        guard !output.isEmpty, output != "-" else { throw ValidationError("-o names the .zip file to write; a package cannot go to standard output") }
    }
}

protocol LMSExportCommand: OutputOptionsCommand {
    static var standard: LMSPackage.Standard { get }
    var package: LMSPackageOptions { get }
    var outputOptions: OutputOptions { get }
}

extension LMSExportCommand {
    var commandOutput: CommandOutput { outputOptions.commandOutput }

    func run() throws {
        let engine = outputOptions.engine()
        let core = try WebCoreFile.read()
        let written = try LMSPackage.write(Self.standard, bundles: package.bundles, to: package.output, core: core,
                                           replacing: package.force)
        let body = ExportLMSJSON(file: written.file, standard: written.standard.rawValue,
                                 manifest: written.standard.manifestName, entries: written.entries.count,
                                 modules: written.modules.map { .init(id: $0.id, title: $0.title, activities: $0.activities) })
        let count = written.modules.count
        engine.summarise("wrote \(written.file): \(count) module\(count == 1 ? "" : "s"), \(written.entries.count) files")
        try engine.finish(command: "export \(Self.standard.rawValue)", body: body)
    }
}

struct ExportScorm12Command: LMSExportCommand {
    static let standard = LMSPackage.Standard.scorm12
    static let configuration = CommandConfiguration(
        commandName: "scorm12",
        abstract: "Write bundles as a SCORM 1.2 package (a .zip) for an LMS such as Moodle.",
        discussion: """
            The package holds imsmanifest.xml, one SCO per module, and the web player ('export web'), which reports \
            to the LMS through the SCORM 1.2 runtime: the status (incomplete, completed, or passed or failed against \
            the module's pass mark), the test's score, and the learner's progress in cmi.suspend_data for resuming. \
            suspend_data holds 4,096 characters: when the progress no longer fits, the oldest activities are left \
            out of it, the learner is told, and everything stays in the browser. docs/publishing.md says more.

            Example: lessonpack export scorm12 job-interview.lessonpack -o job-interview-scorm12.zip
            """)

    @OptionGroup var package: LMSPackageOptions
    @OptionGroup var outputOptions: OutputOptions
}

struct ExportCmi5Command: LMSExportCommand {
    static let standard = LMSPackage.Standard.cmi5
    static let configuration = CommandConfiguration(
        commandName: "cmi5",
        abstract: "Write bundles as a cmi5 course package (a .zip), one assignable unit (AU) per module.",
        discussion: """
            The package holds cmi5.xml and the web player ('export web'). Launched by the LMS (cmi5 §8), the page \
            fetches its token, reads the LMS's LaunchData, and sends the cmi5 statements (initialized, completed, \
            passed or failed against the module's pass mark, terminated) and each answer to the LMS's record store. \
            docs/publishing.md says more.

            Example: lessonpack export cmi5 at-the-cafe.lessonpack job-interview.lessonpack -o course-cmi5.zip
            """)

    @OptionGroup var package: LMSPackageOptions
    @OptionGroup var outputOptions: OutputOptions
}

/// `export scorm12|cmi5 --format json`'s own keys: `file`, `standard`, `manifest`, `entries` (how many), `modules`.
struct ExportLMSJSON: Encodable {
    struct Module: Encodable {
        var id: String
        var title: String
        var activities: [String]
    }

    var file: String
    var standard: String
    var manifest: String
    var entries: Int
    var modules: [Module]
}
