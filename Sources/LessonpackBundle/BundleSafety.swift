import BundleArchive
import Foundation

/// The checks a bundle must pass before any of its data is decompressed, made on the ZIP central directory as
/// recorded: entry names that could escape a folder, links, duplicates (also after Unicode normalisation and case
/// folding), encryption, unknown compression, sizes and ratios over the limits, and overlapping entries.
public enum BundleSafety {
    public static func problems(in directory: ZipDirectory, limits: BundleLimits = .default) -> [String] {
        var problems: [String] = []
        if directory.entries.count > limits.maxEntries {
            problems.append("it has \(directory.entries.count) entries; the limit is \(limits.maxEntries)")
        }
        var seen: [String: String] = [:]
        var total: UInt64 = 0
        for entry in directory.entries {
            let name = "entry '\(entry.name)'"
            if entry.name.hasSuffix("/") {
                problems.append("\(name) is a folder; a bundle holds files only (folders are implied by paths)")
                continue
            }
            if let problem = pathProblem(entry.name, rawLength: entry.rawName.count, validUTF8: entry.nameIsValidUTF8,
                                         limits: limits) {
                problems.append("\(name): \(problem)")
            }
            let folded = foldedName(entry.name)
            if let first = seen[folded] {
                // Swift compares strings by canonical equivalence; the bytes say whether the names are identical.
                problems.append(Array(first.utf8) == Array(entry.name.utf8) ? "\(name) appears twice"
                                : "\(name) clashes with '\(first)' (the same name once case and accents are normalised)")
            } else {
                seen[folded] = entry.name
            }
            if entry.isSymbolicLink { problems.append("\(name) is a symbolic link") }
            if let mode = entry.unixMode, mode & 0o170000 != 0, mode & 0o170000 != 0o100000, !entry.isSymbolicLink {
                problems.append("\(name) is not a regular file")
            }
            if entry.isEncrypted { problems.append("\(name) is encrypted") }
            if entry.method != 0 && entry.method != 8 {
                problems.append("\(name) uses compression method \(entry.method); bundles use only store and deflate")
            }
            if entry.method == 0 && entry.compressedSize != entry.uncompressedSize {
                problems.append("\(name) is stored, yet its sizes differ")
            }
            if entry.uncompressedSize > UInt64(limits.maxEntryBytes) {
                problems.append("\(name) declares \(entry.uncompressedSize) bytes; the limit is \(limits.maxEntryBytes)")
            }
            if entry.uncompressedSize > UInt64(limits.ratioCheckAboveBytes),
               entry.uncompressedSize / max(entry.compressedSize, 1) > UInt64(limits.maxCompressionRatio) {
                problems.append("\(name) would expand \(entry.uncompressedSize / max(entry.compressedSize, 1)) times, " +
                                "like a zip bomb (the limit is \(limits.maxCompressionRatio))")
            }
            total += entry.uncompressedSize
        }
        if total > UInt64(limits.maxTotalBytes) {
            problems.append("its entries add up to \(total) bytes; the limit is \(limits.maxTotalBytes)")
        }
        for (first, second) in directory.overlaps() {
            if let second {
                problems.append("entries '\(first.name)' and '\(second.name)' overlap in the file (an overlapping-entry zip bomb?)")
            } else {
                problems.append("entry '\(first.name)' runs into the central directory")
            }
        }
        return problems
    }

    /// Why a stored name is unsafe to use as a path inside a folder, or nil.
    public static func pathProblem(_ name: String, rawLength: Int, validUTF8: Bool = true,
                                   limits: BundleLimits = .default) -> String? {
        if !validUTF8 { return "its name is not valid UTF-8" }
        if name.isEmpty { return "it has an empty name" }
        if rawLength > limits.maxPathBytes { return "its name is longer than \(limits.maxPathBytes) bytes" }
        if name.hasPrefix("/") { return "it has an absolute path" }
        if name.contains("\\") { return "its name contains a backslash" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "its name contains control characters"
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") { return "its path contains '..'" }
        if parts.contains(".") || parts.contains("") { return "its path has empty or '.' parts" }
        if name.count >= 2, name.dropFirst().first == ":" { return "it has a drive-letter path" }
        return nil
    }

    /// Names that would be the same file on a case-insensitive or normalising file system.
    static func foldedName(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
    }
}
