import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackCore

/// The module as the WebAssembly core receives it, and the JSON the core reads: what the core writes reads back
/// the same, and what it did not write is refused rather than half read.
@Suite struct ModuleJSONTests {
    @Test func theSampleModuleReadsBackAsItWasWritten() throws {
        let sample = try ModuleLoader.load(folder: Paths.sampleModule).module
        let text = ModuleJSON.write(sample)
        let read = try #require(ModuleJSON.read(text))
        #expect(ModuleJSON.write(read) == text)
        // Times travel as whole milliseconds; everything else exactly.
        var rounded = sample
        func toMilliseconds(_ seconds: Double) -> Double { Double(ModuleJSON.milliseconds(seconds)) / 1000 }
        for index in rounded.transcript.indices {
            rounded.transcript[index].start = toMilliseconds(rounded.transcript[index].start)
            rounded.transcript[index].end = toMilliseconds(rounded.transcript[index].end)
        }
        for index in rounded.media.indices {
            rounded.media[index].duration = rounded.media[index].duration.map(toMilliseconds)
            // The bundle's reader has checked sizes and hashes; the core's JSON leaves them out.
            (rounded.media[index].size, rounded.media[index].sha256) = (0, "")
        }
        #expect(read == rounded, "the sample changed on its way through JSON")
    }

    @Test func everyOptionalFieldAndKindOfItemTravels() throws {
        var module = Module(id: "m", title: "T \"quoted\"\n", version: "1.0.0", level: "A2", summary: "\u{01}ctl",
                            language: "en-GB", passMark: 70)
        module.transcript = [TranscriptLine(id: "l1", speaker: "s", text: "Café – 日本 😀", start: 1.5, end: 2.25,
                                            audio: "media/l1.opus", terms: ["café"], uncertainTiming: "guessed")]
        module.test = TestBank(draw: 2, items: [
            TestItem(id: "t1", objective: "o", text: "?", kind: .statement(isCorrect: false), explanation: "why", weight: 3),
            TestItem(id: "t2", objective: "o", text: "?", kind: .multipleChoice(choices: ["a", "b"], answer: "b")),
        ])
        module.media = [MediaFile(path: "media/v.mp4", kind: .video, size: 0, sha256: "", duration: 61.25, placeholder: true)]
        module.chosenLines[.dictation] = ["l1"]
        #expect(ModuleJSON.read(ModuleJSON.write(module)) == module)
    }

    @Test func whatTheCoreDidNotWriteIsRefused() throws {
        let text = ModuleJSON.write(try ModuleLoader.load(folder: Paths.sampleModule).module)
        for (broken, why) in [
            (text.replacingOccurrences(of: #""title":"#, with: #""name":"#), "a missing field"),
            (text.replacingOccurrences(of: #""passMark":null"#, with: #""passMark":"70""#), "a field of the wrong type"),
            (text.replacingOccurrences(of: #""draw":20"#, with: #""draw":20.5"#), "a fraction"),
            (text.replacingOccurrences(of: #""activities":["#, with: #""activities":["karaoke","#), "an unknown activity"),
            (String(text.dropLast()), "a cut-off document"),
            (text + "x", "something after the document"),
        ] {
            #expect(ModuleJSON.read(broken) == nil, "\(why) was read")
        }
    }

    @Test func aModuleTheEnginesCannotPlayIsRefused() throws {
        let sample = try ModuleLoader.load(folder: Paths.sampleModule).module
        #expect(ModuleJSON.read(ModuleJSON.write(sample)) != nil)
        var broken: [(Module, String)] = []
        var module = sample
        module.transcript[1].id = module.transcript[0].id
        broken.append((module, "two lines with one id (an audio game would deal for ever)"))
        module = sample
        module.questions[0].answers = []
        broken.append((module, "a question without answers"))
        module = sample
        for index in module.questions[0].answers.indices { module.questions[0].answers[index].isCorrect = false }
        broken.append((module, "a question with no right answer"))
        module = sample
        module.test.items[0].weight = 2_000_000_000
        broken.append((module, "a weight that overflows a 32-bit score"))
        module = sample
        module.test.items[1].id = module.test.items[0].id
        broken.append((module, "two test items with one id"))
        module = sample
        module.passMark = 1000
        broken.append((module, "a pass mark over 100"))
        for (module, why) in broken {
            #expect(ModuleJSON.read(ModuleJSON.write(module)) == nil, "\(why) was read")
        }
    }

    @Test func theReaderRefusesWhatJSONDoesNotAllowAndBoundsTheDepth() {
        for text in [#""\x""#, #""\ud800""#, #""\udc00x""#, "\"a\u{01}\"", "01x", "-", "[1,]", "{\"a\" 1}", "99999999999999999999",
                     String(repeating: "[", count: 100) + String(repeating: "]", count: 100)] {
            #expect(CoreJSONValue.parse(text) == nil, "\(text) was read")
        }
        #expect(CoreJSONValue.parse(String(repeating: "[", count: 60) + String(repeating: "]", count: 60)) != nil)
        #expect(CoreJSONValue.parse(#" {"a" : [true, false, null, -12, "\u00e9\ud83d\ude00\n"]} "#)
            == .object([("a", .array([.bool(true), .bool(false), .null, .integer(-12), .string("é😀\n")]))]))
    }

    @Test func everyStringTheWriterWritesReadsBack() {
        var random = SeededRandom(seed: 5)
        let pool: [Unicode.Scalar] = ["a", "\"", "\\", "/", "\n", "\r", "\t", "\u{00}", "\u{1F}", "\u{7F}", "é", "\u{2028}", "日", "😀"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<random.below(12) { text.append(pool[random.below(pool.count)]) }
            var json = CoreJSON()
            json.value(String(text))
            #expect(CoreJSONValue.parse(json.text) == .string(String(text)), "\(json.text)")
        }
    }
}
