import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// A module written as a lesson document in the conventions of docs/lesson-document.md, so a teacher can edit it in
/// their word processor and bring it back: importing the export gives the same module. Markdown is written here;
/// Word and OpenDocument are that Markdown converted by pandoc.
package enum LessonExport {
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    package static func document(of module: Module, as format: LessonDocumentFormat,
                                 pandoc: ExternalTool? = ExternalTool.find("pandoc")) throws(Failure) -> [UInt8] {
        let text = markdown(of: module)
        guard format != .markdown else { return Array(text.utf8) }
        guard let pandoc else {
            throw Failure(description: "pandoc, which writes \(format.name) documents, is not installed (Debian's " +
                          "'pandoc'; scripts/setup installs it)")
        }
        let writer = format == .html ? "html" : format.rawValue
        let output: ExternalTool.Output
        do {
            // Not --sandbox: pandoc 2.17 then cannot find its own docx and odt reference files. The Markdown is ours,
            // with every bracket escaped, so it names no image or file for pandoc to fetch.
            output = try pandoc.run(["--from", "commonmark_x-smart-emoji", "--to", writer, "--output", "-"]
                                        + (format == .html ? ["--standalone", "--metadata", "pagetitle=\(module.title)"] : []),
                                    input: Data(text.utf8), timeout: 120, outputLimit: 256 << 20)
        } catch {
            throw Failure(description: "cannot run pandoc: \(SystemErrorText.describe(error))")
        }
        guard output.succeeded else {
            throw Failure(description: "pandoc could not write the document: " + output.errorText)
        }
        return Array(output.standardOutput)
    }

    package static func markdown(of module: Module) -> String {
        var blocks: [String] = ["# " + escaped(module.title)]
        var details: [String] = []
        if !module.level.isEmpty { details.append("Level: " + escaped(module.level)) }
        if !module.summary.isEmpty { details.append("Summary: " + escaped(oneLine(module.summary))) }
        if let passMark = module.passMark { details.append("Pass mark: \(passMark)%") }
        if let rolePlay = module.rolePlay { details.append("Role play: " + (rolePlay ? "yes" : "no")) }
        blocks += details

        if !module.speakers.isEmpty {
            blocks.append("## Speakers")
            blocks.append(module.speakers.map { "- \(escaped($0.name)) (\($0.id))" }.joined(separator: "\n"))
        }
        if !module.objectives.isEmpty {
            blocks.append("## Learning objectives")
            for objective in module.objectives {
                blocks.append("### " + objective.id)
                blocks += [("Performance", objective.performance), ("Condition", objective.condition),
                           ("Content", objective.content), ("Criteria", objective.criteria)]
                    .map { "\($0.0): " + escaped(oneLine($0.1)) }
            }
        }
        let names = spokenNames(module.speakers)
        if !module.transcript.isEmpty {
            blocks.append("## Conversation")
            for line in module.transcript {
                blocks.append(escaped(names[line.speaker] ?? line.speaker) + ": " + highlighted(line.text, terms: line.terms))
            }
        }
        if !module.definitions.isEmpty {
            blocks.append("## Glossary")
            let rows = module.definitions.map { "| \(cell($0.term)) | \(cell($0.partOfSpeech)) | \(cell($0.meaning)) |" }
            blocks.append((["| Term | Part of speech | Meaning |", "|---|---|---|"] + rows).joined(separator: "\n"))
        }
        if !module.phrasebook.isEmpty {
            blocks.append("## Language focus")
            for box in module.phrasebook {
                blocks.append("### " + escaped(box.title))
                blocks += box.body.split(separator: "\n").map { bodyLine($0) }.filter { !$0.isEmpty }
            }
        }
        let lineNumbers = Dictionary(module.transcript.enumerated().map { ($0.element.id, $0.offset + 1) },
                                     uniquingKeysWith: { first, _ in first })
        if !module.videoTask.isEmpty {
            blocks.append("## Video task")
            blocks.append(module.videoTask.enumerated().map { index, statement in
                let numbers = statement.lines.compactMap { lineNumbers[$0] }.map(String.init)
                let lines = numbers.isEmpty ? "" : numbers.count == 1 ? "(line \(numbers[0]))"
                    : "(lines \(numbers.joined(separator: ", ")))"
                return "\(index + 1). \(escaped(statement.text)) (\(statement.isCorrect ? "true" : "false"))" +
                    (lines.isEmpty ? "" : " " + lines)
            }.joined(separator: "\n"))
        }
        if !module.questions.isEmpty {
            blocks.append("## Questions and answers")
            for (index, question) in module.questions.enumerated() {
                let number = "\(index + 1). "
                let indent = String(repeating: " ", count: number.count)
                var item = number + escaped(question.text) + "\n\n"
                item += question.answers.enumerated().map { letter, answer in
                    "\(indent)\(LessonMarks.letter(letter))) \(escaped(answer.text))\(answer.isCorrect ? " ✓" : "")"
                }.joined(separator: "\n")
                if let feedback = question.feedback { item += "\n\n\(indent)Feedback: " + escaped(oneLine(feedback)) }
                blocks.append(item)
            }
        }
        if !module.test.items.isEmpty { blocks += test(module) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// Items stand under their objective's sub-heading when each objective's items come together; otherwise each
    /// names its objective in brackets, so the bank's order survives the round trip.
    private static func test(_ module: Module) -> [String] {
        var blocks = ["## Test", "Each attempt draws \(module.test.draw) items."]
        let items = module.test.items
        var groups: [(objective: String, items: [(Int, TestItem)])] = []
        for (index, item) in items.enumerated() {
            if groups.last?.objective == item.objective { groups[groups.count - 1].items.append((index, item)) }
            else { groups.append((item.objective, [(index, item)])) }
        }
        let grouped = Set(groups.map(\.objective)).count == groups.count
        for group in groups {
            if grouped { blocks.append("### " + group.objective) }
            blocks.append(group.items.map { index, item in
                let tag = grouped ? "" : " [\(item.objective)]"
                let number = "\(index + 1). "
                let indent = String(repeating: " ", count: number.count)
                var text = number + escaped(item.text)
                switch item.kind {
                case .statement(let isCorrect):
                    text += " (\(isCorrect ? "true" : "false"))\(tag)"
                case .multipleChoice(let choices, let answer):
                    text += tag + "\n\n" + choices.enumerated().map { letter, choice in
                        "\(indent)\(LessonMarks.letter(letter))) \(escaped(choice))\(choice == answer ? " ✓" : "")"
                    }.joined(separator: "\n")
                }
                if let explanation = item.explanation { text += "\n\n\(indent)Explanation: " + escaped(oneLine(explanation)) }
                return text
            }.joined(separator: "\n\n"))
        }
        return blocks
    }

    /// How the conversation names each speaker: the first name, as teachers write scripts, unless another
    /// speaker's name starts with the same word; then the whole name.
    private static func spokenNames(_ speakers: [Speaker]) -> [String: String] {
        var names: [String: String] = [:]
        for speaker in speakers {
            let first = speaker.name.split(separator: " ").first.map(String.init) ?? speaker.name
            let shared = speakers.contains { other in
                other.id != speaker.id && (other.name == first || other.name.hasPrefix(first + " "))
            }
            names[speaker.id] = shared || first.contains(":") ? speaker.name : first
        }
        return names
    }

    /// The line's text with its terms in bold, each at its first place in the text, matched without regard to case.
    private static func highlighted(_ text: String, terms: [String]) -> String {
        var spans: [Range<String.Index>] = []
        for term in terms where !term.isEmpty {
            guard let range = text.range(of: term, options: .caseInsensitive),
                  !spans.contains(where: { $0.overlaps(range) }) else { continue }
            spans.append(range)
        }
        spans.sort { $0.lowerBound < $1.lowerBound }
        var result = ""
        var cursor = text.startIndex
        for span in spans {
            result += escaped(String(text[cursor..<span.lowerBound])) + "**" + escaped(String(text[span])) + "**"
            cursor = span.upperBound
        }
        return result + escaped(String(text[cursor...]))
    }

    private static func bodyLine(_ line: Substring) -> String {
        let text = line.trimmingCharacters(in: .whitespaces)
        // A box's bullets and numbers are written as Markdown lists, which import reads back as the same lines.
        if text.hasPrefix("• ") { return "- " + escaped(String(text.dropFirst(2))) }
        if let (marker, length) = LessonMarks.literalMarker(text), case .number(let number) = marker {
            return "\(number). " + escaped(String(text.dropFirst(length)))
        }
        return escaped(text)
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private static func cell(_ text: String) -> String {
        escaped(oneLine(text)).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Backslashes every character Markdown could read as markup, and a number or bullet that would start a list.
    static func escaped(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if "\\`*[]<>{}#~^$|".contains(character) { result.append("\\") }
            if character == "_" {
                // Only an underscore that could open or close emphasis: a blank to fill in (`___`) stays as typed.
                let before = index > 0 && (characters[index - 1].isLetter || characters[index - 1].isNumber)
                let after = index + 1 < characters.count && (characters[index + 1].isLetter || characters[index + 1].isNumber)
                if before != after { result.append("\\") }
            }
            result.append(character)
        }
        if let first = result.first, "-+".contains(first), result.dropFirst().first == " " { result.insert("\\", at: result.startIndex) }
        if let digits = Optional(result.prefix { $0.isNumber }), !digits.isEmpty,
           let next = result.dropFirst(digits.count).first, next == "." || next == ")" {
            result.insert("\\", at: result.index(result.startIndex, offsetBy: digits.count))
        }
        return result
    }
}

extension LessonExport.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.lessonExportFailed, description)] }
}

extension DiagnosticCode {
    /// pandoc, which writes Word, OpenDocument and HTML lesson documents, is missing or failed.
    package static let lessonExportFailed: DiagnosticCode = "lesson-export-failed"
}
