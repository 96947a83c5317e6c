import BundleArchive
import Foundation
import LessonpackDiagnostics
import LessonpackModel

/// The checks a bundle must pass before any of its data is decompressed, made on the ZIP central directory once
/// its structure has been found sound: entry names that could escape a folder or fool a terminal (`PathName`, the
/// rule `check` applies to media names), links and other non-files, duplicates under any spelling (case, Unicode
/// normalisation, compatibility forms), and declared sizes and ratios over the limits, so the work of reading a
/// bundle is bounded before it starts.
package enum BundleSafety {
    package static func problems(in directory: ZipDirectory, limits: BundleLimits = .default) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func refuse(_ code: DiagnosticCode, _ message: String) {
            problems.append(.error(code, message, at: SourceLocation(file: "")))
        }
        if directory.entries.count > limits.maxEntries {
            refuse(.bundleTooLarge, "it has \(directory.entries.count) entries; the limit is \(limits.maxEntries)")
        }
        // Names first: nothing else looks at a name that is not a safe path (a long one would cost time).
        var safe: [ZipDirectory.Entry] = []
        for entry in directory.entries {
            let path = isFolder(entry) ? String(entry.name.dropLast()) : entry.name
            if let problem = PathName.problem(path, rawByteCount: entry.rawName.count, validUTF8: entry.nameIsValidUTF8) {
                refuse(.unsafeEntryName, "entry '\(entry.name)': \(PathName.describe(problem))")
            } else {
                safe.append(entry)
            }
        }
        // The folders that hold the bundle's files, each built once: "a/b/c" holds "a/" and "a/b/".
        var folders = Set<String>()
        for entry in safe where !isFolder(entry) {
            var end = entry.name.startIndex
            while let slash = entry.name[end...].firstIndex(of: "/") {
                folders.insert(String(entry.name[...slash]))
                end = entry.name.index(after: slash)
            }
        }
        // A file and a folder of one name clash as two files do: the key is the name without its final '/'.
        var seen: [String: String] = [:]
        for entry in safe {
            let name = "entry '\(entry.name)'"
            let key = PathName.foldedKey(isFolder(entry) ? String(entry.name.dropLast()) : entry.name)
            if let first = seen[key] {
                // Swift compares strings by canonical equivalence; the bytes say whether the names are identical.
                refuse(.duplicateEntryName, Array(first.utf8) == entry.rawName ? "\(name) appears twice"
                       : "\(name) clashes with '\(first)' (the same name once case, accents and width are normalised)")
            } else {
                seen[key] = entry.name
            }
            let kind = (entry.unixMode ?? 0) & 0o170000
            if isFolder(entry) {
                // zip -r and most archivers add an entry for each folder; one holding a bundle's files, and nothing
                // else, is harmless. Any other is not something a bundle holds.
                if kind != 0 && kind != 0o040000 {
                    refuse(.entryNotAFile, "\(name) is a folder entry that is not a folder")
                } else if entry.uncompressedSize != 0 || entry.compressedSize > 2 || !folders.contains(entry.name) {
                    refuse(.entryNotAFile, "\(name) is a folder that holds none of the bundle's files, or holds data")
                }
                continue
            }
            // The mode is read whatever system the entry claims it was made on: an extracting tool may honour it.
            if kind == 0o120000 {
                refuse(.entryNotAFile, "\(name) is a symbolic link")
            } else if kind != 0 && kind != 0o100000 {
                refuse(.entryNotAFile, "\(name) is not a regular file")
            }
            if entry.uncompressedSize > UInt64(limits.maxEntryBytes) {
                refuse(.bundleTooLarge, "\(name) declares \(entry.uncompressedSize) bytes; the limit is \(limits.maxEntryBytes)")
            }
            if isTooCompressed(entry, limits: limits) {
                refuse(.zipBomb, "\(name) would expand \(entry.uncompressedSize / max(entry.compressedSize, 1)) times, " +
                       "like a zip bomb (the limit is \(limits.maxCompressionRatio))")
            }
        }
        let total = declaredTotal(directory)
        if total > UInt64(limits.maxTotalBytes) {
            refuse(.bundleTooLarge, "its entries add up to \(total) bytes; the limit is \(limits.maxTotalBytes)")
        } else if total > allowedTotal(fileSize: directory.fileSize, limits: limits) {
            // Small entries escape the per-entry ratio; together they must not expand beyond the same bound.
            refuse(.zipBomb, "its entries add up to \(total) bytes, \(total / max(directory.fileSize, 1)) times the " +
                   "size of the file, like a zip bomb (the limit is \(limits.maxCompressionRatio) times, above " +
                   "\(limits.ratioFreeBytes >> 20) MiB)")
        }
        return problems
    }

    /// An entry that stands for a folder: its name ends in '/'.
    package static func isFolder(_ entry: ZipDirectory.Entry) -> Bool { entry.name.hasSuffix("/") }

    /// An entry of some size that expands more than a bundle's entries may: what zip bombs do.
    package static func isTooCompressed(_ entry: ZipDirectory.Entry, limits: BundleLimits = .default) -> Bool {
        entry.uncompressedSize > UInt64(limits.ratioCheckAboveBytes)
            && entry.uncompressedSize / max(entry.compressedSize, 1) > UInt64(limits.maxCompressionRatio)
    }

    /// Everything the entries declare, saturating: Zip64 sizes reach 2⁶⁴ − 1, and ten thousand of them must not trap.
    package static func declaredTotal(_ directory: ZipDirectory) -> UInt64 {
        directory.entries.reduce(UInt64(0)) { total, entry in
            let (sum, overflow) = total.addingReportingOverflow(entry.uncompressedSize)
            return overflow ? .max : sum
        }
    }

    /// The most a file of this size may expand to, all entries together.
    package static func allowedTotal(fileSize: UInt64, limits: BundleLimits = .default) -> UInt64 {
        let (product, overflow) = fileSize.multipliedReportingOverflow(by: UInt64(limits.maxCompressionRatio))
        let (sum, overflowAgain) = product.addingReportingOverflow(UInt64(limits.ratioFreeBytes))
        return overflow || overflowAgain ? .max : sum
    }
}
