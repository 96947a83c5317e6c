import LessonpackDiagnostics

/// Why a module cannot be opened or a media file cannot be provided, in a sentence for the learner's screen, with
/// the diagnostics behind it when there are some (every problem of a refused bundle, with its code).
public struct RuntimeError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public var diagnostics: [Diagnostic]

    public init(_ description: String, diagnostics: [Diagnostic] = []) {
        self.description = description
        self.diagnostics = diagnostics
    }
}
