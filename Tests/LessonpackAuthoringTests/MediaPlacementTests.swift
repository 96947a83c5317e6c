import LessonpackAuthoring
import LessonpackModel
import Testing

/// Clips named for their place fill that clip field, and only an empty one or one naming a file that is not there.
@Suite struct MediaPlacementTests {
    @Test func namesSayWhichFieldTheyFill() {
        #expect(MediaPlacement.slot(forFile: "lines/l01.opus") == .line(id: "l01", number: 1))
        #expect(MediaPlacement.slot(forFile: "line-1.wav") == .line(id: "line-1", number: 1))
        #expect(MediaPlacement.slot(forFile: "qa/q1.opus") == .question(id: "q1", number: 1))
        #expect(MediaPlacement.slot(forFile: "q1-a.opus") == .answer(question: "q1", number: 1, answer: 0))
        #expect(MediaPlacement.slot(forFile: "Q2B.mp3") == .answer(question: "q2", number: 2, answer: 1))
        #expect(MediaPlacement.slot(forFile: "interview.opus") == nil)
        #expect(MediaPlacement.slot(forFile: "q1-d.opus") == nil)
    }

    private func module() -> Module {
        var module = Module(id: "m", title: "M")
        module.transcript = (1...3).map {
            TranscriptLine(id: "l0\($0)", speaker: "a", text: "Line \($0)", start: Double($0), end: Double($0) + 1, audio: "")
        }
        let answers = (0..<3).map { Question.Answer(text: "Answer \($0)", audio: "", isCorrect: $0 == 0) }
        module.questions = [Question(id: "q1", text: "Why?", audio: "qa/chosen.opus", answers: answers)]
        return module
    }

    @Test func onlyEmptyAndPlaceholderFieldsAreFilled() {
        var module = module()
        module.transcript[1].audio = "lines/missing.opus"
        let onDisk: Set = ["qa/chosen.opus", "line-1.wav", "lines/l02.opus", "lines/l03.opus", "q1.opus", "q1b.mp3"]
        let filled = MediaPlacement.fill(&module, with: Array(onDisk), onDisk: onDisk)
        #expect(module.transcript.map(\.audio) == ["line-1.wav", "lines/l02.opus", "lines/l03.opus"])
        #expect(module.questions[0].audio == "qa/chosen.opus", "a clip the author chose stays")
        #expect(module.questions[0].answers.map(\.audio) == ["", "q1b.mp3", ""])
        #expect(filled.map(\.field) == ["transcript.0.audio", "transcript.1.audio", "transcript.2.audio",
                                        "questions.0.answers.1.audio"])
        #expect(filled.last?.description == "question q1, answer B's clip: media/q1b.mp3")
    }

    @Test func aPlaceholderClipGivesWayToTheTeachersRecording() {
        var module = module()
        module.transcript[0].audio = "lines/l01.wav"
        module.questions[0].audio = "qa/q1.wav"
        module.media = [MediaFile(path: "lines/l01.wav", kind: .audio, size: 1, sha256: "", placeholder: true),
                        MediaFile(path: "qa/q1.wav", kind: .audio, size: 1, sha256: "")]
        let onDisk: Set = ["lines/l01.wav", "qa/q1.wav", "lines/l01.opus", "q1.opus"]
        let filled = MediaPlacement.fill(&module, with: Array(onDisk), onDisk: onDisk)
        #expect(module.transcript[0].audio == "lines/l01.opus", "the quiet stand-in is replaced")
        #expect(module.questions[0].audio == "qa/q1.wav", "a recording that is not a placeholder stays")
        #expect(filled.map(\.field) == ["transcript.0.audio"])
    }
}
