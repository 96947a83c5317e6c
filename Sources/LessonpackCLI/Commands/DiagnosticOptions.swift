import ArgumentParser

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension ColourMode: ExpressibleByArgument {}

/// How a command talks to a person: colour, and how much it says. Every command takes these; those whose output
/// has formats of its own (a report as HTML, a contour as CSV) take them without `OutputOptions`' `--format`.
struct ConsoleOptions: ParsableArguments {
    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto

    @Flag(name: .shortAndLong, help: "Show errors only: no warnings, no summary, no progress.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Say more: the count of errors and warnings at the end, even when there are none.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose ask for opposite things: give one") }
    }

    func engine(format: OutputFormat = .text, warningsAsErrors: Bool = false) -> DiagnosticsEngine {
        DiagnosticsEngine(format: format, colour: color, warningsAsErrors: warningsAsErrors, quiet: quiet,
                          verbose: verbose)
    }
}

/// The output options of a command that reports: `--format text|json` and the console options.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: 'text' for people, 'json' for tools.")
    var format: OutputFormat = .text

    // The console options again, not `@OptionGroup var console: ConsoleOptions`: every command takes these, and
    // ArgumentParser reflects on each group it nests as it parses, a tenth of what `play` parsed before its first
    // prompt. `CommandOutputTests` holds the two declarations to the same names and help.
    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto

    @Flag(name: .shortAndLong, help: "Show errors only: no warnings, no summary, no progress.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Say more: the count of errors and warnings at the end, even when there are none.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose ask for opposite things: give one") }
    }

    var console: ConsoleOptions {
        var console = ConsoleOptions()
        console.color = color
        console.quiet = quiet
        console.verbose = verbose
        return console
    }

    func engine(warningsAsErrors: Bool = false) -> DiagnosticsEngine {
        console.engine(format: format, warningsAsErrors: warningsAsErrors)
    }
}

/// The options every command that checks a module shares: the output options and `--werror`.
struct DiagnosticOptions: ParsableArguments {
    @OptionGroup var output: OutputOptions

    @Flag(name: .customLong("werror"), help: "Treat warnings as errors.")
    var warningsAsErrors = false

    var format: OutputFormat { output.format }
    var color: ColourMode { output.color }

    /// The engine, with the configuration file's severities; its warnings (a key it does not know) are the first
    /// thing reported. A configuration file that cannot be used stops the command.
    func engine(configuration: UserConfiguration? = nil) throws -> DiagnosticsEngine {
        let engine = output.engine(warningsAsErrors: warningsAsErrors)
        let configuration = try configuration ?? UserConfiguration.load()
        engine.severities = configuration.severities
        engine.emit(configuration.warnings)
        return engine
    }
}
