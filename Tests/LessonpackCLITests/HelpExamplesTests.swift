import ArgumentParser
import Foundation
import LessonpackCLI
import Testing

/// Every command's help shows how it is used, and every example there is a command line lessonpack accepts: an
/// example that no longer parses (a renamed option, a dropped argument) fails here before a reader copies it.
@Suite struct HelpExamplesTests {
    /// The root and every command under it, with the words that name it (`["import", "lesson"]`).
    private func commands(_ type: ParsableCommand.Type = Lessonpack.self, named path: [String] = [])
        -> [(path: [String], type: ParsableCommand.Type)] {
        [(path, type)] + type.configuration.subcommands.flatMap { sub in
            commands(sub, named: path + [sub.configuration.commandName ?? "\(sub)"])
        }
    }

    /// The example lines of a help text: after `Example:` on its line, or the indented `lessonpack …` lines under an
    /// `Examples:` heading. A shell redirection or pipe ends the command's own words.
    private func examples(in help: String) -> [String] {
        var found: [String] = []
        var underHeading = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Example: lessonpack ") {
                found.append(String(text.dropFirst("Example: ".count)))
            } else if text == "Examples:" {
                underHeading = true
            } else if underHeading, text.hasPrefix("lessonpack ") {
                found.append(text)
            } else if underHeading, !text.isEmpty {
                underHeading = false
            }
        }
        return found.map { example in
            String(example.split(separator: " ").prefix { $0 != "<" && $0 != "|" && $0 != ">" }.joined(separator: " "))
        }
    }

    /// A command line's words as a shell splits them: spaces separate, double quotes hold a word together.
    private static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    @Test func everyCommandsHelpHasExamplesThatParse() throws {
        let all = commands()
        #expect(all.count > 35)
        for (path, type) in all {
            let help = Lessonpack.helpMessage(for: type, columns: 200)
            let found = examples(in: help)
            #expect(!found.isEmpty, "'lessonpack \(path.joined(separator: " ")) --help' shows no example")
            for example in found {
                let words = Array(Self.words(example).dropFirst())
                #expect(words.starts(with: path), "'\(example)' is under 'lessonpack \(path.joined(separator: " "))'s help")
                do {
                    _ = try Lessonpack.parseAsRoot(words)
                } catch {
                    Issue.record("'\(example)' does not parse: \(Lessonpack.message(for: error))")
                }
            }
        }
    }
}
