import Foundation
import LessonpackSystem

/// Small, real audio files for tests: 16-bit mono PCM WAV holding a quiet tone.
package enum TestAudio {
    package static func wav(seconds: Double, sampleRate: Int = 8000, frequency: Double = 440) -> Data {
        WAVFile.tone(seconds: seconds, sampleRate: sampleRate, frequency: frequency)
    }
}

/// What sox measures of a stretch of a sound file: the RMS amplitude, as `sox FILE -n trim START =END stat` says it.
package enum SoxMeasure {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func rms(_ file: String, from start: Double, to end: Double) throws -> Double {
        guard let sox = ExternalTool.find("sox") else { throw Failure(description: "sox is not installed: run scripts/setup") }
        let result = try sox.run([file, "-n", "trim", String(start), "=" + String(end), "stat"])
        let text = String(decoding: result.standardError, as: UTF8.self)
        let value = text.split(separator: "\n").first { $0.hasPrefix("RMS     amplitude:") }?.split(separator: " ").last
        guard result.status == 0, let rms = value.flatMap({ Double($0) }) else {
            throw Failure(description: "sox measured no RMS amplitude in \(file): \(text)")
        }
        return rms
    }
}
