import LessonpackSystem

/// Writes audio as a WAV file, atomically.
package enum AtomicWAV {
    package static func write(_ audio: PCMAudio, to path: String) throws(AtomicFile.Failure) {
        try AtomicFile.write(WAVCodec.encode(audio), to: path)
    }
}
