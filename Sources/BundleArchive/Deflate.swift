import Foundation
internal import CZlib

/// How well deflate does on some bytes: decides whether a media file, already compressed by its codec, gains
/// enough from ZIP's deflate to be worth it.
package enum Deflate {
    /// The size `bytes` take after deflate at `level` (9, the writer's, unless a cheaper estimate will do).
    package static func compressedSize(of bytes: some ContiguousBytes, level: Int32 = 9) -> Int {
        bytes.withUnsafeBytes { input -> Int in
            var bound = compressBound(uLong(input.count))
            var output = [UInt8](repeating: 0, count: Int(bound))
            let status = output.withUnsafeMutableBufferPointer { out in
                compress2(out.baseAddress, &bound, input.bindMemory(to: Bytef.self).baseAddress, uLong(input.count), level)
            }
            return status == Z_OK ? Int(bound) : input.count
        }
    }

    /// Raw deflate (no zlib header), as ZIP stores it: for tests that craft archives by hand.
    package static func raw(_ bytes: [UInt8], level: Int32 = 9) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer -> Int in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                _ = deflate(&stream, Z_FINISH)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }

    /// The CRC-32 ZIP records for each entry.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
