import Foundation
import LessonpackPresentation
import LessonpackTestSupport
import Testing

/// The string catalogues (Sources/LessonpackCore/Strings): every shipped language says everything English
/// says, with the same placeholders, and every key the code asks for is in English. A translator who leaves out a
/// line, or drops a `{count}`, fails here rather than on a learner's screen.
@Suite struct StringCatalogueTests {
    /// A key as written, less its plural form: `count.mistake.one` → `count.mistake`.
    static func group(_ key: String) -> String {
        guard key.hasPrefix("count.") else { return key }
        for form in ["one", "other"] where key.hasSuffix("." + form) { return String(key.dropLast(form.count + 1)) }
        return key
    }

    /// Each key group of `language`'s catalogue, with the texts of its forms.
    static func groups(_ language: UILanguage) -> [String: [String]] {
        var groups: [String: [String]] = [:]
        for (key, text) in Strings.catalogues[language]?.entries ?? [:] { groups[group(key), default: []].append(text) }
        return groups
    }

    @Test(arguments: UILanguage.allCases) func eachLanguageIsShippedAndReadsCleanly(_ language: UILanguage) throws {
        let catalogue = try #require(Strings.catalogues[language], "no Strings/\(language.rawValue).txt")
        #expect(catalogue.problems.isEmpty, "\(language.rawValue).txt: \(catalogue.problems)")
        #expect(!catalogue.entries.isEmpty)
    }

    @Test func everyCatalogueFileIsALanguage() {
        #expect(Set(Strings.catalogues.keys) == Set(UILanguage.allCases))
    }

