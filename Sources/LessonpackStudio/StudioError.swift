import LessonpackDiagnostics

/// A request the studio cannot carry out, with a stable code the page and the tests can tell apart, and a sentence
/// for the author.
package struct StudioError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, as the server's answers and the page tell it apart; each case is one `DiagnosticCode`
    /// (declared below, explained in docs/studio-api.md), so the studio speaks the vocabulary every command does.
    package enum Code: Sendable, CaseIterable {
        case notAModule, noSuchModule, cannotWrite, nothingToUndo, badRequest, badName, exists, tooLarge, wrongType
        case notFound, noSuchPreview, buildFailed, importFailed
        /// A lesson document with errors: nothing was made; `diagnostics` says where.
        case documentErrors
        case cannotSpeak
        /// Time lines from the video could not run: no video, no speech in it, no lines.
        case cannotAlign

        package var diagnosticCode: DiagnosticCode {
            switch self {
            case .notAModule: .studioNotAModule
            case .noSuchModule: .studioNoSuchModule
            case .cannotWrite: .studioCannotWrite
            case .nothingToUndo: .studioNothingToUndo
            case .badRequest: .studioBadRequest
            case .badName: .studioBadName
            case .exists: .studioExists
            case .tooLarge: .studioTooLarge
            case .wrongType: .studioWrongType
            case .notFound: .studioNotFound
            case .noSuchPreview: .studioNoSuchPreview
            case .buildFailed: .studioBuildFailed
            case .importFailed: .studioImportFailed
            case .documentErrors: .studioDocumentErrors
            case .cannotSpeak: .studioCannotSpeak
            case .cannotAlign: .studioCannotAlign
            }
        }

        /// The code as the page reads it.
        package var rawValue: String { diagnosticCode.rawValue }
    }

    package var code: Code
    package var message: String
    /// The problems behind the failure, placed as the page shows them (a lesson document's errors, at their line or
    /// paragraph).
    package var diagnostics: [PlacedDiagnostic] = []

    package init(_ code: Code, _ message: String, diagnostics: [PlacedDiagnostic] = []) {
        self.code = code
        self.message = message
        self.diagnostics = diagnostics
    }

    package var description: String { message }
}

extension StudioError: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(code.diagnosticCode, message)] }
}

/// The studio's codes keep the short names the page has always matched on.
extension DiagnosticCode {
    package static let studioNotAModule: DiagnosticCode = "not-a-module"
    package static let studioNoSuchModule: DiagnosticCode = "no-such-module"
    package static let studioCannotWrite: DiagnosticCode = "cannot-write"
    package static let studioNothingToUndo: DiagnosticCode = "nothing-to-undo"
    package static let studioBadRequest: DiagnosticCode = "bad-request"
    package static let studioBadName: DiagnosticCode = "bad-name"
    package static let studioExists: DiagnosticCode = "exists"
    package static let studioTooLarge: DiagnosticCode = "too-large"
    package static let studioWrongType: DiagnosticCode = "wrong-type"
    package static let studioNotFound: DiagnosticCode = "not-found"
    package static let studioNoSuchPreview: DiagnosticCode = "no-such-preview"
    package static let studioBuildFailed: DiagnosticCode = "build-failed"
    package static let studioImportFailed: DiagnosticCode = "import-failed"
    package static let studioDocumentErrors: DiagnosticCode = "document-errors"
    package static let studioCannotSpeak: DiagnosticCode = "cannot-speak"
    package static let studioCannotAlign: DiagnosticCode = "cannot-align"
    /// A save whose files changed on disk since the page read them (answered with the state on disk).
    package static let studioConflict: DiagnosticCode = "conflict"
    /// A request refused before it is read: no or a wrong token, a foreign origin or host.
    package static let studioRefused: DiagnosticCode = "refused"
}
