/// A language the learner's screens can be read in: the language of the player's sentences, not the one a module
/// teaches (`Module.language`). Each has a catalogue, `Strings/<rawValue>.txt`.
package enum UILanguage: String, Sendable, Equatable, Hashable, CaseIterable {
    case en, ja

    /// The language a tag or locale names ("ja", "ja-JP", "ja_JP.UTF-8", "en_GB"), or nil for one without a
    /// catalogue ("fr_FR") and for the C and POSIX locales, which name no language.
    package init?(tag: String) {
        var primary = ""
        for character in tag {
            guard character.isASCII, character.isLetter else { break }
            primary.append(character)
        }
        guard let language = UILanguage(rawValue: primary.lowercased()) else { return nil }
        self = language
    }

    /// The language the environment's locale asks for, as the C library reads it: `LC_ALL`, else `LC_MESSAGES`, else
    /// `LANG`, the first one set and not empty. English when that names no language with a catalogue.
    package static func fromLocale(_ environment: [String: String]) -> UILanguage {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return UILanguage(tag: value) ?? .en
        }
        return .en
    }

    /// The plural forms the language's catalogue writes for a counted noun, as CLDR names them: English says
    /// "1 mistake" and "2 mistakes"; Japanese has one form for every number.
    package var pluralForms: [String] {
        switch self {
        case .en: ["one", "other"]
        case .ja: ["other"]
        }
    }

    /// Which of `pluralForms` a number takes.
    package func pluralForm(_ number: Int) -> String {
        switch self {
        case .en: number == 1 ? "one" : "other"
        case .ja: "other"
        }
    }
}

#if !hasFeature(Embedded)
// Natively only, as every Storable conformance of the core: Embedded Swift has no Storable. The player's settings carry
// the language, and they are encoded natively.
extension UILanguage: Storable {}
#endif
