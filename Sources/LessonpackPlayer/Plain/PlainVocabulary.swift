import Foundation
import LessonpackPresentation

/// Plain mode, activity 3: the transcript with its terms in brackets, and their definitions.
enum PlainVocabulary: PlainActivityView {
    typealias Presenter = VocabularyPresenter

    static func introduction(_ view: VocabularyPresenter.View) -> [String] {
        ["The conversation, with its key terms in [brackets]. 'define N' explains term N."]
    }

    static func describe(_ view: VocabularyPresenter.View) -> [String] { transcript(view) + terms(view) }

    static let commands = ["transcript: the lines, terms in [brackets]", "terms: the terms, numbered",
                           "define N or define TERM: a term's definition", "hear N: play line N"]

    static func read(_ words: [String], view: VocabularyPresenter.View) -> PlainCommand<VocabularyPresenter.Event> {
        switch words.first?.lowercased() {
        case "transcript": return .show(transcript(view))
        case "terms": return .show(terms(view))
        case "hear":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.lines.count) else {
                return PlainWords.askNumber("line", command: "hear", count: view.lines.count)
            }
            return .events([.hearLine(index)])
        case "define":
            let wanted = words.dropFirst().joined(separator: " ")
            guard !wanted.isEmpty else { return .show(["Say which term: define 2, or define have a seat"]) }
            return .events([.define(wanted)])
        default: return .unknown
        }
    }

    static func reply(to events: [VocabularyPresenter.Event], message: Message?, view: VocabularyPresenter.View) -> [String] {
        if message == nil, case .define? = events.first, let shown = view.definition { return [shown.sentence] }
        return PlainWords.say(message)
    }

    static func transcript(_ view: VocabularyPresenter.View) -> [String] {
        view.lines.map { line in
            "\(line.number). \(line.speaker): " + line.spans.map { $0.term == nil ? $0.text : "[\($0.text)]" }.joined()
        }
    }

    static func terms(_ view: VocabularyPresenter.View) -> [String] {
        ["Terms:"] + view.terms.enumerated().map { "  \($0 + 1). \($1)" }
    }
}
