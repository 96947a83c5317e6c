import BundleArchive
import Foundation
import LessonpackModel

/// Which entries to deflate. Text always. Media already compressed by its codec (Opus, H.264, PNG…) is usually
/// stored, since deflate spends time for nothing; but containers carry headers and padding that do compress
/// (short Ogg clips, MP4 indexes), so deflate decides on the bytes themselves: a file that fits in one sample is
/// deflated whenever that makes it smaller; a larger one when its first `sampleBytes` shrink by `minimumSaving`.
package enum CompressionPolicy {
    package static let sampleBytes = 256 << 10
    package static let minimumSaving = 0.01

    static func compression(for source: MediaSource) -> ZipCompression {
        let fileExtension = (source.description as NSString).pathExtension
        guard MediaKind.isCompressedFormat(fileExtension: fileExtension) else { return .deflate }
        guard case .success(let file) = source.open(), let sample = try? file.read(at: 0, count: sampleBytes),
              !sample.isEmpty else { return .store }
        let compressed = Deflate.compressedSize(of: sample)
        if sample.count < sampleBytes { return compressed < sample.count ? .deflate : .store }
        return Double(compressed) <= Double(sample.count) * (1 - minimumSaving) ? .deflate : .store
    }
}
