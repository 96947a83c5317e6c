import Foundation
import LessonpackPresentation

/// Plain mode, activity 3: the transcript with its terms in brackets, and their definitions.
enum PlainVocabulary: PlainActivityView {
    typealias Presenter = VocabularyPresenter

    static func introduction(_ view: VocabularyPresenter.View, _ strings: Strings) -> [String] {
        [strings.text("plain.intro.vocabulary")]
    }

    static func describe(_ view: VocabularyPresenter.View, _ strings: Strings) -> [String] { transcript(view) + terms(view, strings) }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.vocabulary")) }

    static func read(_ words: [String], view: VocabularyPresenter.View, _ strings: Strings) -> PlainCommand<VocabularyPresenter.Event> {
        switch words.first?.lowercased() {
        case "transcript": return .show(transcript(view))
        case "terms": return .show(terms(view, strings))
        case "hear":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.lines.count) else {
                return PlainWords.askNumber(strings.text("plain.thing.line"), command: "hear", count: view.lines.count, strings)
            }
            return .events([.hearLine(index)])
        case "define":
            let wanted = words.dropFirst().joined(separator: " ")
            guard !wanted.isEmpty else { return .show([strings.text("plain.vocabulary.which-term")]) }
            return .events([.define(wanted)])
        default: return .unknown
        }
    }

    static func reply(to events: [VocabularyPresenter.Event], message: Message?, view: VocabularyPresenter.View, _ strings: Strings) -> [String] {
        if message == nil, case .define? = events.first, let shown = view.definition { return [shown.sentence] }
        return PlainWords.say(message)
    }

    static func transcript(_ view: VocabularyPresenter.View) -> [String] {
        view.lines.map { line in
            "\(line.number). \(line.speaker): " + line.spans.map { $0.term == nil ? $0.text : "[\($0.text)]" }.joined()
        }
    }

    static func terms(_ view: VocabularyPresenter.View, _ strings: Strings) -> [String] {
        [strings.text("plain.vocabulary.terms")] + view.terms.enumerated().map { "  \($0 + 1). \($1)" }
    }
}
