import LessonpackModel

/// How much a bundle may ask of the machine that opens it. A bundle over any limit is refused before anything is
/// decompressed: bundles come from anywhere.
public struct BundleLimits: Sendable {
    public var maxEntries: Int
    public var maxEntryBytes: Int
    public var maxTotalBytes: Int
    /// manifest.plist, module.json, signature.plist.
    public var maxTextEntryBytes: Int
    public var maxPathBytes: Int
    /// Larger entries may not expand more than this: zip bombs expand by thousands.
    public var maxCompressionRatio: Int
    public var ratioCheckAboveBytes: Int

    public init(maxEntries: Int = 10_000, maxEntryBytes: Int = MediaLimits.maxFileBytes,
                maxTotalBytes: Int = MediaLimits.maxTotalBytes,
                maxTextEntryBytes: Int = 64 << 20, maxPathBytes: Int = 512, maxCompressionRatio: Int = 200,
                ratioCheckAboveBytes: Int = 1 << 20) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxTextEntryBytes = maxTextEntryBytes
        self.maxPathBytes = maxPathBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioCheckAboveBytes = ratioCheckAboveBytes
    }

    public static let `default` = BundleLimits()
}
