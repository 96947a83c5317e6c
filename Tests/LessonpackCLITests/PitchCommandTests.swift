import Foundation
import LessonpackTestSupport
import Testing

/// `lessonpack pitch`, run as authors and bench/pitch run it.
@Suite struct PitchCommandTests {
    @Test func aToneGivesItsFrequencyInEveryFormat() throws {
        let folder = TemporaryFolder()
        let tone = folder.child("tone.wav")
        try TestAudio.wav(seconds: 0.6, sampleRate: 16_000, frequency: 220).write(to: URL(fileURLWithPath: tone))

        let csv = try LessonpackBinary.run(["pitch", tone, "--format", "csv"])
        #expect(csv.status == 0)
        let rows = csv.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.first == "time,f0")
        let values = rows.dropFirst().compactMap { Double($0.split(separator: ",", omittingEmptySubsequences: false)[1]) }
        #expect(values.count >= 50)
        #expect(values.allSatisfy { abs(1200 * log2($0 / 220)) < 10 }, "\(values.prefix(5))")

        let json = try LessonpackBinary.run(["pitch", tone, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["command"] as? String == "pitch")
        // One file or many, the same shape: the files under `files`.
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == 1 && files.first?["file"] as? String == tone)
        #expect(((files.first?["medianF0"] as? Double) ?? 0) > 215)

        let text = try LessonpackBinary.run(["pitch", tone])
        #expect(text.standardOutput.contains("median 220 Hz"))
    }

    @Test func severalFilesShareATableAndAnUnreadableOneFailsAlone() throws {
        let folder = TemporaryFolder()
        let low = folder.child("low.wav"), high = folder.child("high, loud.wav")
        try TestAudio.wav(seconds: 0.4, sampleRate: 16_000, frequency: 120).write(to: URL(fileURLWithPath: low))
        try TestAudio.wav(seconds: 0.4, sampleRate: 16_000, frequency: 300).write(to: URL(fileURLWithPath: high))
        let notAudio = folder.write("hello", to: "notes.wav")
        let result = try LessonpackBinary.run(["pitch", low, notAudio, high, "--format", "csv"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("notes.wav: error: not audio") && result.standardError.contains("[audio-unreadable]"))
        let rows = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.first == "file,time,f0")
        #expect(rows.contains { $0.hasPrefix(low + ",") })
        #expect(rows.contains { $0.hasPrefix("\"" + high + "\",") }, "a name with a comma is quoted")
        #expect(!rows.contains { $0.contains("notes.wav") })

        let json = try LessonpackBinary.run(["pitch", low, notAudio, high, "--format", "json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((object["files"] as? [[String: Any]])?.compactMap { $0["file"] as? String } == [low, high])
        #expect((object["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "audio-unreadable")
    }
}
