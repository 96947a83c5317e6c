import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAlign

/// The aligner on a conversation it has not heard before: festival's voices (not espeak-ng's), a room's echo and
/// noise at 20 dB SNR, from scripts/generate-lesson-recording, checked against the times the script measured.
@Suite struct RecordedConversationTests {
    static let transcript = """
        Helen: Good morning. You must be David Moore.
        David: Yes, that's right. Nice to meet you.
        Helen: Please, have a seat. Did you find us easily?
        David: Yes, I took the bus from the station.
        Helen: Tell me about your last job.
        """

    struct Truth: Decodable {
        struct Line: Decodable { var text: String; var start: Double; var end: Double }
        var lines: [Line]
    }

    /// Makes the recording, or fails saying which tool is missing.
    static func record(_ transcript: String, in folder: TemporaryFolder) async throws -> (video: String, truth: Truth) {
        for tool in ["python3", "text2wave", "sox", "ffmpeg", "espeak-ng"] {
            _ = try #require(ExternalTool.find(tool), "\(tool) is needed to make and align the test recording; scripts/setup installs it")
        }
        let text = folder.write(transcript + "\n", to: "transcript.txt")
        let script = ExternalTool(name: "generate-lesson-recording", path: Paths.inPackage("scripts/generate-lesson-recording"))
        let output = try await script.run([text, folder.child("out")], timeout: 300)
        try #require(output.succeeded, "generate-lesson-recording failed: \(output.errorText)")
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: folder.child("out/truth.json"))))
        return (folder.child("out/conversation.mp4"), truth)
    }

    @Test func everyBoundaryIsWithin200msOfTheTruth() async throws {
        let folder = TemporaryFolder()
        let (video, truth) = try await Self.record(Self.transcript, in: folder)
        let lines = try ForcedAligner().align(soundtrack: video, lines: truth.lines.map(\.text))
        try #require(lines.count == truth.lines.count)
        var errors: [Double] = []
        for (found, real) in zip(lines, truth.lines) {
            errors += [abs(found.start - real.start), abs(found.end - real.end)]
            #expect(abs(found.start - real.start) <= 0.2, "'\(real.text)' starts at \(found.start), truly \(real.start)")
            #expect(abs(found.end - real.end) <= 0.2, "'\(real.text)' ends at \(found.end), truly \(real.end)")
            #expect(found.doubt == nil, "'\(real.text)' doubted: \(found.doubt ?? "")")
        }
        print("boundary errors (ms):", errors.map { Int(($0 * 1000).rounded()) })

        // A transcript missing a line the recording holds: what is left cannot all fit, and some line says so.
        var short = truth.lines.map(\.text)
        short.remove(at: 2)
        let misfit = try ForcedAligner().align(soundtrack: video, lines: short)
        #expect(misfit.contains { $0.doubt != nil }, "no doubt when a line is missing: \(misfit)")
    }

    @Test func aSoundtrackThatIsNotAudioIsRefused() async throws {
        let folder = TemporaryFolder()
        let file = folder.write("not a video", to: "video.mp4")
        #expect(throws: AlignError.self) { try ForcedAligner().align(soundtrack: file, lines: ["Hello."]) }
        #expect(throws: AlignError(.nothingToAlign, "there are no lines to align")) {
            try ForcedAligner().align(soundtrack: file, lines: [])
        }
    }
}
