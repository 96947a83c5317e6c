import Foundation
import LessonpackModel

/// Clips that find their place by name: `l01.opus`, `line-1.wav` go to a transcript line, `q1.opus` to a question,
/// `q1-a.opus` or `q1b.mp3` to one of its answers. A name equal to a line's or a question's id (`l01`, `q1`) goes to
/// that entry; otherwise the number counts from one (`line-1` is the first line, `q2-c` the third answer of the
/// second question). Only fields that are empty, name a file the media folder does not hold, or name a placeholder
/// Lessonpack made (marked so in media.plist) are filled: a clip the author chose is never replaced by a name's guess.
package enum MediaPlacement {
    /// The field a clip's name points at.
    package enum Slot: Hashable, Sendable {
        /// A transcript line, by id or by number from 1.
        case line(id: String, number: Int?)
        case question(id: String, number: Int?)
        /// `answer`: 0, 1 or 2 (A, B, C).
        case answer(question: String, number: Int?, answer: Int)
    }

    /// One field filled: the model path the page edits (`transcript.2.audio`), the entry in words, and the clip.
    package struct Filled: Sendable, Equatable {
        package var field: String
        package var entry: String
        package var path: String

        /// "transcript line l03: lines/line-3.wav", as a scan reports it.
        package var description: String { "\(entry)'s clip: media/\(path)" }
    }

    /// What `path`'s file name says it is the clip of, or nil when it says nothing.
    package static func slot(forFile path: String) -> Slot? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
        if let match = captures(#"^(?:l|line)[-_ ]?(\d+)$"#, name) {
            return .line(id: name, number: Int(match[0]))
        }
        if let match = captures(#"^(q(?:uestion)?[-_ ]?(\d+))$"#, name) {
            return .question(id: match[0], number: Int(match[1]))
        }
        if let match = captures(#"^(q(?:uestion)?[-_ ]?(\d+))[-_ ]?([abc])$"#, name) {
            let letter = match[2].unicodeScalars.first!.value - ("a" as UnicodeScalar).value
            return .answer(question: match[0], number: Int(match[1]), answer: Int(letter))
        }
        return nil
    }

    /// Fills the clip fields that `paths` (media paths of audio files) name, in `module`; `onDisk` is every path
    /// the media folder holds. A field is filled once, by the first path in sorted order that names it.
    package static func fill(_ module: inout Module, with paths: [String], onDisk: Set<String>) -> [Filled] {
        var filled: [Filled] = []
        var taken = Set<String>()
        let placeholders = Set(module.media.filter(\.isPlaceholder).map(\.path))
        let open = { (current: String) in current.isEmpty || !onDisk.contains(current) || placeholders.contains(current) }
        for path in paths.sorted() where MediaKind(fileExtension: (path as NSString).pathExtension) == .audio {
            guard let slot = slot(forFile: path) else { continue }
            switch slot {
            case .line(let id, let number):
                guard let index = entry(id: id, number: number, ids: module.transcript.map(\.id)),
                      open(module.transcript[index].audio), module.transcript[index].audio != path else { continue }
                let field = "transcript.\(index).audio"
                guard taken.insert(field).inserted else { continue }
                module.transcript[index].audio = path
                filled.append(Filled(field: field, entry: "transcript line \(name(module.transcript[index].id, index))",
                                     path: path))
            case .question(let id, let number):
                guard let index = entry(id: id, number: number, ids: module.questions.map(\.id)),
                      open(module.questions[index].audio), module.questions[index].audio != path else { continue }
                let field = "questions.\(index).audio"
                guard taken.insert(field).inserted else { continue }
                module.questions[index].audio = path
                filled.append(Filled(field: field, entry: "question \(name(module.questions[index].id, index))",
                                     path: path))
            case .answer(let id, let number, let answer):
                guard let index = entry(id: id, number: number, ids: module.questions.map(\.id)),
                      module.questions[index].answers.indices.contains(answer),
                      open(module.questions[index].answers[answer].audio),
                      module.questions[index].answers[answer].audio != path else { continue }
                let field = "questions.\(index).answers.\(answer).audio"
                guard taken.insert(field).inserted else { continue }
                module.questions[index].answers[answer].audio = path
                let letter = ["A", "B", "C"][answer]
                filled.append(Filled(field: field,
                                     entry: "question \(name(module.questions[index].id, index)), answer \(letter)",
                                     path: path))
            }
        }
        return filled
    }

    /// The entry whose id is the name, else the `number`th (from 1).
    private static func entry(id: String, number: Int?, ids: [String]) -> Int? {
        if let index = ids.firstIndex(where: { $0.lowercased() == id }) { return index }
        guard let number, number >= 1, number <= ids.count else { return nil }
        return number - 1
    }

    private static func name(_ id: String, _ index: Int) -> String { id.isEmpty ? String(index + 1) : id }

    private static func captures(_ pattern: String, _ text: String) -> [String]? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}
