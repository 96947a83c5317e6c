/// How serious a diagnostic is. Errors stop a build; warnings are worth fixing but do not
/// (unless `--werror` says so); notes only ever accompany another diagnostic.
public enum Severity: String, Hashable, Comparable, Sendable, Codable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable, human-readable identifier for a kind of problem, shown as `[duplicate-key]` after the message so a
/// person can look it up in docs/format.md and a tool can match on it. Never reuse or rename a code.
public struct DiagnosticCode: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One problem found in a source file: where it is, how serious, a stable code, a one-line message that says what
/// is wrong (and, where we can tell, how to fix it), and notes pointing at related places.
public struct Diagnostic: Hashable, Sendable, Codable {
    public struct Note: Hashable, Sendable, Codable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]

    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                notes: [Note] = []) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                             notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, code, message, at: location, notes: notes)
    }

    public static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                               notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location, notes: notes)
    }
}

extension Array where Element == Diagnostic {
    /// File, then line and column, then severity (errors first): the order a person fixes things in.
    public func sortedForDisplay() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            if lhs.element.location != rhs.element.location { return lhs.element.location < rhs.element.location }
            if lhs.element.severity != rhs.element.severity { return lhs.element.severity > rhs.element.severity }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    public var errorCount: Int { count { $0.severity == .error } }
    public var warningCount: Int { count { $0.severity == .warning } }
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// `--werror`: every warning becomes an error, keeping its code and message.
    public func promotingWarningsToErrors() -> [Diagnostic] {
        map { diagnostic in
            var promoted = diagnostic
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }
}
