/// Records the learner's voice into a WAV file. The terminal player uses arecord, sox or ffmpeg; tests use a
/// recorder that writes a known sound.
public protocol Recorder: Sendable {
    /// Records for at most `seconds` into `path` (a WAV file), returning when done.
    func record(to path: String, seconds: Double) throws(RuntimeError)
}
