import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackCore
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// How plain mode reads what learners type.
@Suite struct PlainViewTests {
    /// `slow` and `slow 0.5` mean the same in every activity that plays a line slower.
    @Test func slowTakesTheTwoSpeedsAndSaysWhatToTypeOtherwise() {
        func speeds(_ word: String?) -> [Double]? {
            if case .events(let speeds) = PlainWords.slowed(word, Strings(.en), { $0 }) { return speeds }
            return nil
        }
        #expect(speeds(nil) == [0.75] && speeds("0.75") == [0.75] && speeds("0.5") == [0.5])
        guard case .show(let lines) = PlainWords.slowed("2", Strings(.en), { $0 }) else {
            Issue.record("'slow 2' was taken")
            return
        }
        #expect(lines == ["slow 0.75, or slow 0.5"])
    }

    /// The contents' help names the module's own activities, whatever kinds there are.
    @Test func contentsHelpNamesTheModulesActivities() {
        let help = PlainDriver.contentsHelp(for: [.video, .questions, .test], Strings(.en))
        #expect(help.contains("1–3, or an activity's name (video, questions, test): open it"))
    }

    /// The test's view of a module whose only item is `kind`, as plain mode would be shown it.
    func view(_ kind: TestItem.Kind) throws -> TestPresenter.View {
        var module = try ModuleLoader.load(folder: Paths.sampleModule).module
        var item = module.test.items[0]
        item.kind = kind
        module.test.items = [item]
        module.test.draw = 1
        var random = SeededRandom(seed: 1)
        let engine = TestEngine(module: module, setup: TestEngine.deal(for: module, random: &random, previous: nil,
                                                                        options: NoOptions()), startedAt: Date())
        let context = PresentationContext(module: module)
        return TestPresenter.view(of: engine, local: TestPresenter.local(for: engine, context: context), context: context,
                                  at: Date())
    }

    func view(choices: Int) throws -> TestPresenter.View {
        let options = (0..<choices).map { "option \($0)" }
        return try view(.multipleChoice(choices: options, answer: options[0]))
    }

    func events(_ command: PlainCommand<TestPresenter.Event>) -> [TestPresenter.Event]? {
        if case .events(let events) = command { return events }
        return nil
    }

    /// A choice by letter in either case, or by its number, however many choices there are.
    @Test func testChoicesTakeLettersInEitherCaseAndNumbers() throws {
        let three = try view(choices: 3)
        #expect(events(PlainTest.read(["b"], view: three, Strings(.en))) == [.choose(1), .nextUnanswered])
        #expect(events(PlainTest.read(["B"], view: three, Strings(.en))) == [.choose(1), .nextUnanswered])
        #expect(events(PlainTest.read(["3"], view: three, Strings(.en))) == [.choose(2), .nextUnanswered])
        #expect(events(PlainTest.read(["d"], view: three, Strings(.en))) == nil)
        // Past Z, choices are named by number, and can be answered so.
        let many = try view(choices: 30)
        #expect(many.item?.choices[26].letter == "27")
        #expect(events(PlainTest.read(["27"], view: many, Strings(.en))) == [.choose(26), .nextUnanswered])
        #expect(events(PlainTest.read(["z"], view: many, Strings(.en))) == [.choose(25), .nextUnanswered])
    }

    @Test func statementsTakeCorrectOrIncorrect() throws {
        let view = try view(.statement(isCorrect: true))
        #expect(events(PlainTest.read(["C"], view: view, Strings(.en))) == [.mark(.correct), .nextUnanswered])
        #expect(events(PlainTest.read(["incorrect"], view: view, Strings(.en))) == [.mark(.incorrect), .nextUnanswered])
        #expect(events(PlainTest.read(["b"], view: view, Strings(.en))) == nil)
    }

    /// Plain mode can replay a statement's lines.
    @Test func theVideoTaskHasAReplayCommand() {
        #expect(PlainVideoTask.commands(Strings(.en)).contains { $0.hasPrefix("replay N") })
    }

    /// Numbers are read without overflowing, however large.
    @Test func hugeNumbersAreRefusedNotCrashedOn() throws {
        let three = try view(choices: 3)
        guard case .show = PlainTest.read(["item", "-9223372036854775808"], view: three, Strings(.en)) else {
            Issue.record("an impossible item number was taken")
            return
        }
        #expect(events(PlainTest.read(["9223372036854775807"], view: three, Strings(.en))) == nil)
    }

    /// On an item with six choices, f chooses F: finishing is End (or f on another item).
    @Test func theFullScreenTestPrefersAnswersToCommandKeys() throws {
        let six = try view(choices: 6)
        guard case .events(let chosen) = TestScreen.input(.character("f"), view: six) else {
            Issue.record("f did nothing")
            return
        }
        #expect(chosen == [.choose(5)])
        guard case .events(let finishing) = TestScreen.input(.end, view: six) else {
            Issue.record("End did nothing")
            return
        }
        #expect(finishing == [.finish])
        guard case .events(let alsoFinishing) = TestScreen.input(.character("f"), view: try view(choices: 3)) else {
            Issue.record("f did nothing on a three-choice item")
            return
        }
        #expect(alsoFinishing == [.finish])
    }
}
