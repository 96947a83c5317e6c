import Foundation
import LessonpackSystem

/// Small, real audio files for tests: 16-bit mono PCM WAV holding a quiet tone.
package enum TestAudio {
    package static func wav(seconds: Double, sampleRate: Int = 8000, frequency: Double = 440) -> Data {
        WAVFile.tone(seconds: seconds, sampleRate: sampleRate, frequency: frequency)
    }
}
