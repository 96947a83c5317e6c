import CSonic
import Foundation
import LessonpackSystem

/// Speech slowed down without lowering its pitch, by libsonic (the pitch-synchronous overlap-add speeder of
/// eSpeak and Android's TTS), so a learner can hear a model line at 0.75× or 0.5×.
package enum TimeStretch {
    package static let speeds = [0.75, 0.5]

    /// `speed` between 0.25 and 4: below 1 slower, above 1 faster; the pitch stays.
    package static func changed(_ signal: AudioSignal, speed: Double) -> AudioSignal {
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
        let block = 4096
        var offset = 0
        while offset < signal.samples.count {
            let count = min(block, signal.samples.count - offset)
            // libsonic's parameter is not const, but it only reads the samples.
            _ = signal.samples.withUnsafeBufferPointer {
                sonicWriteFloatToStream(stream, UnsafeMutablePointer(mutating: $0.baseAddress! + offset), Int32(count))
            }
            drain()
            offset += count
        }
        sonicFlushStream(stream)
        drain()
        return AudioSignal(samples: output, sampleRate: signal.sampleRate)
    }
}

/// A signal as a 16-bit PCM WAV file's bytes, for any player to play.
package enum WAVEncoding {
    package static func data(_ signal: AudioSignal) -> Data {
        // NaN (from a broken file) becomes silence rather than a trap.
        WAVFile.pcm16(signal.samples.map { Int16(($0.isNaN ? 0 : max(-1, min(1, $0))) * 32767) }, sampleRate: signal.sampleRate)
    }
}
