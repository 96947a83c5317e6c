import LessonpackDiagnostics

/// A failure reading or writing a ZIP container, in words a person can act on, with a stable code saying which
/// kind of failure it is (docs/bundle-format.md lists them).
package struct ArchiveError: Error, CustomStringConvertible, Equatable, Sendable {
    package var code: DiagnosticCode
    package var description: String

    package init(_ code: DiagnosticCode, _ description: String) {
        self.code = code
        self.description = description
    }
}

extension ArchiveError: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(code, description)] }
}

extension DiagnosticCode {
    /// No end of central directory record: not a ZIP file at all.
    package static let zipNotAZip: DiagnosticCode = "zip-not-a-zip"
    /// The file ends before something it declares.
    package static let zipTruncated: DiagnosticCode = "zip-truncated"
    /// The file cannot be opened or read (or is not a regular file).
    package static let zipUnreadable: DiagnosticCode = "zip-unreadable"
    /// Two records of the container say different things: the end record, the Zip64 records, the central
    /// directory, a local header, an extra field, a data descriptor.
    package static let zipInconsistent: DiagnosticCode = "zip-inconsistent"
    /// Bytes no entry accounts for: before the first entry, between entries, records beyond the declared
    /// count. Other readers may find entries there that we never checked.
    package static let zipHiddenData: DiagnosticCode = "zip-hidden-data"
    /// Two entries claim the same bytes (the overlapping-entry zip bomb).
    package static let zipOverlappingEntries: DiagnosticCode = "zip-overlapping-entries"
    /// A ZIP feature bundles do not use: encryption, a compression method other than store and deflate,
    /// several disks, an extra field we do not know, entry comments.
    package static let zipUnsupported: DiagnosticCode = "zip-unsupported"
    /// More entries or a larger directory than a bundle may have.
    package static let zipTooLarge: DiagnosticCode = "zip-too-large"
    /// An entry's data does not decompress to what its records declare (size, CRC-32).
    package static let zipCorruptEntry: DiagnosticCode = "zip-entry-corrupt"
    /// Writing a ZIP file failed.
    package static let zipWriteFailed: DiagnosticCode = "zip-write-failed"
}
