import LessonpackDiagnostics

/// Why `export web` wrote nothing, with a stable code (docs/publishing.md lists them). A bundle that cannot be opened
/// is reported by the bundle reader's own error, with every problem it found.
package struct WebExportError: Error, CustomStringConvertible, Equatable, Sendable {
    package var code: DiagnosticCode
    package var description: String
    package var file: String

    package init(_ code: DiagnosticCode, _ description: String, file: String = "") {
        self.code = code
        self.description = description
        self.file = file
    }
}

extension DiagnosticCode {
    /// The output folder holds files already, and `--force` was not given.
    package static let webOutputNotEmpty: DiagnosticCode = "web-output-not-empty"
    /// `--force` was given, but the output folder is not an earlier web export (it has no web player manifest): it
    /// is not replaced, whatever it holds.
    package static let webOutputNotExport: DiagnosticCode = "web-output-not-export"
    /// The output exists and is not a folder.
    package static let webOutputNotFolder: DiagnosticCode = "web-output-not-folder"
    /// The site could not be written (disk full, no permission); nothing was left behind.
    package static let webOutputUnwritable: DiagnosticCode = "web-output-unwritable"
    /// Two bundles hold modules with one id: the site names each module's folder by its id.
    package static let webModuleDuplicate: DiagnosticCode = "web-module-duplicate"
    /// A module's id or a media file's name cannot name a file of the site safely.
    package static let webNameUnsafe: DiagnosticCode = "web-name-unsafe"
    /// The learning core (lessonpack-core.wasm) is not installed beside this lessonpack.
    package static let webCoreMissing: DiagnosticCode = "web-core-missing"
}

extension WebExportError: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(code, description, file: file)] }
}
