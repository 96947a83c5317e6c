import LessonpackDiagnostics

/// Why something could not be fetched from a publisher's web server, with a stable code
/// (docs/publishing.md lists them).
package struct RemoteError: Error, CustomStringConvertible, Sendable {
    package var diagnostic: Diagnostic
    package var code: DiagnosticCode { diagnostic.code }
    package var description: String { diagnostic.message }

    /// `url` is where it happened. Neither it nor the message is ever printed with a user name or password an
    /// address carried.
    package init(_ code: DiagnosticCode, _ message: String, url: String = "") {
        diagnostic = .error(code, ShownAddress.inText(message), at: SourceLocation(file: ShownAddress.inText(url)))
    }
}

extension DiagnosticCode {
    /// Not an http:// or https:// address of a catalog.
    package static let remoteAddressInvalid: DiagnosticCode = "remote-address-invalid"
    /// The server could not be reached: its name does not resolve, nothing listens, TLS failed, or it went silent.
    package static let remoteUnreachable: DiagnosticCode = "remote-unreachable"
    /// The server answered with an error status, too many redirects, or an answer that breaks HTTP's rules.
    package static let remoteHTTPError: DiagnosticCode = "remote-http-error"
    /// The server sent more than the file can be: a catalog over its limit, a bundle over the size its catalog lists.
    package static let remoteTooLarge: DiagnosticCode = "remote-too-large"
    /// A catalog released before one already seen from the same address: a replayed, outdated catalog.
    package static let catalogRollback: DiagnosticCode = "catalog-rollback"
    /// The library's record of the catalogs it installs from cannot be read.
    package static let librarySourcesInvalid: DiagnosticCode = "library-sources-invalid"
    /// `update` was named a module that no catalog installed.
    package static let updateNotFromCatalog: DiagnosticCode = "update-not-from-catalog"
    /// A download could not be written to the library's downloads folder (no room, no permission, not a file).
    package static let downloadWriteFailed: DiagnosticCode = "download-write-failed"

    package static let remoteCodes: [DiagnosticCode] = [.remoteAddressInvalid, .remoteUnreachable, .remoteHTTPError,
                                                       .remoteTooLarge, .catalogRollback, .librarySourcesInvalid,
                                                       .updateNotFromCatalog, .downloadWriteFailed]
}

extension DiagnosticCode {
    /// The credentials for the record store cannot be read: no such file, not NAME:PASSWORD, half the variables set.
    package static let lrsCredentialsInvalid: DiagnosticCode = "lrs-credentials-invalid"
    /// The record store refused the credentials (401, 403).
    package static let lrsUnauthorized: DiagnosticCode = "lrs-unauthorized"
    /// The record store holds a different statement with the same id (409): it was changed, or made elsewhere.
    package static let lrsConflict: DiagnosticCode = "lrs-conflict"
    /// The record store refused the statements as invalid (400, 422), or answered with something that is not xAPI.
    package static let lrsRejected: DiagnosticCode = "lrs-rejected"
    /// `sync` does not know who the learner is: --email is needed once.
    package static let learnerUnknown: DiagnosticCode = "learner-unknown"
    /// A statement file given to `report` cannot be read or is not statements.
    package static let reportInputInvalid: DiagnosticCode = "report-input-invalid"
    /// `report` left out statements that are not Lessonpack's or could not be read (a warning, with how many).
    package static let reportStatementsLeftOut: DiagnosticCode = "report-statements-left-out"
    /// The e-mail address or the name given for the learner is not one (`sync`, `progress --format xapi`).
    package static let learnerInvalid: DiagnosticCode = "learner-invalid"

    package static let lrsCodes: [DiagnosticCode] = [.lrsCredentialsInvalid, .lrsUnauthorized, .lrsConflict, .lrsRejected,
                                                    .learnerUnknown, .reportInputInvalid, .reportStatementsLeftOut,
                                                    .learnerInvalid]
}

extension RemoteError: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [diagnostic] }
}
