import Foundation
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAuthoring

/// `media scan` looks inside every file with the real ffprobe (scripts/setup installs it with ffmpeg).
@Suite struct MediaProbeTests {
    static func ffprobe() throws -> FFProbe {
        let probe = FFProbe()
        if let reason = probe.unavailableReason { Issue.record("ffprobe is needed here and cannot run: \(reason)") }
        return probe
    }

    static func make(_ arguments: [String]) throws {
        guard let ffmpeg = ExternalTool.find("ffmpeg") else { throw Failure("ffmpeg is needed here and is not installed") }
        let output = try ffmpeg.run(["-v", "error", "-y"] + arguments, timeout: 60)
        guard output.succeeded else { throw Failure("ffmpeg failed: \(output.errorText)") }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aTextFileWithAMediaExtensionIsRefused() throws {
        let folder = TemporaryFolder()
        let probe = try Self.ffprobe()
        for name in ["fake.opus", "fake.mp4", "fake.png", "fake.vtt"] {
            let path = folder.write("this is not media\n", to: name)
            let kind = MediaKind(fileExtension: (name as NSString).pathExtension)!
            guard case .refused(let reason) = probe.probe(fileAt: path, kind: kind, fileExtension: (name as NSString).pathExtension)
            else { Issue.record("\(name) was accepted"); continue }
            #expect(!reason.isEmpty)
        }
    }

    @Test func realFilesDecodeAsTheirKindWithDurations() throws {
        let folder = TemporaryFolder()
        let probe = try Self.ffprobe()
        try Self.make(["-f", "lavfi", "-i", "sine=d=1.25", "-c:a", "libopus", folder.child("tone.opus")])
        try Self.make(["-f", "lavfi", "-i", "color=c=red:s=16x16:d=0.1", "-frames:v", "1", folder.child("red.png")])
        guard case .decoded(let tone?) = probe.probe(fileAt: folder.child("tone.opus"), kind: .audio, fileExtension: "opus") else {
            Issue.record("an Opus clip was not read with a duration")
            return
        }
        #expect(abs(tone - 1.25) < 0.05)
        #expect(probe.probe(fileAt: folder.child("red.png"), kind: .image, fileExtension: "png") == .decoded(duration: nil))
        let sample = Paths.sampleModule + "/media/conversation.mp4"
        guard case .decoded(let duration?) = probe.probe(fileAt: sample, kind: .video, fileExtension: "mp4") else {
            Issue.record("the sample's video was not read with a duration")
            return
        }
        #expect(duration > 100)
    }

    @Test func realSubtitlesAndImagesAreAccepted() throws {
        let folder = TemporaryFolder()
        let probe = try Self.ffprobe()
        for (name, text) in [("lf.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n"),
                             ("crlf.vtt", "WEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\nHi\r\n"),
                             ("titled.vtt", "\u{FEFF}WEBVTT - an interview\n\n00:00.000 --> 00:01.000\nHi\n"),
                             ("bare.vtt", "WEBVTT"),
                             ("cue.srt", "1\n00:00:00,000 --> 00:00:01,000\nHi\n"),
                             ("drawing.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")] {
            let path = folder.write(text, to: name)
            let fileExtension = (name as NSString).pathExtension
            #expect(probe.probe(fileAt: path, kind: MediaKind(fileExtension: fileExtension)!, fileExtension: fileExtension)
                    == .decoded(duration: nil), "\(name)")
        }
        #expect(probe.probe(fileAt: folder.write("WEBVTTX\n", to: "not.vtt"), kind: .subtitles, fileExtension: "vtt")
                != .decoded(duration: nil))
    }

    @Test func aPlaylistNamedAsVideoIsNotFollowed() throws {
        let folder = TemporaryFolder()
        let probe = try Self.ffprobe()
        let target = folder.write("secret\n", to: "secret.txt")
        let playlist = folder.write("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile://\(target)\n#EXT-X-ENDLIST\n",
                                    to: "playlist.mp4")
        guard case .refused = probe.probe(fileAt: playlist, kind: .video, fileExtension: "mp4") else {
            Issue.record("an HLS playlist named .mp4 was accepted")
            return
        }
    }

    @Test func aFileOfAnotherKindThanItsNameIsRefused() throws {
        let folder = TemporaryFolder()
        let probe = try Self.ffprobe()
        try Self.make(["-f", "lavfi", "-i", "sine=d=0.5", folder.child("tone.wav")])
        try FileManager.default.copyItem(atPath: folder.child("tone.wav"), toPath: folder.child("tone.mp4"))
        guard case .refused(let reason) = probe.probe(fileAt: folder.child("tone.mp4"), kind: .video, fileExtension: "mp4") else {
            Issue.record("a WAV file named .mp4 was accepted")
            return
        }
        #expect(reason == "it holds wav data, not the .mp4 its name says; rename or convert it")
    }

    @Test func aScanLeavesRefusedFilesOutAndSaysWhy() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "m")
        try TestAudio.wav(seconds: 1).write(to: URL(fileURLWithPath: module + "/media/tone.wav"))
        folder.write("hello", to: "m/media/text.opus")
        folder.write("audiobook", to: "m/media/book.m4b")
        let scan = MediaScanner.scan(folder: module, probe: try Self.ffprobe())
        #expect(scan.refused.map(\.path).contains("text.opus"))
        #expect(scan.files.first { $0.path == "tone.wav" }?.duration == 1)
        #expect(!scan.files.contains { $0.path == "text.opus" })
        let skipped = try #require(scan.skipped.first { $0.path == "book.m4b" })
        #expect(skipped.reason.hasPrefix("'.m4b' is not a media type a module uses; convert it to one that is (video .mp4"))
    }
}
