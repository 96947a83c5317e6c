import ArgumentParser

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension ColourMode: ExpressibleByArgument {}

/// The options every command that reports diagnostics shares.
struct DiagnosticOptions: ParsableArguments {
    @Option(help: "Output format: 'text' for people, 'json' for tools.")
    var format: OutputFormat = .text

    @Flag(name: .customLong("werror"), help: "Treat warnings as errors.")
    var warningsAsErrors = false

    @Option(name: [.customLong("color"), .customLong("colour")], help: "Colour the output: auto, always or never.")
    var color: ColourMode = .auto
}
