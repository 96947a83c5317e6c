import Foundation
import LessonpackAudio
import LessonpackSystem

/// Finds when each line of a transcript is spoken in a recording, as aeneas does: the lines are spoken by espeak-ng,
/// one after another; the synthesised speech and the recording are compared frame by frame (MFCCs) and matched in
/// time by dynamic time warping; each line's beginning and end in the synthesis, carried through that match, give
/// its place in the recording. Each boundary is then moved onto the edge of the pause nearest it, so a line starts
/// where its first word does, not where the silence before it does. Nothing is downloaded: espeak-ng's voices and
/// FFTW are all it needs.
package struct ForcedAligner: Sendable {
    /// An espeak-ng voice or language: "en", "en-gb", "fr", "de", …
    package var voice: String
    /// Longer soundtracks are refused: a lesson's video is minutes long, and an hour's samples already take 230 MB.
    package static let longestSoundtrack = 3600.0
    /// How far (seconds) a boundary may move to reach the edge of a pause. Alignment puts most boundaries within
    /// a few frames of the truth; a reach much wider would let a boundary jump to a pause between two sentences of
    /// the line.
    package static let pauseReach = 0.35
    /// How far the two edges of a boundary between lines may move together to the pause between the lines. 0.6 s
    /// left a line's end 0.65-0.69 s late in two conversations the thresholds were not tuned on (the example lesson's
    /// and a doctor's), where DTW put the end well into a long pause; 0.8 s found the pause in both and changed no
    /// boundary of the bench's conversations (bench/RESULTS.md).
    package static let pauseBetweenLinesReach = 0.8
    /// The silence put before, between and after the synthesised lines, which the pauses of the recording match.
    static let synthesisGap = 0.2

    private let analyzer = MFCCAnalyzer()

    package init(voice: String = "en") {
        self.voice = voice
    }

    /// Aligns the lines with the soundtrack of the audio or video file at `path`.
    package func align(soundtrack path: String, lines: [String]) throws(AlignError) -> [AlignedLine] {
        guard !lines.isEmpty else { throw AlignError(.nothingToAlign, "there are no lines to align") }
        let recording: AudioSignal
        do {
            recording = try AudioReader.read(path, sampleRate: analyzer.sampleRate, maximumSeconds: Self.longestSoundtrack)
        } catch {
            throw AlignError(.unreadableSoundtrack, path: path, error.reason)
        }
        return try align(recording, lines: lines)
    }

    /// Aligns the lines with a recording at the analysis rate (16 kHz).
    package func align(_ recording: AudioSignal, lines: [String]) throws(AlignError) -> [AlignedLine] {
        guard !lines.isEmpty else { throw AlignError(.nothingToAlign, "there are no lines to align") }
        if let blank = lines.firstIndex(where: { !$0.contains { $0.isLetter || $0.isNumber } }) {
            throw AlignError(.nothingToAlign, "line \(blank + 1) has no words to align")
        }
        precondition(recording.sampleRate == analyzer.sampleRate, "recordings are aligned at the analysis rate")
        var synthesis = try synthesise(lines)

        var heard = analyzer.analyze(recording.samples)
        let activity = SpeechActivity(levels: heard.speechBandLevel, voicing: heard.voicingBandLevel, hop: heard.hop,
                                      frameCentre: frameCentre)
        guard activity.isSpeech.contains(true) else {
            throw AlignError(.noSpeech, "no speech was found in the soundtrack")
        }
        addRoomNoise(to: &synthesis, from: recording, activity: activity)
        var spoken = analyzer.analyze(synthesis.samples)
        heard.normalise()
        spoken.normalise()
        let path = DynamicTimeWarping.align(heard.coefficients, rows: heard.count, spoken.coefficients,
                                            columns: spoken.count, width: heard.coefficientCount)
        let rows = path.rowsPerColumn(columns: spoken.count)
        let costs = columnCosts(path, columns: spoken.count)

        // Where the match puts each line, and how well the recording there sounds like the line.
        var estimates: [(start: Double, end: Double, synthesised: Double, cost: Double)] = []
        for span in synthesis.lines {
            let first = min(spoken.count - 1, frame(at: span.lowerBound)), last = min(spoken.count - 1, frame(at: span.upperBound))
            let cost = costs[first...last].reduce(0, +) / Double(last - first + 1)
            // A pause longer in the recording than in the synthesis is matched with one column, the gap's or the
            // speech's edge: the last frame matched with the line's first column is where its speech can start,
            // and the first frame matched with its last column where it can end.
            estimates.append((activity.time(rows[first].upperBound) - heard.hop / 2,
                              activity.time(rows[last].lowerBound) + heard.hop / 2,
                              Double(span.count) / Double(analyzer.sampleRate), cost))
        }
        return refine(estimates, activity: activity, duration: recording.duration)
    }

    /// Seconds from a frame's first sample to its middle.
    private var frameCentre: Double { Double(analyzer.windowLength) / 2 / Double(analyzer.sampleRate) }

    /// The frame whose middle is nearest `sample`.
    private func frame(at sample: Int) -> Int {
        max(0, Int((Double(sample - analyzer.windowLength / 2) / Double(analyzer.hopLength)).rounded()))
    }

    /// Each column's mean cost over the cells of the path in it.
    private func columnCosts(_ path: DynamicTimeWarping.Path, columns: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: columns), counts = [Int](repeating: 0, count: columns)
        for (step, cost) in zip(path.steps, path.cellCosts) {
            sums[step.column] += Double(cost)
            counts[step.column] += 1
        }
        return zip(sums, counts).map { $1 == 0 ? 0 : $0 / Double($1) }
    }

    /// The synthesised lines, one after another with a short silence around each, and where each one's speech is.
    private func synthesise(_ lines: [String]) throws(AlignError) -> (samples: [Float], lines: [Range<Int>]) {
        let synthesizer = try SpeechSynthesizer(voice: voice)
        let rate = analyzer.sampleRate
        var spoken: [Result<AudioSignal, AlignError>] = []
        // Each line is its own espeak-ng run, on every core: a run is mostly espeak-ng starting up.
        OrderedParallelMap.run(lines, transform: { text in
            Result { () throws(AlignError) in try synthesizer.speak(text, sampleRate: rate) }
        }, consume: { spoken.append($0) })

        let gap = [Float](repeating: 0, count: Int(Self.synthesisGap * Double(rate)))
        var samples = gap
        var spans: [Range<Int>] = []
        for (index, result) in spoken.enumerated() {
            let signal = try result.get()
            guard let speech = Self.spokenPart(of: signal.samples, sampleRate: rate) else {
                throw AlignError(.synthesis, "espeak-ng said nothing for line \(index + 1)")
            }
            spans.append(samples.count..<(samples.count + speech.count))
            samples += signal.samples[speech]
            samples += gap
        }
        return (samples, spans)
    }

    /// The recording's own quiet (its quietest quarter second), played under the synthesis at the recording's
    /// ratio of noise to speech: espeak-ng's silence is digital, and a pause in the recording sounds like its room.
    /// Matched, the pauses of the two compare as alike, and speech with speech.
    private func addRoomNoise(to synthesis: inout (samples: [Float], lines: [Range<Int>]), from recording: AudioSignal,
                              activity: SpeechActivity) {
        let hop = analyzer.hopLength, span = max(1, Int(0.25 / activity.hop))
        let levels = activity.levels
        guard levels.count > span else { return }
        var sum = levels[0..<span].reduce(Float(0), +), best = sum, quietest = 0
        for start in 1...(levels.count - span) {
            sum += levels[start + span - 1] - levels[start - 1]
            if sum < best { (best, quietest) = (sum, start) }
        }
        let noise = Array(recording.samples[quietest * hop..<min(recording.samples.count, (quietest + span) * hop + analyzer.windowLength)])
        func power(_ samples: some Collection<Float>) -> Double {
            samples.isEmpty ? 0 : samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        }
        var speechPower = 0.0, speechFrames = 0
        for (frame, speech) in activity.isSpeech.enumerated() where speech {
            speechPower += power(recording.samples[frame * hop..<min(recording.samples.count, (frame + 1) * hop)])
            speechFrames += 1
        }
        let noisePower = power(noise)
        let synthesisedPower = synthesis.lines.reduce(0.0) { $0 + power(synthesis.samples[$1]) * Double($1.count) }
            / Double(max(1, synthesis.lines.reduce(0) { $0 + $1.count }))
        guard speechFrames > 0, noisePower > 0, speechPower > 0, synthesisedPower > 0 else { return }
        // The noise's power, relative to the synthesis', as the recording's noise is to its speech.
        let gain = Float((synthesisedPower / (speechPower / Double(speechFrames))).squareRoot())
        // Played forwards and backwards in turn, so the loop has no seam to click at.
        let count = noise.count
        for index in synthesis.samples.indices {
            let cycle = index / count, offset = index % count
            synthesis.samples[index] += gain * noise[cycle % 2 == 0 ? offset : count - 1 - offset]
        }
    }

    /// The samples from a clean recording's first 10 ms frame within 35 dB of its loudest to its last; nil for
    /// silence.
    package static func spokenPart(of samples: [Float], sampleRate: Int) -> Range<Int>? {
        let frame = sampleRate / 100
        guard samples.count >= frame else { return nil }
        let energies = stride(from: 0, to: samples.count - frame + 1, by: frame).map { start in
            samples[start..<start + frame].reduce(Float(0)) { $0 + $1 * $1 }
        }
        guard let peak = energies.max(), peak > 1e-9 else { return nil }
        let floor = peak * pow(10, -3.5)
        guard let first = energies.firstIndex(where: { $0 >= floor }),
              let last = energies.lastIndex(where: { $0 >= floor }) else { return nil }
        return first * frame..<min(samples.count, (last + 1) * frame)
    }

    /// Each line's estimate moved onto the edges of the pauses nearest it, kept in order, with a doubt where the
    /// alignment looks wrong.
    private func refine(_ estimates: [(start: Double, end: Double, synthesised: Double, cost: Double)],
                        activity: SpeechActivity, duration: Double) -> [AlignedLine] {
        // How much slower than espeak-ng the recording speaks: the lines' median, within what people do, or for a
        // couple of lines (whose median says little) a typical value.
        let tempo = estimates.count >= 3
            ? min(max(median(estimates.map { ($0.end - $0.start) / max($0.synthesised, 0.05) }), 0.75), 1.5) : 1.1
        let typicalCost = median(estimates.map(\.cost))
        // Each boundary between two lines onto the pause between them; failing that, each edge on its own onto the
        // nearest pause's edge.
        var starts = [Double?](repeating: nil, count: estimates.count), ends = starts
        starts[0] = activity.speechStart(near: estimates[0].start, within: Self.pauseReach)
        ends[estimates.count - 1] = activity.speechEnd(near: estimates[estimates.count - 1].end, within: Self.pauseReach)
        for index in 0..<(estimates.count - 1) {
            if let pause = activity.pause(between: estimates[index].end, and: estimates[index + 1].start,
                                          within: Self.pauseBetweenLinesReach) {
                (ends[index], starts[index + 1]) = (pause.start, pause.end)
            } else {
                ends[index] = activity.speechEnd(near: estimates[index].end, within: Self.pauseReach)
                starts[index + 1] = activity.speechStart(near: estimates[index + 1].start, within: Self.pauseReach)
            }
        }

        var lines: [AlignedLine] = []
        for (index, estimate) in estimates.enumerated() {
            var doubts: [String] = []
            let start = starts[index], end = ends[index]
            if start == nil { doubts.append("no clear start of speech near \(Self.clock(estimate.start))") }
            if end == nil { doubts.append("no clear end of speech near \(Self.clock(estimate.end))") }
            var line = AlignedLine(start: start ?? estimate.start, end: end ?? estimate.end)
            if line.end <= line.start { line = AlignedLine(start: estimate.start, end: estimate.end) }
            if let previous = lines.last, line.start < previous.end {
                line.start = min(max(previous.end, estimate.start), line.end - 0.01)
                doubts.append("it seems to overlap the line before")
            }
            line.start = max(0, line.start)
            line.end = min(duration, max(line.end, line.start + 0.01))

            let pace = (line.end - line.start) / max(estimate.synthesised, 0.05) / max(tempo, 0.05)
            if pace < 0.5 {
                doubts.append(String(format: "%.1f s is short for its words", line.end - line.start))
            } else if pace > 2 {
                doubts.append(String(format: "%.1f s is long for its words", line.end - line.start))
            }
            if estimate.cost > 1.5 * typicalCost {
                doubts.append("the recording there sounds little like the line's words")
            }
            if !activity.hasSpeech(from: line.start, to: line.end) {
                doubts.append("no speech was heard in that span")
            }
            line.doubt = doubts.isEmpty ? nil : doubts.joined(separator: "; ")
            lines.append(line)
        }
        return lines
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// 75.25 → "1:15.25".
    static func clock(_ seconds: Double) -> String {
        let whole = max(0, seconds)
        return String(format: "%d:%05.2f", Int(whole) / 60, whole.truncatingRemainder(dividingBy: 60))
    }
}
