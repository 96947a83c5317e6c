import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio

/// What the page shows of a diagnostic is in the form's words: it names the item and the field, and never a file,
/// a line and column, or a command to type.
@Suite struct StudioWordingTests {
    @Test func anEmptyAnswerAndADefinitionWithoutItsPartOfSpeechAreNamedAsTheFormNamesThem() async throws {
        let temporary = TemporaryFolder()
        defer { withExtendedLifetime(temporary) {} }
        let module = temporary.copy(Paths.sampleModule, as: "job-interview")
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var edited = state.module
        edited.questions[1].answers[1].text = ""
        edited.definitions[0].partOfSpeech = ""
        guard case .saved(let saved) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("the save was refused")
            return
        }
        let answer = try #require(saved.diagnostics.first { $0.field == "questions.1.answers.1.text" })
        #expect(answer.message == "Text is empty: fill it in")
        #expect(answer.subject == "Question 2, answer B")
        let term = edited.definitions[0].term
        let definition = try #require(saved.diagnostics.first { $0.code == "definition-format" })
        #expect(definition.field == "definitions.0.partOfSpeech", "it points at the Part of speech field")
        #expect(definition.message.contains("under Part of speech") && !definition.message.contains("parentheses"))
        #expect(definition.subject == "Definition of '\(term)'")
        for diagnostic in saved.diagnostics {
            #expect(!diagnostic.message.contains(".plist") && !diagnostic.message.contains("lessonpack "),
                    "\(diagnostic.message)")
        }
    }

    @Test func commandsAndFilesBecomeWhatThePageDoes() {
        let unused = "media/x.opus is in media.plist but nothing in the module uses it, so it would only make the " +
            "bundle bigger; delete it and run 'lessonpack media scan /tmp/m', or name it where it belongs"
        #expect(StudioWording.inFormWords(unused) == "media/x.opus is in the media library but nothing in the module " +
                "uses it, so it would only make the bundle bigger; delete it under Media, or name it where it belongs")
        #expect(StudioWording.inFormWords("run 'lessonpack media scan /m' if the file changed on purpose")
                == "press Scan the media folder again under Media if the file changed on purpose")
        #expect(StudioWording.reportLine("questions/qa.plist: 3 added, 5 in all") == "Questions and answers: 3 added, 5 in all")
        #expect(StudioWording.subject(field: nil, file: "media.plist", module: nil) == "Media library")
    }
}
