import Foundation

/// Where the command line writes: standard output for results, standard error for problems with the command
/// itself and progress.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    static func error(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((text + terminator).utf8))
    }

    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}

/// Whether to colour output: by default only on a terminal, and never when NO_COLOR is set (no-color.org) or the
/// terminal says it is dumb.
enum ColourMode: String, CaseIterable, Sendable {
    case auto, always, never

    func enabled(for descriptor: Int32) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
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
