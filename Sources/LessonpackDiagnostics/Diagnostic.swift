/// How serious a diagnostic is. Errors stop a build; warnings are worth fixing but do not
/// (unless `--werror` says so); notes only ever accompany another diagnostic.
package enum Severity: String, Hashable, Comparable, Sendable, Codable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable, human-readable identifier for a kind of problem, shown as `[duplicate-key]` after the message so a
/// person can look it up in docs/format.md and a tool can match on it. Never reuse or rename a code.
package struct DiagnosticCode: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { self.rawValue = value }

    package var description: String { rawValue }
    package static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One problem found in a source file: where it is, how serious, a stable code, a one-line message that says what
/// is wrong (and, where we can tell, how to fix it), and notes pointing at related places.
package struct Diagnostic: Hashable, Sendable, Codable {
    package struct Note: Hashable, Sendable, Codable {
        package var message: String
        package var location: SourceLocation?

        package init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    package var severity: Severity
    package var code: DiagnosticCode
    package var message: String
    package var location: SourceLocation
    package var notes: [Note]
    /// The part of the module the problem is about, when a check of the module found it: what the studio shows it
    /// beside, and what names the place in a module that has no sources to point into (a bundle's module.json).
    package var path: ModulePath? = nil

    package init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                notes: [Note] = []) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
    }

    package static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                             notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, code, message, at: location, notes: notes)
    }

    package static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                               notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location, notes: notes)
    }

    /// The same diagnostic, about the part of the module at `path`.
    package func about(_ path: ModulePath?) -> Diagnostic {
        var about = self
        about.path = path
        return about
    }
}

extension Array where Element == Diagnostic {
    /// File, then line and column, then severity (errors first): the order a person fixes things in.
    package func sortedForDisplay() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            if lhs.element.location != rhs.element.location { return lhs.element.location < rhs.element.location }
            if lhs.element.severity != rhs.element.severity { return lhs.element.severity > rhs.element.severity }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    package var errorCount: Int { count { $0.severity == .error } }
    package var warningCount: Int { count { $0.severity == .warning } }
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// `--werror`: every warning becomes an error, keeping its code and message.
    package func promotingWarningsToErrors() -> [Diagnostic] {
        map { diagnostic in
            var promoted = diagnostic
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }
}
