import Foundation

/// Small, real audio files for tests: 16-bit mono PCM WAV holding a quiet tone.
package enum TestAudio {
    package static func wav(seconds: Double, sampleRate: Int = 8000, frequency: Double = 440) -> Data {
        let count = Int(seconds * Double(sampleRate))
        var samples = Data(capacity: count * 2)
        for index in 0..<count {
            let value = Int16(2000 * sin(2 * .pi * frequency * Double(index) / Double(sampleRate)))
            withUnsafeBytes(of: value.littleEndian) { samples.append(contentsOf: $0) }
        }
        var header = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        header.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + samples.count))
        header.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        header.append(contentsOf: Array("data".utf8)); append(UInt32(samples.count))
        return header + samples
    }
}
