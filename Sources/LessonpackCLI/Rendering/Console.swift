import Foundation
import TerminalText

/// Where the command line writes: standard output for results, standard error for problems with the command
/// itself and progress. Most of what we print quotes something we did not write (a name in a bundle, a title, a
/// line of a source file), so control characters are escaped on the way out unless a writer has already made its
/// text safe and added styling of its own (`styled`).
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        write(TerminalSafe.block(text) + terminator, to: FileHandle.standardOutput)
    }

    static func error(_ text: String, terminator: String = "\n") {
        write(TerminalSafe.block(text) + terminator, to: FileHandle.standardError)
    }

    /// Output that is data (a converted property list, CSV): exact when it goes to a file or a pipe, escaped only
    /// when a person is looking at it on a terminal.
    static func data(_ text: String, terminator: String = "\n") {
        write((isTerminal(1) ? TerminalSafe.block(text) : text) + terminator, to: FileHandle.standardOutput)
    }

    /// Bytes that are not text (a binary property list), exactly; the caller has made sure this is not a terminal.
    static func bytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// A JSON document, with the characters a terminal would obey written as JSON escapes: valid, the same to any
    /// JSON reader, safe to print.
    static func json(_ text: String, toError: Bool = false) {
        write(TerminalSafe.json(text) + "\n", to: toError ? FileHandle.standardError : FileHandle.standardOutput)
    }

    /// Text whose untrusted parts the caller escaped, with our own colour codes around them.
    static func styled(_ text: String, terminator: String = "\n", toError: Bool = false) {
        write(text + terminator, to: toError ? FileHandle.standardError : FileHandle.standardOutput)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }

    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}

/// Whether to colour output: by default only on a terminal, and never when NO_COLOR is set (no-color.org) or the
/// terminal says it is dumb; CLICOLOR_FORCE (set and not 0) colours output that goes elsewhere, as other tools do
/// (bixense.com/clicolors), with NO_COLOR still winning.
enum ColourMode: String, CaseIterable, Sendable {
    case auto, always, never

    func enabled(for descriptor: Int32) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
            if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
            if environment["TERM"] == "dumb" { return false }
            return Console.isTerminal(descriptor)
        }
    }
}

/// ANSI styles, applied only when colour is on.
struct Style {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func magenta(_ text: String) -> String { wrap(text, "1;35") }
    func cyan(_ text: String) -> String { wrap(text, "1;36") }
    func green(_ text: String) -> String { wrap(text, "1;32") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
