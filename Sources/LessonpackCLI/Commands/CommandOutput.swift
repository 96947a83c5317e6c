import ArgumentParser

/// How a command talks, as `LessonpackMain` needs it for a failure the command throws before its engine exists
/// (a file `run` cannot open, a value it refuses, a store that will not open): with the command's own `--format`,
/// `--color` and `-q`, so they hold for that failure as for every other diagnostic.
struct CommandOutput {
    var format: OutputFormat
    var console: ConsoleOptions
    /// The JSON document goes to standard error, for a command whose standard output is its session (`play`).
    var documentOnStandardError = false

    func engine() -> DiagnosticsEngine {
        DiagnosticsEngine(format: format, colour: console.color, quiet: console.quiet, verbose: console.verbose,
                          documentOnStandardError: documentOnStandardError)
    }
}

/// A command with the output options every command takes. Every command conforms (`CommandOutputTests` walks the
/// command tree, so one that forgets does not go unnoticed); those written before the protocol do so below.
protocol OutputOptionsCommand: ParsableCommand {
    var commandOutput: CommandOutput { get }
}

/// The usual case: a command whose output options are `@OptionGroup var output: OutputOptions`. A new command
/// declares itself `struct NameCommand: ReportingCommand` and is done.
protocol ReportingCommand: OutputOptionsCommand {
    var output: OutputOptions { get }
}

extension ReportingCommand {
    var commandOutput: CommandOutput { output.commandOutput }
}

extension OutputOptions {
    var commandOutput: CommandOutput { CommandOutput(format: format, console: console) }
}

extension OutputOptionsCommand {
    /// The text-or-JSON format of a command whose `--format` has choices of its own (`report --format html`).
    static func textOrJSON(json: Bool, _ console: ConsoleOptions) -> CommandOutput {
        CommandOutput(format: json ? .json : .text, console: console)
    }
}

extension NewCommand: ReportingCommand {}
extension ImportTranscriptCommand: OutputOptionsCommand { var commandOutput: CommandOutput { options.output.commandOutput } }
extension ImportQuestionsCommand: OutputOptionsCommand { var commandOutput: CommandOutput { options.output.commandOutput } }
extension ImportGlossaryCommand: OutputOptionsCommand { var commandOutput: CommandOutput { options.output.commandOutput } }
extension ImportLessonCommand: OutputOptionsCommand { var commandOutput: CommandOutput { options.output.commandOutput } }
extension MediaScanCommand: ReportingCommand {}
extension AlignCommand: ReportingCommand {}
extension CheckCommand: OutputOptionsCommand { var commandOutput: CommandOutput { options.output.commandOutput } }
extension FmtCommand: ReportingCommand {}
extension PlistLintCommand: ReportingCommand {}
extension PlistConvertCommand: OutputOptionsCommand { var commandOutput: CommandOutput { outputOptions.commandOutput } }
extension ExportQuestionsCommand: OutputOptionsCommand { var commandOutput: CommandOutput { outputOptions.commandOutput } }
extension ExportLessonCommand: OutputOptionsCommand { var commandOutput: CommandOutput { outputOptions.commandOutput } }
extension ExportSubtitlesCommand: OutputOptionsCommand { var commandOutput: CommandOutput { outputOptions.commandOutput } }
extension ExportGlossaryCommand: OutputOptionsCommand { var commandOutput: CommandOutput { outputOptions.commandOutput } }
extension BuildCommand: OutputOptionsCommand { var commandOutput: CommandOutput { diagnostics.output.commandOutput } }
extension ReleaseCommand: OutputOptionsCommand { var commandOutput: CommandOutput { diagnostics.output.commandOutput } }
extension InspectCommand: ReportingCommand {}
extension VerifyCommand: ReportingCommand {}
extension DiffCommand: ReportingCommand {}
extension UnpackCommand: ReportingCommand {}
extension KeygenCommand: ReportingCommand {}
extension InstallCommand: OutputOptionsCommand { var commandOutput: CommandOutput { libraryOptions.output.commandOutput } }
extension UpdateCommand: OutputOptionsCommand { var commandOutput: CommandOutput { libraryOptions.output.commandOutput } }
extension ListCommand: ReportingCommand {}
extension StudioCommand: OutputOptionsCommand {
    /// Standard output carries the address (a JSON result under `--format json`); a failure's document goes to
    /// standard error, as `play`'s does.
    var commandOutput: CommandOutput {
        var told = outputOptions.commandOutput
        told.documentOnStandardError = true
        return told
    }
}
extension PlayCommand: OutputOptionsCommand {
    /// Standard output is the session's: a failure's document goes to standard error.
    var commandOutput: CommandOutput {
        var told = output.commandOutput
        told.documentOnStandardError = true
        return told
    }
}
extension ProgressCommand: OutputOptionsCommand { var commandOutput: CommandOutput { Self.textOrJSON(json: format == .json, console) } }
extension SyncCommand: ReportingCommand {}
extension ReportCommand: OutputOptionsCommand { var commandOutput: CommandOutput { Self.textOrJSON(json: format == .json, console) } }
extension PitchCommand: OutputOptionsCommand { var commandOutput: CommandOutput { Self.textOrJSON(json: format == .json, console) } }
