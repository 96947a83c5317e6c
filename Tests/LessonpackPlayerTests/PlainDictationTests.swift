import LessonpackModel
import LessonpackPresentation
import Testing
@testable import LessonpackPlayer

/// How plain mode reads what learners type in the dictation.
@Suite struct PlainDictationTests {
    /// The contents' help names the dictation among the module's activities when the module lists it.
    @Test func contentsHelpNamesTheDictation() {
        let help = PlainDriver.contentsHelp(for: [.video, .dictation, .test], Strings(.en))
        #expect(help.contains("1–3, or an activity's name (video, dictation, test): open it"))
    }
}
