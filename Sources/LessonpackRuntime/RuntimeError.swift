import LessonpackDiagnostics

/// Why a module cannot be opened or a media file cannot be provided, in a sentence for the learner's screen, with a
/// stable code (docs/player.md lists them) and the diagnostics behind it when there are some (every problem of a
/// refused bundle, with its code).
package struct RuntimeError: Error, CustomStringConvertible, Equatable, Sendable {
    package var code: DiagnosticCode
    package var description: String
    package var diagnostics: [Diagnostic]

    package init(_ code: DiagnosticCode, _ description: String, diagnostics: [Diagnostic] = []) {
        self.code = code
        self.description = description
        self.diagnostics = diagnostics
    }
}

extension DiagnosticCode {
    /// There is no bundle or module folder at the path given.
    package static let runtimeModuleMissing: DiagnosticCode = "runtime-module-missing"
    /// The bundle failed verification; its diagnostics say why.
    package static let runtimeBundleRefused: DiagnosticCode = "runtime-bundle-refused"
    /// The module folder does not pass `check`.
    package static let runtimeModuleInvalid: DiagnosticCode = "runtime-module-invalid"
    /// The module names a media file it does not have.
    package static let runtimeMediaMissing: DiagnosticCode = "runtime-media-missing"
    /// A media file cannot be taken out of the bundle or the folder (its bytes do not match the manifest, the cache
    /// cannot be written).
    package static let runtimeMediaUnreadable: DiagnosticCode = "runtime-media-unreadable"
}

extension RuntimeError: DiagnosticError {
    /// Every problem behind the refusal (a refused bundle's), then the refusal itself.
    package var reportedDiagnostics: [Diagnostic] { diagnostics + [.failure(code, description)] }
}
