import CSonic
import Foundation

/// Speech slowed down without lowering its pitch, by libsonic (the pitch-synchronous overlap-add speeder of
/// eSpeak and Android's TTS), so a learner can hear a model line at 0.75× or 0.5×.
public enum TimeStretch {
    public static let speeds = [0.75, 0.5]

    /// `speed` between 0.25 and 4: below 1 slower, above 1 faster; the pitch stays.
    public static func changed(_ signal: AudioSignal, speed: Double) -> AudioSignal {
        let speed = min(4, max(0.25, speed))
        guard speed != 1, !signal.samples.isEmpty, let stream = sonicCreateStream(Int32(signal.sampleRate), 1) else {
            return signal
        }
        defer { sonicDestroyStream(stream) }
        sonicSetSpeed(stream, Float(speed))
        var output: [Float] = []
        output.reserveCapacity(Int(Double(signal.samples.count) / speed) + 1024)
        var buffer = [Float](repeating: 0, count: 4096)
        func drain() {
            while true {
                let made = Int(buffer.withUnsafeMutableBufferPointer { sonicReadFloatFromStream(stream, $0.baseAddress, 4096) })
                if made <= 0 { break }
                output.append(contentsOf: buffer[0..<made])
            }
        }
        var samples = signal.samples
        let block = 4096
        var offset = 0
        while offset < samples.count {
            let count = min(block, samples.count - offset)
            _ = samples.withUnsafeMutableBufferPointer { sonicWriteFloatToStream(stream, $0.baseAddress! + offset, Int32(count)) }
            drain()
            offset += count
        }
        sonicFlushStream(stream)
        drain()
        return AudioSignal(samples: output, sampleRate: signal.sampleRate)
    }
}

/// A signal as a 16-bit PCM WAV file's bytes, for any player to play.
public enum WAVEncoding {
    public static func data(_ signal: AudioSignal) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = UInt32(signal.samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36) + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(signal.sampleRate)); append(UInt32(signal.sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(bytes)
        data.reserveCapacity(data.count + Int(bytes))
        for sample in signal.samples { append(Int16(max(-1, min(1, sample)) * 32767)) }
        return data
    }
}
