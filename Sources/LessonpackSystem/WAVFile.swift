import Foundation

/// Small, real audio: 16-bit mono PCM WAV, which every player and ffprobe read. Placeholder clips in new
/// modules are made with it; so are the tests' clips.
package enum WAVFile {
    /// A quiet tone (silence when `frequency` is 0), `seconds` long.
    package static func tone(seconds: Double, sampleRate: Int = 8000, frequency: Double = 0, amplitude: Double = 2000) -> Data {
        let count = Int((seconds * Double(sampleRate)).rounded())
        var samples = Data(capacity: count * 2)
        for index in 0..<count {
            let value = Int16(amplitude * sin(2 * .pi * frequency * Double(index) / Double(sampleRate)))
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
