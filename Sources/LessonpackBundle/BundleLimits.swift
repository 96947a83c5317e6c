import LessonpackModel

/// How much a bundle may ask of the machine that opens it. A bundle over any limit is refused before anything is
/// decompressed: bundles come from anywhere, and what they declare bounds the work of reading them.
package struct BundleLimits: Sendable {
    package var maxEntries: Int
    package var maxEntryBytes: Int
    package var maxTotalBytes: Int
    /// manifest.plist, module.json, signature.plist: far more than a real module needs (the sample's module.json
    /// is 29 kB), and a bound on the time decoding and checking them takes.
    package var maxTextEntryBytes: Int
    package var maxPathBytes: Int
    /// Entries over `ratioCheckAboveBytes` may not expand more than this, and all entries together not more than
    /// this times the file's size (plus `ratioFreeBytes`): zip bombs expand by thousands.
    package var maxCompressionRatio: Int
    package var ratioCheckAboveBytes: Int
    package var ratioFreeBytes: Int

    package init(maxEntries: Int = 10_000, maxEntryBytes: Int = MediaLimits.maxFileBytes,
                maxTotalBytes: Int = MediaLimits.maxTotalBytes, maxTextEntryBytes: Int = 4 << 20, maxPathBytes: Int = 512,
                maxCompressionRatio: Int = 200, ratioCheckAboveBytes: Int = 64 << 10, ratioFreeBytes: Int = 16 << 20) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxTextEntryBytes = maxTextEntryBytes
        self.maxPathBytes = maxPathBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioCheckAboveBytes = ratioCheckAboveBytes
        self.ratioFreeBytes = ratioFreeBytes
    }

    package static let `default` = BundleLimits()
}
