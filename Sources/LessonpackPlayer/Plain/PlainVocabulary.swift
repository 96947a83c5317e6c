import Foundation

/// Plain mode, activity 3: the transcript with its terms in brackets, and their definitions.
final class PlainVocabulary: PlainActivity {
    let vocabulary: VocabularyController
    var controller: ActivityController { vocabulary }

    init(_ vocabulary: VocabularyController) { self.vocabulary = vocabulary }

    func describe(at now: Date) -> [String] {
        ["The conversation, with its key terms in [brackets]. 'define N' explains term N."] + transcript() + terms()
    }

    let commands = ["transcript: the lines, terms in [brackets]", "terms: the terms, numbered",
                    "define N or define TERM: a term's definition", "hear N: play line N"]

    func handle(_ words: [String], at now: Date) -> [String]? {
        let engine = vocabulary.engine
        switch words.first {
        case "transcript": return transcript()
        case "terms": return terms()
        case "hear":
            guard let index = PlainWords.index(words.dropFirst().first, count: engine.lines.count) else { return ["hear 1–\(engine.lines.count)"] }
            vocabulary.playLine(index)
            return ["Playing line \(index + 1)."]
        case "define":
            let wanted = words.dropFirst().joined(separator: " ")
            let position = PlainWords.index(wanted, count: engine.termPositions.count).map { engine.termPositions[$0] }
                ?? engine.termPositions.first { engine.lines[$0.line].spans[$0.span].term?.lowercased() == wanted.lowercased() }
            guard let position else { return ["No term '\(wanted)'; 'terms' lists them."] }
            vocabulary.select(position)
            guard let definition = vocabulary.open(at: now), let term = vocabulary.engine.selectedTerm else { return ["(no definition)"] }
            return ["\(term) (\(definition.partOfSpeech)): \(definition.meaning)"]
        default: return nil
        }
    }

    private func transcript() -> [String] {
        vocabulary.engine.lines.enumerated().map { index, line in
            "\(index + 1). " + line.spans.map { $0.term == nil ? $0.text : "[\($0.text)]" }.joined()
        }
    }

    private func terms() -> [String] {
        let engine = vocabulary.engine
        return ["Terms:"] + engine.termPositions.enumerated().map { index, position in
            "  \(index + 1). \(engine.lines[position.line].spans[position.span].term ?? "")"
        }
    }
}
