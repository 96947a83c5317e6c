import ArgumentParser
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
            """,
        version: ToolVersion.current,
        subcommands: [
            CheckCommand.self, BuildCommand.self, InspectCommand.self, VerifyCommand.self, DiffCommand.self,
            PlayCommand.self, ProgressCommand.self, InstallCommand.self, ListCommand.self, KeygenCommand.self, NewCommand.self, MediaCommand.self, PlistCommand.self, FmtCommand.self, ImportCommand.self, ExportCommand.self, ReleaseCommand.self,
        ])

    package init() {}
}
