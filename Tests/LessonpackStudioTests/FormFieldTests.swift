import LessonpackDiagnostics
import Testing
@testable import LessonpackStudio

/// A problem's place on the page comes from its path alone, in the model's names the page's fields use.
@Suite struct FormFieldTests {
    @Test(arguments: [
        (ModulePath.module(.title), "title"),
        (.speakers(0, .colour), "speakers.0.colour"),
        (.transcript(3, .start), "transcript.3.start"),
        (.transcript(3, .term(1)), "transcript.3.terms.1"),
        (.transcript(3, .entry), "transcript.3"),
        (.definitions(2, .meaning), "definitions.2.meaning"),
        (.definitions(2, .term), "definitions.2"),
        (.phrasebook(0, .text), "phrasebook.0.body"),
        (.videoTask(4, .correct), "videoTask.4.isCorrect"),
        (.videoTask(4, .line(0)), "videoTask.4.lines.0"),
        (.questions(1, .answer(2, .audio)), "questions.1.answers.2.audio"),
        (.questions(1, .answer(2, .correct)), "questions.1.answers.2.isCorrect"),
        (.questions(1, .answer(0)), "questions.1.answers.0"),
        (.test(.draw), "test.draw"),
        (.testItems(5, .objective), "test.items.5.objective"),
        (.testItems(5, .correct), "test.items.5.correct"),
        (.testItems(5, .choice(1)), "test.items.5.choices.1"),
        (.media(7, .size), "media.7"),
        // An activity's chosen lines, under whatever key the activity gives them.
        (.chosenLines(key: "someLines"), "someLines"),
        (.chosenLines(key: "someLines", 2), "someLines.2"),
    ])
    func aPathNamesItsFormField(_ path: ModulePath, _ field: String) {
        #expect(path.formField == field)
    }

    @Test func aWholeFileOrAListNamesNoField() {
        #expect(ModulePath.file(.media).formField == nil)
        #expect(ModulePath.list(.transcript).formField == nil)
        #expect(ModulePath.root(.test).formField == nil)
    }
}
