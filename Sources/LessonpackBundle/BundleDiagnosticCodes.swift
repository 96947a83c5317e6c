import BundleArchive
import LessonpackDiagnostics

/// The codes of what bundle readers and writers report. Like the checker's, they are stable: tools match on them,
/// and docs/bundle-format.md explains each. The container's own codes (`zip-…`) are declared beside `ArchiveError`.
extension DiagnosticCode {
    // Entries, before anything is decompressed
    package static let unsafeEntryName: DiagnosticCode = "unsafe-entry-name"
    package static let duplicateEntryName: DiagnosticCode = "duplicate-entry-name"
    package static let entryNotAFile: DiagnosticCode = "entry-not-a-file"
    package static let bundleTooLarge: DiagnosticCode = "bundle-too-large"
    package static let zipBomb: DiagnosticCode = "zip-bomb"
    // What the entries hold
    package static let bundleMimetype: DiagnosticCode = "bundle-mimetype"
    package static let manifestMissing: DiagnosticCode = "manifest-missing"
    package static let manifestInvalid: DiagnosticCode = "manifest-invalid"
    package static let bundleFormatNewer: DiagnosticCode = "bundle-format-newer"
    package static let entryNotInManifest: DiagnosticCode = "entry-not-in-manifest"
    package static let entryMissing: DiagnosticCode = "entry-missing"
    package static let entryChanged: DiagnosticCode = "entry-changed"
    package static let moduleJSONMissing: DiagnosticCode = "module-json-missing"
    package static let moduleIdentityMismatch: DiagnosticCode = "module-identity-mismatch"
    package static let moduleMediaMismatch: DiagnosticCode = "module-media-mismatch"
    // Signatures and keys
    package static let signatureWrongKey: DiagnosticCode = "signature-wrong-key"
    package static let signatureMissing: DiagnosticCode = "signature-missing"
    // Writing
    package static let bundleWriteFailed: DiagnosticCode = "bundle-write-failed"
    package static let transcodeFailed: DiagnosticCode = "transcode-failed"
    package static let unpackFailed: DiagnosticCode = "unpack-failed"

}
