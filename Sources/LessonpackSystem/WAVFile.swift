import Foundation

/// Small, real audio: 16-bit mono PCM WAV, which every player and ffprobe read. Placeholder clips in new
/// modules are made with it; so are the tests' clips.
package enum WAVFile {
    /// A quiet tone (silence when `frequency` is 0), `seconds` long.
    package static func tone(seconds: Double, sampleRate: Int = 8000, frequency: Double = 0, amplitude: Double = 2000) -> Data {
        let count = Int((seconds * Double(sampleRate)).rounded())
        return pcm16((0..<count).map { Int16(amplitude * sin(2 * .pi * frequency * Double($0) / Double(sampleRate))) },
                     sampleRate: sampleRate)
    }

    /// 16-bit PCM WAV of `samples`, interleaved when there are several `channels`: the one WAV writer the project has.
    package static func pcm16(_ samples: [Int16], channels: Int = 1, sampleRate: Int) -> Data {
        let size = samples.count * 2
        var data = Data(capacity: 44 + size)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + size))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(channels))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * channels * 2)); append(UInt16(channels * 2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(size))
        for sample in samples { append(sample) }
        return data
    }
}
