import ArgumentParser
import Foundation
import LessonpackAudio

struct PitchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pitch",
        abstract: "Print the pitch contour (F0 over time) of audio files.",
        discussion: """
            Decodes the file (WAV, FLAC, Ogg Vorbis or Ogg Opus), resamples it to 16 kHz and tracks its \
            fundamental frequency between 75 and 600 Hz every 10 ms, as the pronunciation practice does for a \
            learner's recording. Authors use it to check a recording: a line whose contour is empty or broken \
            up will give learners poor intonation feedback.

            --format text draws the contour and sums it up; csv prints a header 'time,f0' and then one row per \
            frame (time in seconds at the frame's centre, F0 in Hz, empty when the frame is unvoiced); json \
            lists one object per file under 'files', each with the same frames and the median. With several \
            files, csv adds a first column 'file'.

            '-' reads the audio from standard input: 'ffmpeg -i talk.mp4 -f wav - | lessonpack pitch -'.

            Exit status: 0 every file analysed, 1 a file does not decode as audio, 2 a file cannot be opened (the \
            others are still printed, and the problems go to standard error).

            Examples:
              lessonpack pitch Modules/at-the-cafe/media/lines/l01.opus
              lessonpack pitch my-recording.wav --format csv
            """)

    @Argument(help: "The audio files ('-' for standard input).", completion: .file())
    var files: [String]

    @Option(help: "Output format: 'text' for people, 'csv' or 'json' for tools.")
    var format: PitchFormat = .text

    @OptionGroup var console: ConsoleOptions

    func validate() throws {
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be read once only") }
    }

    func run() throws {
        let engine = console.engine(format: format == .json ? .json : .text)
        var contours: [(file: String, contour: PitchContour)] = []
        for file in files {
            do {
                let signal = file == "-" ? try AudioReader.readStandardInput() : try AudioReader.read(file)
                contours.append((file == "-" ? "<stdin>" : file, PitchTracker().contour(of: signal)))
            } catch {
                // A file that cannot be opened stopped the work (2); one that opens but is not audio is a problem (1).
                engine.emit(error.reportedDiagnostics, unreadable: [.audioCannotOpen])
            }
        }
        switch format {
        case .csv:
            if files.count == 1 { if let only = contours.first { Console.data(Self.csv(only.contour), terminator: "") } }
            else { Console.data(Self.csv(contours), terminator: "") }
        case .json:
            return try engine.finish(command: "pitch", body: PitchJSON(files: contours.map { PitchJSON.File(file: $0.file, contour: $0.contour) }))
        case .text: for (file, contour) in contours { Console.out(Self.text(contour, file: file)) }
        }
        try engine.finish(command: "pitch")
    }

    /// Several files in one table: `file,time,f0`. A file name with a comma or a quote is quoted, as CSV does.
    static func csv(_ contours: [(file: String, contour: PitchContour)]) -> String {
        var text = "file,time,f0\n"
        for (file, contour) in contours {
            let name = file.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + file.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : file
            for line in csv(contour).split(separator: "\n").dropFirst() { text += name + "," + line + "\n" }
        }
        return text
    }

    static func csv(_ contour: PitchContour) -> String {
        var text = "time,f0\n"
        for (index, f0) in contour.f0.enumerated() {
            text += String(format: "%.3f,", contour.time(ofFrame: index)) + (f0.map { String(format: "%.2f", $0) } ?? "") + "\n"
        }
        return text
    }

    static func text(_ contour: PitchContour, file: String) -> String {
        let duration = contour.time(ofFrame: max(0, contour.count - 1)) + contour.step / 2
        guard let median = contour.medianF0 else {
            return "\(file): no voiced frame in \(String(format: "%.2f", duration)) s: no pitch to show"
        }
        let voiced = contour.f0.compactMap { $0 }
        let plot = ContourPlot(width: 72, height: 3).strip(contour, duration: duration)
        return """
            \(file): \(String(format: "%.2f", duration)) s, voiced \(Int((Double(voiced.count) / Double(contour.count) * 100).rounded()))%, \
            median \(Int(median.rounded())) Hz, from \(Int(voiced.min()!.rounded())) to \(Int(voiced.max()!.rounded())) Hz
            \(plot.map { "  │" + $0 }.joined(separator: "\n"))
              └\(String(repeating: "─", count: 72))
            """
    }
}

enum PitchFormat: String, ExpressibleByArgument, CaseIterable {
    case text, csv, json
}

/// `pitch --format json`'s own keys, one shape for one file or many: `{"files": [{"file", "step", "medianF0",
/// "frames": [{"time", "f0"}]}]}`, f0 null when unvoiced; a file that could not be analysed is left out (its
/// diagnostic says why).
struct PitchJSON: Encodable {
    struct Frame: Encodable {
        var time: Double
        var f0: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode((time * 1000).rounded() / 1000, forKey: .time)
            if let f0 { try container.encode((f0 * 100).rounded() / 100, forKey: .f0) } else { try container.encodeNil(forKey: .f0) }
        }
        private enum Keys: String, CodingKey { case time, f0 }
    }

    struct File: Encodable {
        var file: String
        var step: Double
        var medianF0: Double?
        var frames: [Frame]

        init(file: String, contour: PitchContour) {
            self.file = file
            step = contour.step
            medianF0 = contour.medianF0.map { ($0 * 100).rounded() / 100 }
            frames = contour.f0.indices.map { Frame(time: contour.time(ofFrame: $0), f0: contour.f0[$0]) }
        }
    }

    var files: [File]
}
