import BundleArchive
import Foundation
import LessonpackDiagnostics
import LessonpackModel

/// The checks a bundle must pass before any of its data is decompressed, made on the ZIP central directory once
/// its structure has been found sound: entry names that could escape a folder or fool a terminal (`PathName`, the
/// rule `check` applies to media names), links and other non-files, duplicates under any spelling (case, Unicode
/// normalisation, compatibility forms), and declared sizes and ratios over the limits, so the work of reading a
/// bundle is bounded before it starts.
public enum BundleSafety {
    public static func problems(in directory: ZipDirectory, limits: BundleLimits = .default) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func refuse(_ code: DiagnosticCode, _ message: String) {
            problems.append(.error(code, message, at: SourceLocation(file: "")))
        }
        if directory.entries.count > limits.maxEntries {
            refuse(.bundleTooLarge, "it has \(directory.entries.count) entries; the limit is \(limits.maxEntries)")
        }
        var seen: [String: String] = [:]
        var total: UInt64 = 0
        let folders = Set(directory.entries.flatMap { entry in
            entry.name.split(separator: "/").dropLast().indices.map { index in
                entry.name.split(separator: "/").prefix(index + 1).joined(separator: "/") + "/"
            }
        })
        for entry in directory.entries {
            let name = "entry '\(entry.name)'"
            if isFolder(entry) {
                // zip -r and most archivers add an entry for each folder; one holding a bundle's files is harmless.
                // Any other folder is not something a bundle holds.
                if let problem = PathName.problem(String(entry.name.dropLast()), validUTF8: entry.nameIsValidUTF8) {
                    refuse(.unsafeEntryName, "\(name): \(PathName.describe(problem))")
                } else if entry.uncompressedSize != 0 || !folders.contains(entry.name) {
                    refuse(.entryNotAFile, "\(name) is a folder that holds none of the bundle's files")
                }
                continue
            }
            if let problem = PathName.problem(entry.name, rawByteCount: entry.rawName.count,
                                              validUTF8: entry.nameIsValidUTF8) {
                refuse(.unsafeEntryName, "\(name): \(PathName.describe(problem))")
            }
            let folded = PathName.foldedKey(entry.name)
            if let first = seen[folded] {
                // Swift compares strings by canonical equivalence; the bytes say whether the names are identical.
                refuse(.duplicateEntryName, Array(first.utf8) == entry.rawName ? "\(name) appears twice"
                       : "\(name) clashes with '\(first)' (the same name once case, accents and width are normalised)")
            } else {
                seen[folded] = entry.name
            }
            if entry.isSymbolicLink {
                refuse(.entryNotAFile, "\(name) is a symbolic link")
            } else if let mode = entry.unixMode, mode & 0o170000 != 0, mode & 0o170000 != 0o100000 {
                refuse(.entryNotAFile, "\(name) is not a regular file")
            }
            if entry.uncompressedSize > UInt64(limits.maxEntryBytes) {
                refuse(.bundleTooLarge, "\(name) declares \(entry.uncompressedSize) bytes; the limit is \(limits.maxEntryBytes)")
            }
            if isTooCompressed(entry, limits: limits) {
                refuse(.zipBomb, "\(name) would expand \(entry.uncompressedSize / max(entry.compressedSize, 1)) times, " +
                       "like a zip bomb (the limit is \(limits.maxCompressionRatio))")
            }
            // Saturating: Zip64 sizes reach 2⁶⁴ − 1, and ten thousand of them must not trap.
            let (sum, overflow) = total.addingReportingOverflow(entry.uncompressedSize)
            total = overflow ? .max : sum
        }
        if total > UInt64(limits.maxTotalBytes) {
            refuse(.bundleTooLarge, "its entries add up to \(total) bytes; the limit is \(limits.maxTotalBytes)")
        }
        return problems
    }

    /// An entry that stands for a folder: its name ends in '/'.
    public static func isFolder(_ entry: ZipDirectory.Entry) -> Bool { entry.name.hasSuffix("/") }

    /// An entry of some size that expands more than a bundle's entries may: what zip bombs do.
    public static func isTooCompressed(_ entry: ZipDirectory.Entry, limits: BundleLimits = .default) -> Bool {
        entry.uncompressedSize > UInt64(limits.ratioCheckAboveBytes)
            && entry.uncompressedSize / max(entry.compressedSize, 1) > UInt64(limits.maxCompressionRatio)
    }
}
