import Foundation

/// The sections a lesson document may have, and the names teachers give them. A heading of any level starts one;
/// names are matched without regard to case, numbering ("2. Glossary") or a closing colon.
package enum LessonSection: String, Sendable, CaseIterable {
    case details, speakers, objectives, transcript, glossary, languageFocus, videoTask, questions, test

    /// Every name a heading may give the section, lowercased.
    package var names: [String] {
        switch self {
        case .details: ["module details", "details", "about this module", "about"]
        case .speakers: ["speakers", "characters", "cast"]
        case .objectives: ["learning objectives", "objectives", "learning outcomes"]
        case .transcript: ["conversation", "transcript", "dialogue", "dialog", "script"]
        case .glossary: ["glossary", "vocabulary", "definitions", "key vocabulary"]
        case .languageFocus: ["language focus", "phrasebook", "language focus boxes"]
        case .videoTask: ["video task", "true or false", "true/false", "true or false?"]
        case .questions: ["questions and answers", "listening questions", "q&a", "q & a", "questions & answers"]
        case .test: ["test", "final test", "quiz", "test bank"]
        }
    }

    /// The name docs and exports use.
    package var title: String {
        switch self {
        case .details: "Module details"
        case .speakers: "Speakers"
        case .objectives: "Learning objectives"
        case .transcript: "Conversation"
        case .glossary: "Glossary"
        case .languageFocus: "Language focus"
        case .videoTask: "Video task"
        case .questions: "Questions and answers"
        case .test: "Test"
        }
    }

    /// Sections whose parts are sub-headings: an objective each, a box each, the test items of an objective.
    var takesSubheadings: Bool { self == .objectives || self == .languageFocus || self == .test }

    /// The section a heading names, or nil. Teachers number and label their parts ("Part 2: Conversation",
    /// "Activity 4 – Video task", "Glossary (new words)"), so the name may stand after a label or before a remark.
    package static func named(_ heading: String, allowingLabels: Bool = true) -> LessonSection? {
        var candidates = [normalisedName(heading)]
        if !allowingLabels { return allCases.first { $0.names.contains(candidates[0]) } }
        let withoutRemarks = heading.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
        candidates.append(normalisedName(withoutRemarks))
        for separator in [":", " – ", " — ", " - ", ". "] {
            if let range = withoutRemarks.range(of: separator, options: .backwards) {
                candidates.append(normalisedName(String(withoutRemarks[range.upperBound...])))
            }
        }
        for key in candidates where !key.isEmpty {
            if let section = allCases.first(where: { $0.names.contains(key) }) { return section }
        }
        return nil
    }

    /// "2. Glossary:" → "glossary".
    static func normalisedName(_ heading: String) -> String {
        var text = Substring(heading.lowercased()).drop { $0.isWhitespace }
        let digits = text.prefix { $0.isNumber }
        if !digits.isEmpty, let next = text.dropFirst(digits.count).first, next == "." || next == ")" {
            text = text.dropFirst(digits.count + 1)
        }
        var name = text.trimmingCharacters(in: .whitespaces)
        while let last = name.last, last == ":" || last == "." { name.removeLast() }
        return name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
