import Foundation
import LessonpackActivities
import LessonpackAuthoring
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackBundle

@Suite struct TranscodeTests {
    /// A module from the starter template with real media: WAV speech clips and a short video.
    func moduleWithRealMedia(in folder: TemporaryFolder, ffmpeg: ExternalTool) throws -> String {
        let module = folder.child("m")
        try ModuleTemplate.create(from: .starter, at: module, id: "m", title: "M")
        for (index, name) in ["lines/line-01.wav", "lines/line-02.wav", "qa/question-1.wav", "qa/question-1-a.wav",
                              "qa/question-1-b.wav", "qa/question-1-c.wav"].enumerated() {
            let path = module + "/media/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try TestAudio.wav(seconds: 1.5, sampleRate: 16000, frequency: Double(300 + 50 * index))
                .write(to: URL(fileURLWithPath: path))
        }
        let video = try ffmpeg.run(["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x1F77B4:s=640x360:d=6:r=25",
                                    "-f", "lavfi", "-i", "sine=frequency=300:duration=6", "-c:v", "mpeg4", "-q:v", "2",
                                    "-c:a", "aac", "-shortest", module + "/media/conversation.mp4"])
        #expect(video.succeeded, "\(video.errorText)")
        try MediaScanner.write(MediaScanner.scan(folder: module), folder: module)
        return module
    }

    @Test func speechAndVideoShrinkAndTheCacheMakesRebuildsQuick() throws {
        let ffmpeg = try #require(ExternalTool.find("ffmpeg"), "scripts/setup installs ffmpeg")
        let folder = TemporaryFolder()
        let module = try moduleWithRealMedia(in: folder, ffmpeg: ffmpeg)
        let cache = folder.child("cache")
        let transcoder = try Transcoder.make(cacheFolder: cache)

        let first = try BundleBuilder.build(folder: module, options: .init(outputFolder: folder.child("a"), transcoder: transcoder))
        let bundlePath = try #require(first.bundlePath, "\(first.diagnostics)")
        let audio = first.transcoded.filter { $0.path.hasSuffix(".wav") }
        #expect(audio.count == 6)
        #expect(audio.allSatisfy { !$0.kept && $0.newPath.hasSuffix(".opus") && $0.newSize < $0.originalSize / 4 })
        #expect(first.transcoded.allSatisfy { !$0.cached })
        let video = try #require(first.transcoded.first { $0.path == "conversation.mp4" })
        #expect(!video.kept && video.newSize < video.originalSize)

        let opened = try BundleReader.open(bundlePath)
        #expect(opened.module.transcript.map(\.audio) == ["lines/line-01.opus", "lines/line-02.opus"])
        #expect(opened.module.questions[0].answers.map(\.audio).allSatisfy { $0.hasSuffix(".opus") })
        #expect(opened.module.media.map(\.path).allSatisfy { !$0.hasSuffix(".wav") })
        #expect(BundleVerifier.verify(bundlePath).problems.isEmpty)

        let second = try BundleBuilder.build(folder: module, options: .init(outputFolder: folder.child("b"), transcoder: transcoder))
        #expect(second.transcoded.allSatisfy { $0.cached })
        let secondPath = try #require(second.bundlePath)
        #expect(try Data(contentsOf: URL(fileURLWithPath: bundlePath)) == Data(contentsOf: URL(fileURLWithPath: secondPath)))
    }

    @Test func withoutFFmpegItSaysSoAndStops() {
        #expect(throws: BundleError.self) { try Transcoder.make(cacheFolder: "/tmp/unused", ffmpeg: nil) }
        do {
            _ = try Transcoder.make(cacheFolder: "/tmp/unused", ffmpeg: nil)
        } catch {
            #expect(error.description.hasPrefix("--transcode needs ffmpeg, which is not installed"))
        }
    }
}

@Suite struct InspectionTests {
    @Test func summarisesTheSampleBundle() throws {
        let folder = TemporaryFolder()
        let inspection = BundleInspection(try BundleReader.open(try buildSample(into: folder)),
                                          describe: ActivityRegistry.summary)
        #expect(inspection.id == "job-interview")
        #expect(inspection.signature == "unsigned")
        #expect(inspection.entries.first?.path == "mimetype")
        #expect(inspection.totals.map(\.kind) == ["text", "audio", "video"])
        #expect(inspection.totals.map(\.entries) == [3, 49, 1])
        // The eight activities the sample lists, whatever kinds come later.
        #expect(inspection.activities.map(\.activity) == ([.video, .videoTask, .vocabulary, .audioGame, .pronunciation, .questions, .dictionary, .test] as [ActivityKind]).map(\.rawValue))
        #expect(inspection.activities[1].counts == ["10 statements"])
        #expect(inspection.activities[7].counts == ["30 items in the bank", "20 per attempt", "3 objectives"])
        #expect(inspection.activities[6].counts == ["18 definitions", "2 boxes"])
    }
}
