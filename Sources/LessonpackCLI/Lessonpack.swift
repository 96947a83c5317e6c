import ArgumentParser
import BuildCommit
import LessonpackBundle
import LessonpackModel

/// The `lessonpack` command: parses arguments and renders results; the work itself happens in the libraries.
package struct Lessonpack: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "lessonpack",
        abstract: "Check, build and play language-learning modules.",
        discussion: """
            A module is a folder of property-list files and media: one lesson built around one filmed \
            conversation. Start with 'lessonpack new', check it with 'lessonpack check'.

            Exit status: 0 success, 1 problems found, 2 usage or I/O failure.

            Examples:
              lessonpack new at-the-cafe --from lesson.docx --video cafe.mp4
              lessonpack check at-the-cafe
              lessonpack build at-the-cafe -o dist
              lessonpack play dist/at-the-cafe-1.0.0.lessonpack
            """,
        version: versionLine,
        subcommands: [
            // Authoring, then publishing, then learning.
            NewCommand.self, ImportCommand.self, MediaCommand.self, AlignCommand.self, CheckCommand.self, FmtCommand.self, PlistCommand.self,
            ExportCommand.self, BuildCommand.self, ReleaseCommand.self, InspectCommand.self, VerifyCommand.self,
            DiffCommand.self, UnpackCommand.self, KeygenCommand.self, InstallCommand.self, UpdateCommand.self, ListCommand.self,
            StudioCommand.self, PlayCommand.self, ProgressCommand.self, SyncCommand.self, ReportCommand.self, PitchCommand.self,
        ])

    package init() {}

    /// `--version`: the tool's version first (scripts read it), then what a publisher needs to know of a binary: the
    /// bundle format it writes and the commit it was built from.
    package static let versionLine =
        "\(ToolVersion.current) (bundle format \(BundleFormat.version), commit \(BuildCommit.current ?? "not recorded"))"
}