    @Test(arguments: UILanguage.allCases) func everyKeyIsTranslatedWithItsPlaceholders(_ language: UILanguage) throws {
        let english = Self.groups(.en)
        let entries = try #require(Strings.catalogues[language]).entries
        for (group, texts) in english.sorted(by: { $0.key < $1.key }) {
            let forms = group.hasPrefix("count.") ? language.pluralForms.map { group + "." + $0 } : [group]
            let englishPlaceholders = Set(texts.flatMap(Catalogue.placeholders(in:)))
            var translated: [String] = []
            for key in forms {
                guard let text = entries[key] else {
                    Issue.record("\(language.rawValue).txt has no '\(key)' (English: \"\(texts[0])\")")
                    continue
                }
                translated.append(text)
            }
            guard !translated.isEmpty else { continue }
            let placeholders = Set(translated.flatMap(Catalogue.placeholders(in:)))
            #expect(placeholders == englishPlaceholders,
                    "\(language.rawValue).txt, \(group): placeholders \(placeholders.sorted()), English has \(englishPlaceholders.sorted())")
        }
        for key in entries.keys.sorted() where english[Self.group(key)] == nil {
            Issue.record("\(language.rawValue).txt has '\(key)', which English does not: a key renamed or removed?")
        }
        // A plural key with a form the language does not have is never read.
        for key in entries.keys.sorted() where key.hasPrefix("count.") {
            let form = String(key[key.index(after: key.lastIndex(of: ".")!)...])
            #expect(language.pluralForms.contains(form), "\(language.rawValue).txt: '\(key)' is not one of its plural forms")
        }
    }

    /// Every `text("key")` and `counted("noun")` in the presenters and the player: the literals in the call that
    /// are not a placeholder's name (those are followed by ':'), leaving out the calls nested in its arguments,
    /// which are read on their own.
    static func keysUsedInCode() throws -> [(key: String, file: String)] {
        var used: [(String, String)] = []
        let literal = try Regex(#""([a-z][a-z0-9._-]*)"(?!:)"#)
        for folder in ["Sources/LessonpackPresentation", "Sources/LessonpackPlayer"] {
            let root = Paths.inPackage(folder)
            let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files.sorted() {
                let source = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                for call in ["text(", "counted("] {
                    for arguments in Self.arguments(of: call, in: source) {
                        var own = arguments
                        for nested in ["text(", "counted("] {
                            for inner in Self.arguments(of: nested, in: arguments) where !inner.isEmpty { own = own.replacingOccurrences(of: inner, with: "") }
                        }
                        let words = own.matches(of: literal).map { String($0.output[1].substring!) }
                        if call == "counted(" {
                            if let noun = words.first { used.append(("count." + noun, file)) }
                        } else {
                            used += words.map { ($0, file) }
                        }
                    }
                }
            }
        }
        return used
    }

    /// The text between each `call` in `source` and its closing parenthesis.
    static func arguments(of call: String, in source: String) -> [String] {
        var found: [String] = []
        var rest = source[...]
        while let start = rest.range(of: call) {
            var depth = 1, end = start.upperBound
            while end < source.endIndex, depth > 0 {
                if source[end] == "(" { depth += 1 } else if source[end] == ")" { depth -= 1 }
                end = source.index(after: end)
            }
            found.append(String(source[start.upperBound..<end]))
            rest = source[start.upperBound...]
        }
        return found
    }

    @Test func everyKeyTheCodeUsesIsInEnglish() throws {
        let english = Self.groups(.en)
        let used = try Self.keysUsedInCode()
        #expect(used.count > 100, "the scan found only \(used.count) keys: has the way code asks for text changed?")
        for (key, file) in used where english[key] == nil {
            Issue.record("\(file) asks for '\(key)', which en.txt does not have")
        }
    }

    @Test func aTranslatedSentenceFillsItsPlaceholders() {
        let japanese = Strings(.ja)
        #expect(japanese.text("questions.wrong", ["letter": "B"]) == "おしい！答えは B です。")
        #expect(Strings(.en).text("questions.wrong", ["letter": "B"]) == "Not quite: the answer is B.")
        #expect(Strings(.en).counted("mistake", 1) == "1 mistake")
        #expect(Strings(.en).counted("mistake", 2) == "2 mistakes")
        #expect(japanese.counted("mistake", 1) == "ミス 1 回")
        #expect(Strings(.en).list(["3", "5", "8"]) == "3, 5 and 8")
        #expect(Strings(.en).list(["3"]) == "3")
        #expect(japanese.list(["3", "5"]) == "3、5")
    }

    @Test func aMissingKeyReadsAsItselfRatherThanFailing() {
        #expect(Strings(.ja).text("no.such.key") == "no.such.key")
    }

    @Test func theFileFormatReadsQuotesEscapesAndComments() {
        let catalogue = Catalogue(parsing: """
            # a note
            a = "say \\"hi\\" \\\\ {name}"

            b.c = "  spaced  "
            bad line
            Upper = "x"
            d = unquoted
            a = "again"
            """)
        #expect(catalogue.entries == ["a": "say \"hi\" \\ {name}", "b.c": "  spaced  "])
        #expect(catalogue.problems.map(\.line) == [5, 6, 7, 8])
        // A translator's Windows editor ends lines with CR LF; read by Character, "\r\n" was one Character and the
        // whole file one line.
        let windows = Catalogue(parsing: "# note\r\na = \"x\"\r\nb = \"日本語\"\r\n")
        #expect(windows.entries == ["a": "x", "b": "日本語"] && windows.problems.isEmpty, "\(windows.problems)")
        #expect(Catalogue.placeholders(in: "{a} and {b}, {a}") == ["a", "b"])
        #expect(Catalogue.filling("{a}, {unknown} and {a", with: ["a": "1"]) == "1, {unknown} and {a")
    }

    @Test func theLocaleChoosesTheLanguage() {
        #expect(UILanguage.fromLocale(["LANG": "ja_JP.UTF-8"]) == .ja)
        #expect(UILanguage.fromLocale(["LANG": "en_GB.UTF-8"]) == .en)
        #expect(UILanguage.fromLocale(["LANG": "fr_FR.UTF-8"]) == .en)
        #expect(UILanguage.fromLocale(["LANG": "C.UTF-8"]) == .en)
        #expect(UILanguage.fromLocale([:]) == .en)
        // LC_ALL over LC_MESSAGES over LANG, as the C library reads them; an empty one does not count.
        #expect(UILanguage.fromLocale(["LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"]) == .en)
        #expect(UILanguage.fromLocale(["LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]) == .ja)
        #expect(UILanguage(tag: "ja-JP") == .ja)
        #expect(UILanguage(tag: "de") == nil)
    }
}
