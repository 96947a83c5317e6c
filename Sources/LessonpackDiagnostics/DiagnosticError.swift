/// A failure a user can cause, told as diagnostics with stable codes. Every error type a command can meet conforms,
/// so the command line reports any failure by its code: there is no fallback code for an error nobody named.
package protocol DiagnosticError: Error, CustomStringConvertible {
    /// What the command line reports for this failure: the failure itself and the problems behind it; never
    /// empty. A failure with no place in a file points at the file it concerns, or at an empty path.
    var reportedDiagnostics: [Diagnostic] { get }
}

extension Diagnostic {
    /// A failure that has no line to point at: a missing folder, an output that cannot be written, a tool that is
    /// not installed. `file` names what it concerns, when that is a file.
    package static func failure(_ code: DiagnosticCode, _ message: String, file: String = "") -> Diagnostic {
        .error(code, message, at: SourceLocation(file: file))
    }
}

extension CodedError: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(code, description)] }
}
