import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel

/// The studio's words for what the checker and the importers say in files and commands. Authors in the studio are
/// teachers who see forms, not plist files: a message there names the item it is about in the form's words ("Question
/// 2, answer B") and says what to do on the page ("press Scan the media folder again"), never a file, a line number
/// or a command to type. The diagnostics keep their codes and places; only what is shown changes.
package enum StudioWording {
    /// A source file as the page names the part of the module it holds.
    package static func formName(_ file: SourceFile) -> String {
        switch file {
        case .module: "the Module section"
        case .transcript: "the transcript"
        case .definitions: "the definitions"
        case .phrasebook: "the phrasebook"
        case .videoTask: "the video task"
        case .questions: "the questions and answers"
        case .test: "the test bank"
        case .media: "the media library"
        }
    }

    /// `text` with every source file and `lessonpack` command replaced by what the studio shows and does.
    package static func inFormWords(_ text: String) -> String {
        var text = text
        // Deleting a file under Media rescans at once: the command is not needed after it.
        text = replacing(#"delete it and run 'lessonpack media scan[^']*'"#, in: text, with: "delete it under Media")
        text = replacing(#"run 'lessonpack media scan[^']*'"#, in: text,
                         with: "press Scan the media folder again under Media")
        text = replacing(#"'lessonpack media scan'"#, in: text, with: "the media scan")
        // Longest first: questions/test.plist before test.plist would be.
        for file in SourceFile.allCases.sorted(by: { $0.path.count > $1.path.count }) {
            text = text.replacingOccurrences(of: file.path, with: formName(file))
        }
        return text
    }

    /// A report line of an import, a source file at its start ("questions/test.plist: 4 added") named as the form.
    package static func reportLine(_ line: String) -> String {
        for file in SourceFile.allCases where line.hasPrefix(file.path + ": ") {
            let rest = line.dropFirst(file.path.count + 2)
            let name = formName(file).replacingOccurrences(of: "the ", with: "")
            return name.prefix(1).uppercased() + name.dropFirst() + ": " + inFormWords(String(rest))
        }
        return inFormWords(line)
    }

    /// A checker's diagnostic as the page shows it: the message in the form's words, and the field to point at
    /// (which may be more precise than the place the checker found).
    static func studioMessage(_ diagnostic: Diagnostic, field: String?) -> (message: String, field: String?) {
        let message = diagnostic.message
        if diagnostic.code == .definitionFormat, let entry = field.flatMap(entryPath) {
            let term = quoted(in: message) ?? "this term"
            // The form has a field for each part: the message names the empty one and points at it.
            if message.contains("but no meaning") {
                return ("'\(term)' has a part of speech but no meaning yet: write it under Meaning", entry + ".meaning")
            }
            return ("'\(term)' needs its part of speech (noun, verb, expression…) under Part of speech",
                    entry + ".partOfSpeech")
        }
        if diagnostic.code == .placeholderText {
            // The subject names the item and the diagnostic sits at its field: the message says what to do.
            return ("Still the starter's example text: write your lesson's", field)
        }
        if diagnostic.code == .placeholderMedia { return (placeholderMedia(field: field), field) }
        if diagnostic.code == .uncertainTiming {
            // "… may be wrong: no clear end of speech near 0:10.40; play it against …": the reason, in a sentence.
            let reason = message.range(of: "may be wrong: ").map { String(message[$0.upperBound...]) }?
                .components(separatedBy: "; play it").first ?? "the timing found it hard to tell"
            return ("The start or end may be wrong (\(reason)): press Play line, and move the start or end if needed",
                    field)
        }
        if let match = firstMatch(#"^'([A-Za-z]+)' of .+ is empty$"#, in: message) {
            return ("\(label(match)) is empty: fill it in", field)
        }
        return (inFormWords(message), field)
    }

    /// A stand-in clip or video, and what replaces it on the page.
    private static func placeholderMedia(field: String?) -> String {
        let parts = (field ?? "").split(separator: ".")
        switch parts.first {
        case "video"?:
            return "Still the starter's stand-in video: upload your filmed conversation under Media, then choose it here"
        case "transcript"?:
            return "Still a silent stand-in clip: press Time lines from the video, or record the line, or upload its clip"
        case "questions"?:
            let what = parts.contains("answers") ? "answer" : "question"
            return "Still a stand-in clip (silent, or spoken by the computer): record the \(what), or press Speak it " +
                "for now to hear it spoken"
        default:
            return "Still a stand-in made by Lessonpack: replace it with your own file under Media"
        }
    }

    /// The item a field belongs to, named as the page shows it: "Transcript line l03", "Question 2, answer B".
    package static func subject(field: String?, file: String, module: Module?) -> String {
        let parts = (field ?? "").split(separator: ".").map(String.init)
        let index = parts.count > 1 ? Int(parts[1]) : nil
        switch (parts.first, index) {
        case ("transcript"?, let index?):
            let id = module.flatMap { $0.transcript.indices.contains(index) ? $0.transcript[index].id : nil }
            return "Transcript line \(id.map { $0.isEmpty ? String(index + 1) : $0 } ?? String(index + 1))"
        case ("questions"?, let index?):
            var name = "Question \(index + 1)"
            if parts.count > 3, parts[2] == "answers", let answer = Int(parts[3]) {
                name += ", answer \(Character(UnicodeScalar(UInt8(65 + min(answer, 25)))))"
            }
            return name
        case ("videoTask"?, let index?): return "Video task statement \(index + 1)"
        case ("definitions"?, let index?):
            let term = module.flatMap { $0.definitions.indices.contains(index) ? $0.definitions[index].term : nil }
            return term.map { $0.isEmpty ? "Definition \(index + 1)" : "Definition of '\($0)'" } ?? "Definition \(index + 1)"
        case ("phrasebook"?, let index?): return "Phrasebook box \(index + 1)"
        case ("speakers"?, let index?): return "Speaker \(index + 1)"
        case ("objectives"?, let index?): return "Objective \(index + 1)"
        case ("media"?, let index?):
            let path = module.flatMap { $0.media.indices.contains(index) ? $0.media[index].path : nil }
            return path.map { "Media file \($0)" } ?? "Media library"
        case ("test"?, _):
            if parts.count > 2, parts[1] == "items", let item = Int(parts[2]) { return "Test item \(item + 1)" }
            return "Test bank"
        default: break
        }
        if let name = parts.first, !name.isEmpty { return "Module: \(label(name))" }
        if let source = SourceFile(rawValue: file) {
            let name = formName(source).replacingOccurrences(of: "the ", with: "")
            return name.prefix(1).uppercased() + name.dropFirst()
        }
        return file.hasPrefix("media/") ? "Media file \(file.dropFirst(6))" : file
    }

    /// A model key as the form labels it.
    static func label(_ key: String) -> String {
        let labels = ["audio": "Clip", "partOfSpeech": "Part of speech", "isCorrect": "Correct", "correct": "Correct",
                      "id": "Id", "text": "Text", "body": "Text", "meaning": "Meaning", "term": "Term",
                      "start": "Start", "end": "End", "speaker": "Speaker", "video": "Video", "title": "Title",
                      "summary": "Summary", "version": "Version", "level": "Level", "objective": "Objective",
                      "explanation": "Explanation", "feedback": "Feedback", "name": "Name", "colour": "Colour"]
        return labels[key] ?? key.prefix(1).uppercased() + key.dropFirst()
    }

    /// `definitions.3.meaning` → `definitions.3`.
    private static func entryPath(_ field: String) -> String? {
        let parts = field.split(separator: ".")
        return parts.count >= 2 ? parts.prefix(2).joined(separator: ".") : nil
    }

    private static func quoted(in message: String) -> String? {
        firstMatch(#"'([^']*)'"#, in: message)
    }

    private static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    private static func replacing(_ pattern: String, in text: String, with replacement: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        return expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                   withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
    }
}
