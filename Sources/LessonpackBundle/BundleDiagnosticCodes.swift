import BundleArchive
import LessonpackDiagnostics

/// The codes of what bundle readers and writers report. Like the checker's, they are stable: tools match on them,
/// and docs/bundle-format.md explains each. The container's own codes (`zip-…`) come from `ArchiveError.Code`.
extension DiagnosticCode {
    // Entries, before anything is decompressed
    public static let unsafeEntryName: DiagnosticCode = "unsafe-entry-name"
    public static let duplicateEntryName: DiagnosticCode = "duplicate-entry-name"
    public static let entryNotAFile: DiagnosticCode = "entry-not-a-file"
    public static let bundleTooLarge: DiagnosticCode = "bundle-too-large"
    public static let zipBomb: DiagnosticCode = "zip-bomb"
    // What the entries hold
    public static let bundleMimetype: DiagnosticCode = "bundle-mimetype"
    public static let manifestMissing: DiagnosticCode = "manifest-missing"
    public static let manifestInvalid: DiagnosticCode = "manifest-invalid"
    public static let bundleFormatNewer: DiagnosticCode = "bundle-format-newer"
    public static let entryNotInManifest: DiagnosticCode = "entry-not-in-manifest"
    public static let entryMissing: DiagnosticCode = "entry-missing"
    public static let entryChanged: DiagnosticCode = "entry-changed"
    public static let moduleJSONMissing: DiagnosticCode = "module-json-missing"
    public static let moduleIdentityMismatch: DiagnosticCode = "module-identity-mismatch"
    public static let moduleMediaMismatch: DiagnosticCode = "module-media-mismatch"
    // Signatures and keys
    public static let signatureInvalid: DiagnosticCode = "signature-invalid"
    public static let signatureWrongKey: DiagnosticCode = "signature-wrong-key"
    public static let signatureMissing: DiagnosticCode = "signature-missing"
    public static let keyInvalid: DiagnosticCode = "key-invalid"
    // Writing
    public static let bundleWriteFailed: DiagnosticCode = "bundle-write-failed"
    public static let transcodeFailed: DiagnosticCode = "transcode-failed"

    /// The code of a container failure.
    public init(_ code: ArchiveError.Code) { self.init(rawValue: code.rawValue) }

    /// Every code a bundle reader or writer can report, for the test that holds the documentation to them.
    public static let bundleCodes: [DiagnosticCode] = ArchiveError.Code.allCases.map(DiagnosticCode.init) + [
        .unsafeEntryName, .duplicateEntryName, .entryNotAFile, .bundleTooLarge, .zipBomb, .bundleMimetype,
        .manifestMissing, .manifestInvalid, .bundleFormatNewer, .entryNotInManifest, .entryMissing, .entryChanged,
        .moduleJSONMissing, .moduleJSONInvalid, .moduleIdentityMismatch, .moduleMediaMismatch, .signatureInvalid,
        .signatureWrongKey, .signatureMissing, .keyInvalid, .bundleWriteFailed, .transcodeFailed,
    ]
}
