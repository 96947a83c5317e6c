/// The learner-facing sentences in one language: `strings.text("questions.right")`,
/// `strings.text("questions.wrong", ["letter": "B"])`, `strings.counted("mistake", 3)` ("3 mistakes").
/// A key missing from the language falls back to English, and one missing from English reads as the key itself;
/// `StringCatalogueTests` fails on both, so neither reaches a learner.
package struct Strings: Sendable, Equatable {
    package let language: UILanguage

    package init(_ language: UILanguage) { self.language = language }

    /// Each language's catalogue, read from its embedded file when first asked for: a learner's session reads its
    /// own language (and English only if a key is missing there), not every language there is. Reading them all
    /// at start-up cost `play` 76 M instructions, 39 % of its way to the first prompt (issue 32).
    package static func catalogue(_ language: UILanguage) -> Catalogue? {
        switch language {
        case .en: english
        case .ja: japanese
        }
    }

    private static let english = embedded(.en)
    private static let japanese = embedded(.ja)

    private static func embedded(_ language: UILanguage) -> Catalogue? {
        let name = language.rawValue + ".txt"
        for file in EmbeddedStrings.files where file.name == name { return Catalogue(parsing: file.text) }
        return nil
    }

    /// Every language's catalogue, for the tests that hold them to each other.
    package static var catalogues: [UILanguage: Catalogue] {
        var catalogues: [UILanguage: Catalogue] = [:]
        for language in UILanguage.allCases { catalogues[language] = catalogue(language) }
        return catalogues
    }

    /// The text of `key`, with its `{placeholders}` filled in from `values`.
    package func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Catalogue.filling(raw(key) ?? key, with: values)
    }

    /// A counted noun: the form of `count.<noun>` the number takes, with `{count}` filled in ("1 mistake").
    package func counted(_ noun: String, _ number: Int, _ values: [String: String] = [:]) -> String {
        let key = "count." + noun
        var filled = values
        filled["count"] = "\(number)"
        let text = raw(key + "." + language.pluralForm(number)) ?? raw(key + ".other")
            ?? Self.catalogue(.en)?.entries[key + "." + UILanguage.en.pluralForm(number)] ?? key
        return Catalogue.filling(text, with: filled)
    }

    /// "3", "3 and 5", "3, 5 and 8", in the language's words.
    package func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        var rest = ""
        for (index, item) in items.dropLast().enumerated() {
            rest += (index == 0 ? "" : text("list.separator")) + item
        }
        return text("list.last", ["rest": rest, "last": last])
    }

    private func raw(_ key: String) -> String? {
        Self.catalogue(language)?.entries[key] ?? Self.catalogue(.en)?.entries[key]
    }
}
