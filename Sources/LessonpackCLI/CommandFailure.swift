import LessonpackDiagnostics
import LessonpackSystem

/// A command that could not do its work (a missing folder, an unwritable output), as diagnostics with their codes.
/// Exit status 2, or 1 when it is about problems in the input (a module with errors that cannot be played).
struct CommandFailure: DiagnosticError {
    var reportedDiagnostics: [Diagnostic]
    var status: Int32

    var description: String { reportedDiagnostics.last?.message ?? "" }

    init(_ code: DiagnosticCode, _ message: String, file: String = "", status: Int32 = 2) {
        reportedDiagnostics = [.failure(code, message, file: file)]
        self.status = status
    }

    init(_ error: some DiagnosticError, status: Int32 = 2) {
        reportedDiagnostics = error.reportedDiagnostics
        self.status = status
    }

    /// An error from a library call that may throw anything: its own code when it has one, else `code`, which the
    /// caller chooses for what it was doing (writing a module, copying media).
    init(_ error: any Error, otherwise code: DiagnosticCode, status: Int32 = 2) {
        if let failure = error as? CommandFailure {
            self = failure
        } else if let coded = error as? any DiagnosticError {
            self.init(coded, status: status)
        } else {
            self.init(code, SystemErrorText.describe(error), status: status)
        }
    }
}

/// The command line's own failures, before any library is asked. json-output.md explains each.
extension DiagnosticCode {
    /// `diff` was named a path where there is nothing.
    static let inputMissing: DiagnosticCode = "input-missing"
    /// `play` was named something that is neither a bundle, nor a folder, nor an installed module's id.
    static let moduleNotFound: DiagnosticCode = "module-not-found"
    /// `build --previous`: the content changed but the version did not rise as much as the change needs.
    static let versionNotRaised: DiagnosticCode = "version-not-raised"
    /// `diff` was named a module folder whose sources have errors.
    static let moduleHasErrors: DiagnosticCode = "module-has-errors"
    /// `media scan` was named a folder with no module.plist.
    static let notAModuleFolder: DiagnosticCode = "not-a-module-folder"
    /// `fmt` was named a path with no property list in it.
    static let noPropertyLists: DiagnosticCode = "no-property-lists"
    /// `keygen` would replace a key file (without --force).
    static let keyFileExists: DiagnosticCode = "key-file-exists"
    /// SOURCE_DATE_EPOCH is set to something that is not a number of seconds.
    static let sourceDateEpochInvalid: DiagnosticCode = "source-date-epoch-invalid"
    /// `studio` could not listen on the port asked for.
    static let studioCannotServe: DiagnosticCode = "studio-cannot-serve"
    /// A value a command checks only once it runs is not one it takes (`import transcript --from doc`, `export
    /// lesson -o notes.pdf`); ArgumentParser reports the values it checks itself as usage mistakes.
    static let argumentInvalid: DiagnosticCode = "argument-invalid"
}
