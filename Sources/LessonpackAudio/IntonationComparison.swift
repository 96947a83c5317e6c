import Foundation
import LessonpackDiagnostics

/// How a learner's reading of a line compares with the model's: a score for the melody, a word on the pace, and one
/// sentence naming where the two differ most. Both contours are measured in semitones from their own speaker's median,
/// so a low voice copying a high one is judged by the shape it makes, not by its register.
package struct IntonationComparison: Sendable, Equatable {
    package enum Pace: String, Sendable {
        case similar, tooFast = "too-fast", tooSlow = "too-slow"
    }

    /// 0–100: 100 for the same melody; each semitone of mean difference costs 20, and frames voiced in one reading
    /// but not the other cost too.
    package var score: Int
    /// Mean absolute difference, in semitones, where both readings are voiced.
    package var meanDifference: Double
    /// The learner's speaking time over the model's (from the first voiced frame to the last).
    package var tempo: Double
    package var pace: Pace
    /// Words after which the learner pauses and the model does not.
    package var extraPauses: [String]
    /// One sentence on the melody: where it differs most, or that it follows the model.
    package var feedback: String
    /// One sentence on the pace and the pauses, or nil when they match.
    package var timing: String?
    /// The two contours, trimmed to the speech, for plotting on one time axis each.
    package var model: PitchContour
    package var learner: PitchContour

    package static func compare(model fullModel: PitchContour, learner fullLearner: PitchContour,
                               text: String = "") -> IntonationComparison? {
        let model = fullModel.trimmedToSpeech(), learner = fullLearner.trimmedToSpeech()
        guard model.voicedCount >= 3, learner.voicedCount >= 3, model.step > 0, model.step == learner.step,
              model.count <= maximumFrames, learner.count <= maximumFrames,
              Self.comparableLengths(model.count, learner.count) else { return nil }
        let a = model.semitonesFromMedian, b = learner.semitonesFromMedian
        let filledA = Self.bridged(a), filledB = Self.bridged(b)
        let alignment = ContourAlignment(modelCount: a.count, learnerCount: b.count) { i, j in
            abs(filledA[i] - filledB[j]) + ((a[i] == nil) != (b[j] == nil) ? 1 : 0)
        }
        var differences: [Double] = [], mismatched = 0, counted = 0
        for pair in alignment.path {
            switch (a[pair.model], b[pair.learner]) {
            case let (x?, y?): differences.append(abs(x - y)); counted += 1
            case (nil, nil): continue
            default: mismatched += 1; counted += 1
            }
        }
        let mean = differences.isEmpty ? 12 : differences.reduce(0, +) / Double(differences.count)
        let agreement = counted == 0 ? 0 : Double(counted - mismatched) / Double(counted)
        let score = Int((100 * max(0, 1 - mean / 5) * (0.6 + 0.4 * agreement)).rounded())

        let words = WordTimeline(text: text, duration: model.duration)
        let tempo = learner.duration / max(model.duration, 0.01)
        let pace: Pace = tempo < 0.8 ? .tooFast : tempo > 1.25 ? .tooSlow : .similar
        let pauses = Self.extraPauses(model: a, learner: b, path: alignment.path, step: model.step, words: words)
        return IntonationComparison(
            score: score, meanDifference: (mean * 100).rounded() / 100, tempo: (tempo * 100).rounded() / 100, pace: pace,
            extraPauses: pauses, feedback: Self.melodySentence(filledA, filledB, a, b, path: alignment.path, mean: mean,
                                                               step: model.step, words: words),
            timing: Self.timingSentence(pace: pace, pauses: pauses), model: model, learner: learner)
    }

    /// A minute of speech at 10 ms a frame: a line is seconds long, and the alignment's memory grows with this.
    package static let maximumFrames = 6000

    /// Readings more than four times longer or shorter than each other are not the same line read.
    static func comparableLengths(_ a: Int, _ b: Int) -> Bool { a <= 4 * b && b <= 4 * a }

    /// Unvoiced stretches inside the speech filled by straight lines between their voiced neighbours, so that the
    /// alignment follows the melody across consonants.
    static func bridged(_ values: [Double?]) -> [Double] {
        var result = [Double](repeating: 0, count: values.count)
        var lastIndex: Int?
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            if let last = lastIndex, let previous = values[last] {
                for k in (last + 1)..<index { result[k] = previous + (value - previous) * Double(k - last) / Double(index - last) }
            } else {
                for k in 0..<index { result[k] = value }
            }
            result[index] = value
            lastIndex = index
        }
        if let last = lastIndex, let value = values[last] { for k in (last + 1)..<values.count { result[k] = value } }
        return result
    }

    /// The stretch of about a word (300 ms of the model) where the two melodies move most differently.
    private static func melodySentence(_ a: [Double], _ b: [Double], _ voicedA: [Double?], _ voicedB: [Double?],
                                       path: [(model: Int, learner: Int)], mean: Double, step: Double,
                                       words: WordTimeline) -> String {
        let span = max(3, Int(0.3 / step))
        var worst: (start: Int, end: Int, divergence: Double)?
        var start = 0
        while start < path.count {
            var end = start
            while end + 1 < path.count && path[end + 1].model - path[start].model < span { end += 1 }
            let first = path[start], last = path[end]
            let voiced = (start...end).filter { voicedA[path[$0].model] != nil && voicedB[path[$0].learner] != nil }.count
            if end > start, voiced * 2 >= end - start + 1 {
                let divergence = abs((a[last.model] - a[first.model]) - (b[last.learner] - b[first.learner]))
                if divergence > (worst?.divergence ?? 0) { worst = (start, end, divergence) }
            }
            start += max(1, span / 3)
        }
        guard let worst, worst.divergence >= 2.5 || mean >= 2 else {
            return "Your intonation follows the model closely."
        }
        let first = path[worst.start], last = path[worst.end]
        let modelMove = movement(a[last.model] - a[first.model])
        let learnerMove = movement(b[last.learner] - b[first.learner])
        let middle = Double(first.model + last.model) / 2 * step
        let place = words.word(at: middle).map { " at ‘\($0)’" } ?? ""
        if modelMove == learnerMove {
            let size = (b[last.learner] - b[first.learner]).magnitude > (a[last.model] - a[first.model]).magnitude ? "more" : "less"
            return "Your voice \(learnerMove)\(place) \(size) than the model's."
        }
        return "Your voice \(learnerMove)\(place); the model \(modelMove)."
    }

    private static func movement(_ semitones: Double) -> String {
        semitones > 1.5 ? "rises" : semitones < -1.5 ? "falls" : "stays level"
    }

    /// Pauses of 250 ms or more in the learner's reading where the model, at the same point of the line, keeps going.
    private static func extraPauses(model: [Double?], learner: [Double?], path: [(model: Int, learner: Int)],
                                    step: Double, words: WordTimeline) -> [String] {
        let shortest = Int((0.25 / step).rounded())
        var found: [String] = []
        var runStart: Int?
        for index in 0...learner.count {
            let voiced = index < learner.count && learner[index] != nil
            if !voiced, index < learner.count { runStart = runStart ?? index; continue }
            if let begin = runStart, index - begin >= shortest {
                // Where the model is while the learner is silent, and whether it pauses there too (100 ms or more).
                let pairs = path.filter { $0.learner >= begin && $0.learner < index }
                let modelFrames = Set(pairs.map(\.model))
                let modelPauses = modelFrames.filter { model[$0] == nil }.count
                if Double(modelPauses) * step < 0.1, let at = pairs.first?.model,
                   let word = words.word(at: Double(at) * step, before: true) {
                    found.append(word)
                }
            }
            runStart = nil
        }
        return found
    }

    /// Each word once, in the order first met: three pauses after the same word are one place to work on, and
    /// "after ‘me’, ‘me’, ‘me’" reads as a fault of the feedback.
    static func timingSentence(pace: Pace, pauses: [String]) -> String? {
        var seen = Set<String>()
        let pauses = pauses.filter { seen.insert($0.lowercased()).inserted }
        var parts: [String] = []
        switch pace {
        case .tooFast: parts.append("You speak faster than the model")
        case .tooSlow: parts.append("You speak more slowly than the model")
        case .similar: break
        }
        if !pauses.isEmpty {
            parts.append("you pause after " + pauses.prefix(3).map { "‘\($0)’" }.joined(separator: ", ") +
                         " where the model goes on")
        }
        guard !parts.isEmpty else { return nil }
        let sentence = parts.joined(separator: "; ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }
}

extension PitchContour {
    /// From the first voiced frame to the last: the silence before and after a reading says nothing of its melody.
    package func trimmedToSpeech() -> PitchContour {
        guard let first = f0.firstIndex(where: { $0 != nil }), let last = f0.lastIndex(where: { $0 != nil }) else {
            return PitchContour(step: step, start: start, f0: [])
        }
        return PitchContour(step: step, start: 0, f0: Array(f0[first...last]))
    }

    package var duration: Double { Double(count) * step }
}

/// Where each word of a line falls in the model's reading, estimated from its length in letters: the module gives a
/// line's text and its span, not word timings, and an estimate is enough to name a word in a sentence of feedback.
struct WordTimeline {
    private var words: [(word: String, start: Double, end: Double)] = []

    init(text: String, duration: Double) {
        let found = text.split(whereSeparator: { $0.isWhitespace }).map {
            $0.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        }.filter { !$0.isEmpty }
        let letters = found.reduce(0) { $0 + $1.count + 1 }
        guard letters > 0, duration > 0 else { return }
        var clock = 0.0
        for word in found {
            let length = Double(word.count + 1) / Double(letters) * duration
            words.append((word, clock, clock + length))
            clock += length
        }
    }

    /// The word spoken at `time`; `before`: the word that ends nearest before it (for a pause after a word).
    func word(at time: Double, before: Bool = false) -> String? {
        if before { return words.last(where: { $0.end <= time + 0.05 })?.word ?? words.first?.word }
        return words.first(where: { time < $0.end })?.word ?? words.last?.word
    }
}

extension IntonationComparison {
    /// Why a reading could not be compared, in a sentence for the learner.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The pitch of both readings tracked and compared; or why that cannot be done.
    package static func of(model: AudioSignal, learner: AudioSignal, text: String) -> Result<IntonationComparison, Failure> {
        let modelContour = PitchTracker().contour(of: model), learnerContour = PitchTracker().contour(of: learner)
        if let comparison = compare(model: modelContour, learner: learnerContour, text: text) { return .success(comparison) }
        let model = modelContour.trimmedToSpeech(), learner = learnerContour.trimmedToSpeech()
        let reason = learner.voicedCount < 3 ? "no voice was heard in the recording: speak up, or closer to the microphone"
            : model.voicedCount < 3 ? "the original has too little voiced sound to compare with"
            : max(model.count, learner.count) > maximumFrames ? "the recording or the original is longer than a minute"
            : learner.count > model.count ? "the recording is more than four times as long as the original"
            : "the recording is less than a quarter as long as the original"
        return .failure(Failure(description: reason))
    }
}

extension IntonationComparison.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.intonationNotCompared, description)] }
}

extension DiagnosticCode {
    /// A recording whose intonation cannot be compared with the original's: no voice heard, too short or too long.
    package static let intonationNotCompared: DiagnosticCode = "intonation-not-compared"
}
