import Foundation
import LessonpackModel
import LessonpackRuntime

/// Activity 5, pronunciation practice: line by line, hear the original, record yourself, and compare, both at once
/// (original left, you right) or one after the other. The engine keeps the state; a `PronunciationStudio` does the
/// recording and the mixing.
public struct PronunciationEngine: Sendable {
    public let lines: [TranscriptLine]
    public let startedAt: Date
    public private(set) var current = 0
    /// The learner's latest recording of each line (a WAV file).
    public private(set) var recordings: [String: String] = [:]
    /// The comparison files made for each line.
    public private(set) var comparisons: [String: [VoiceComparison: String]] = [:]
    public private(set) var heard: Set<String> = []

    public init(module: Module, at now: Date) {
        lines = module.transcript
        startedAt = now
    }

    public var currentLine: TranscriptLine? { lines.indices.contains(current) ? lines[current] : nil }

    public mutating func next() { current = min(current + 1, max(0, lines.count - 1)) }
    public mutating func previous() { current = max(current - 1, 0) }

    public mutating func select(_ lineID: String) {
        if let index = lines.firstIndex(where: { $0.id == lineID }) { current = index }
    }

    public mutating func heardOriginal(_ lineID: String) { heard.insert(lineID) }

    /// A new recording replaces the old one, and the comparisons made with it.
    public mutating func recorded(_ lineID: String, file: String) {
        recordings[lineID] = file
        comparisons[lineID] = nil
    }

    public mutating func compared(_ lineID: String, _ mode: VoiceComparison, file: String) {
        comparisons[lineID, default: [:]][mode] = file
    }

    public func result(at now: Date) -> ActivityResult {
        let items = lines.map { line -> ItemOutcome in
            let recorded = recordings[line.id] != nil
            let modes = comparisons[line.id].map { $0.keys.map(\.rawValue).sorted().joined(separator: ", ") }
            return ItemOutcome(id: line.id, prompt: line.text, answer: recorded ? "recorded" : nil,
                               outcome: recorded ? .done : .unanswered, note: modes.map { "compared: " + $0 })
        }
        return ActivityResult(activity: .pronunciation, startedAt: startedAt, finishedAt: now, items: items,
                              details: ["recorded": "\(recordings.count)", "lines": "\(lines.count)"])
    }
}

/// Records and compares voices for the pronunciation activity: the original from the module's media (decoded with
/// ffmpeg when it is not WAV), the learner through the injected recorder, the comparison written as a real WAV.
public struct PronunciationStudio: Sendable {
    public let media: MediaStore
    public let recorder: any Recorder
    public let decoder: AudioDecoder
    /// Where recordings and comparisons go.
    public let workFolder: String

    public init(media: MediaStore, recorder: any Recorder, decoder: AudioDecoder = AudioDecoder(), workFolder: String) {
        self.media = media
        self.recorder = recorder
        self.decoder = decoder
        self.workFolder = workFolder
    }

    /// The line's own clip, as a file a player can play.
    public func original(_ line: TranscriptLine) throws(RuntimeError) -> String { try media.file(line.audio) }

    /// Records the learner saying `line`, for a little longer than the original lasts.
    public func record(_ line: TranscriptLine) throws(RuntimeError) -> String {
        try makeWorkFolder()
        let path = "\(workFolder)/\(line.id)-learner.wav"
        let seconds = max(3, (line.end - line.start) * 1.5 + 1)
        try recorder.record(to: path, seconds: seconds)
        guard FileManager.default.fileExists(atPath: path) else { throw RuntimeError("the recorder wrote nothing") }
        return path
    }

    /// Mixes the original and the learner's recording into one WAV file for `mode`.
    public func compare(_ line: TranscriptLine, learner: String, _ mode: VoiceComparison) throws(RuntimeError) -> String {
        let original = try decoder.decode(fileAt: try media.file(line.audio))
        let voice = try decoder.decode(fileAt: learner)
        try makeWorkFolder()
        let path = "\(workFolder)/\(line.id)-\(mode.rawValue).wav"
        do {
            try AtomicWAV.write(mode.combine(original: original, learner: voice), to: path)
        } catch {
            throw RuntimeError("cannot write \(path): \(error)")
        }
        return path
    }

    private func makeWorkFolder() throws(RuntimeError) {
        do { try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true) } catch {
            throw RuntimeError("cannot create \(workFolder): \(error.localizedDescription)")
        }
    }
}
