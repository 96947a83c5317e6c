import Foundation
import LessonpackSystem

/// Reads and writes RIFF WAVE files of integer PCM (8, 16, 24 or 32 bits) or 32-bit float, any channel count.
/// Recordings come from other programs and module media from anyone, so every length is checked before use.
package enum WAVCodec {
    package static let maximumBytes = 512 << 20

    package static func decode(_ bytes: [UInt8]) throws(RuntimeError) -> PCMAudio {
        guard bytes.count >= 12, bytes.ascii(0, 4) == "RIFF", bytes.ascii(8, 4) == "WAVE" else {
            throw RuntimeError(.runtimeAudioUndecodable, "not a WAV file")
        }
        var format: (tag: UInt16, channels: Int, rate: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = bytes.ascii(offset, 4)
            let declared = Int(bytes.le32(offset + 4))
            let body = offset + 8
            // Some writers leave the data size at 0 or 0xFFFFFFFF when they cannot seek back: take what is there.
            let size = min(declared, bytes.count - body)
            if id == "fmt " {
                guard size >= 16 else { throw RuntimeError(.runtimeAudioUndecodable, "the WAV format chunk is too short") }
                var tag = bytes.le16(body)
                if tag == 0xFFFE, size >= 26 { tag = bytes.le16(body + 24) }  // WAVE_FORMAT_EXTENSIBLE: the sub-format
                format = (tag, Int(bytes.le16(body + 2)), Int(bytes.le32(body + 4)), Int(bytes.le16(body + 14)))
            } else if id == "data" {
                guard let format else { throw RuntimeError(.runtimeAudioUndecodable, "the WAV data comes before its format") }
                return try samples(Array(bytes[body..<(body + size)]), format: format)
            }
            offset = body + size + (size & 1)
        }
        throw RuntimeError(.runtimeAudioUndecodable, "the WAV file has no data")
    }

    private static func samples(_ data: [UInt8], format: (tag: UInt16, channels: Int, rate: Int, bits: Int))
        throws(RuntimeError) -> PCMAudio {
        guard (1...16).contains(format.channels), (1000...384_000).contains(format.rate) else {
            throw RuntimeError(.runtimeAudioUndecodable, "the WAV file has \(format.channels) channels at \(format.rate) Hz")
        }
        let width = format.bits / 8
        let isFloat = format.tag == 3 && format.bits == 32
        guard format.tag == 1 && [8, 16, 24, 32].contains(format.bits) || isFloat else {
            throw RuntimeError(.runtimeAudioUndecodable, "the WAV file's encoding (format \(format.tag), \(format.bits) bits) is not plain PCM")
        }
        let frames = data.count / (width * format.channels)
        var channels = [[Int16]](repeating: [], count: format.channels)
        for channel in 0..<format.channels { channels[channel].reserveCapacity(frames) }
        for frame in 0..<frames {
            for channel in 0..<format.channels {
                let at = (frame * format.channels + channel) * width
                let value: Int16
                switch (format.bits, isFloat) {
                case (8, _): value = Int16(Int(data[at]) - 128) << 8
                case (16, _): value = Int16(bitPattern: data.le16(at))
                case (24, _): value = Int16(bitPattern: UInt16(data[at + 1]) | UInt16(data[at + 2]) << 8)
                case (32, true): value = Int16(clamping: Int((Float(bitPattern: data.le32(at)) * 32767).rounded()))
                default: value = Int16(truncatingIfNeeded: Int32(bitPattern: data.le32(at)) >> 16)
                }
                channels[channel].append(value)
            }
        }
        return PCMAudio(sampleRate: format.rate, channels: channels)
    }

    /// 16-bit PCM WAV bytes.
    package static func encode(_ audio: PCMAudio) -> [UInt8] {
        var interleaved: [Int16] = []
        interleaved.reserveCapacity(audio.frameCount * audio.channels.count)
        for frame in 0..<audio.frameCount {
            for channel in audio.channels { interleaved.append(channel[frame]) }
        }
        return Array(WAVFile.pcm16(interleaved, channels: audio.channels.count, sampleRate: audio.sampleRate))
    }
}

extension Array where Element == UInt8 {
    func ascii(_ offset: Int, _ count: Int) -> String {
        String(decoding: self[offset..<Swift.min(offset + count, self.count)], as: UTF8.self)
    }
    func le16(_ index: Int) -> UInt16 { UInt16(self[index]) | UInt16(self[index + 1]) << 8 }
    func le32(_ index: Int) -> UInt32 { UInt32(le16(index)) | UInt32(le16(index + 2)) << 16 }
}
