import BundleArchive
import Foundation
import LessonpackModel
import LessonpackSystem

/// Which entries to deflate. Text always. Media already compressed by its codec (Opus, H.264, PNG…) is usually
/// stored, since deflate spends time for nothing; but containers carry headers and padding that do compress
/// (short Ogg clips, MP4 indexes), so deflate decides on the bytes themselves. A file of up to `wholeFileBytes` is
/// deflated whenever that makes it smaller. A larger one is judged from samples: its head, where a container keeps
/// its index, and `spreadSamples` more spread through the rest, where the codec's data is. The head's saving counts
/// once, in bytes; the spread samples' saving counts in proportion, for everything after the head. The file is
/// deflated when the saving so estimated is at least `minimumSaving` of its size. Judged by its head alone, a 500 MB
/// video whose first 256 KiB is a compressible index was deflated whole, for nothing, slower than zip.
package enum CompressionPolicy {
    package static let sampleBytes = 64 << 10
    package static let spreadSamples = 3
    package static let wholeFileBytes = 256 << 10
    package static let minimumSaving = 0.01
    /// The trials deflate at zlib's fastest level, an estimate that errs towards storing: on the sample's media it
    /// finds 41.3 KB to save where level 9 finds 45.6 KB, in about half the time. At level 9 the trials were 144M
    /// of the sample's 505M-instruction build; at level 1 the build is 446M, and its bundle 45 bytes larger, still
    /// smaller than `zip -9 -r`'s (issue 32).
    static let trialLevel: Int32 = 1

    static func compression(for source: MediaSource) -> ZipCompression {
        let fileExtension = (source.description as NSString).pathExtension
        guard MediaKind.isCompressedFormat(fileExtension: fileExtension) else { return .deflate }
        guard case .success(let file) = source.open(), let status = file.status(), status.st_size > 0 else { return .store }
        let size = Int(status.st_size)
        if size <= wholeFileBytes {
            guard let whole = try? file.read(at: 0, count: size), !whole.isEmpty else { return .store }
            return Deflate.compressedSize(of: whole, level: trialLevel) < whole.count ? .deflate : .store
        }
        guard let head = try? file.read(at: 0, count: sampleBytes), !head.isEmpty else { return .store }
        let headSaving = head.count - Deflate.compressedSize(of: head, level: trialLevel)
        // Evenly spaced over what follows the head, the last one ending at the end of the file.
        let rest = size - head.count
        var sampled = 0
        var saved = 0
        for index in 1...spreadSamples {
            let offset = head.count + (rest - sampleBytes) * index / spreadSamples
            guard let sample = try? file.read(at: UInt64(max(offset, head.count)), count: sampleBytes),
                  !sample.isEmpty else { continue }
            sampled += sample.count
            saved += sample.count - Deflate.compressedSize(of: sample, level: trialLevel)
        }
        let restSaving = sampled > 0 ? Double(saved) / Double(sampled) * Double(rest) : 0
        return Double(headSaving) + restSaving >= Double(size) * minimumSaving ? .deflate : .store
    }
}
