import LessonpackDiagnostics

/// Why a bundle cannot be built, opened or trusted: one or more diagnostics, each with a stable code
/// (docs/bundle-format.md lists them) and a sentence naming the entry. Where a problem is found before anyone
/// knows which file it is in, the location is empty until the reader that does know fills it in (`located(at:)`).
package struct BundleError: Error, CustomStringConvertible, Equatable, Sendable {
    package var diagnostics: [Diagnostic]

    package init(_ code: DiagnosticCode, _ message: String, file: String = "") {
        diagnostics = [.error(code, message, at: SourceLocation(file: file))]
    }

    package init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// The messages alone, for callers that show one problem per line.
    package var problems: [String] { diagnostics.map(\.message) }
    package var codes: [DiagnosticCode] { diagnostics.map(\.code) }
    package var description: String { problems.joined(separator: "\n") }

    /// The same problems, each pointing at `file` unless it already points somewhere.
    package func located(at file: String) -> BundleError {
        BundleError(diagnostics: diagnostics.map { diagnostic in
            var moved = diagnostic
            if moved.location.file.isEmpty { moved.location = SourceLocation(file: file) }
            return moved
        })
    }
}

extension BundleError: DiagnosticError {
    /// Every problem found; each maker of a `BundleError` gives at least one.
    package var reportedDiagnostics: [Diagnostic] { diagnostics }
}
