import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// The prepared conversations in the learner's cache are bounded: the most recently used stay, and nothing but a
/// track is ever removed.
@Suite struct VoiceTrackCacheTests {
    @Test func theMostRecentlyUsedTracksStayAndNothingElseIsTouched() throws {
        let folder = TemporaryFolder()
        let cache = folder.child("voices")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let base = Date().timeIntervalSince1970 - 10_000
        for index in 0..<5 {
            let path = cache + "/\(String(index + 10, radix: 16))abc.wav"
            try Data("RIFF".utf8).write(to: URL(fileURLWithPath: path))
            var times = [timeval(tv_sec: Int(base) + index * 100, tv_usec: 0), timeval(tv_sec: Int(base) + index * 100, tv_usec: 0)]
            #expect(utimes(path, &times) == 0)
        }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: cache + "/notes.wav"))
        let outside = folder.write("keep me", to: "outside.wav")
        try FileManager.default.createSymbolicLink(atPath: cache + "/0ff.wav", withDestinationPath: outside)
        // The oldest track played again counts as the newest.
        VoiceTrackCache.touch(cache + "/aabc.wav")
        VoiceTrackCache.prune(cache, keeping: 3)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: cache))
        #expect(left == ["aabc.wav", "dabc.wav", "eabc.wav", "notes.wav", "0ff.wav"])
        #expect(FileManager.default.fileExists(atPath: outside))
    }
}
