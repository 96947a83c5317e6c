/// A failure reading or writing a ZIP container, in words a person can act on, with a stable code saying which
/// kind of failure it is (the bundle layer reports the codes; docs/bundle-format.md lists them).
package struct ArchiveError: Error, CustomStringConvertible, Equatable, Sendable {
    package enum Code: String, Sendable, CaseIterable {
        /// No end of central directory record: not a ZIP file at all.
        case notAZip = "zip-not-a-zip"
        /// The file ends before something it declares.
        case truncated = "zip-truncated"
        /// The file cannot be opened or read (or is not a regular file).
        case unreadable = "zip-unreadable"
        /// Two records of the container say different things: the end record, the Zip64 records, the central
        /// directory, a local header, an extra field, a data descriptor.
        case inconsistent = "zip-inconsistent"
        /// Bytes no entry accounts for: before the first entry, between entries, records beyond the declared
        /// count. Other readers may find entries there that we never checked.
        case hiddenData = "zip-hidden-data"
        /// Two entries claim the same bytes (the overlapping-entry zip bomb).
        case overlappingEntries = "zip-overlapping-entries"
        /// A ZIP feature bundles do not use: encryption, a compression method other than store and deflate,
        /// several disks, an extra field we do not know, entry comments.
        case unsupported = "zip-unsupported"
        /// More entries or a larger directory than a bundle may have.
        case tooLarge = "zip-too-large"
        /// An entry's data does not decompress to what its records declare (size, CRC-32).
        case corruptEntry = "zip-entry-corrupt"
        /// Writing a ZIP file failed.
        case writeFailed = "zip-write-failed"
    }

    package var code: Code
    package var description: String

    package init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
