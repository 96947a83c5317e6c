/// A request the studio cannot carry out, with a stable code the page and the tests can tell apart, and a sentence
/// for the author.
package struct StudioError: Error, CustomStringConvertible, Sendable, Equatable {
    package enum Code: String, Sendable, Codable {
        case notAModule = "not-a-module"
        case noSuchModule = "no-such-module"
        case cannotWrite = "cannot-write"
        case nothingToUndo = "nothing-to-undo"
        case badRequest = "bad-request"
        case badName = "bad-name"
        case exists = "exists"
        case tooLarge = "too-large"
        case wrongType = "wrong-type"
        case notFound = "not-found"
        case noSuchPreview = "no-such-preview"
        case buildFailed = "build-failed"
        case importFailed = "import-failed"
        /// A lesson document with errors: nothing was made; `diagnostics` says where.
        case documentErrors = "document-errors"
        case cannotSpeak = "cannot-speak"
        /// Time lines from the video could not run: no video, no speech in it, no lines.
        case cannotAlign = "cannot-align"
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
