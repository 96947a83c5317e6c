/// xAPI's language maps (`{"en-GB": "Job interview"}`): what key each text goes under, and how a reader picks one.
///
/// A module's own words (its title, objectives, prompts and choices) go under the language the module teaches
/// (`Module.taughtLanguage`, from module.plist's `language`), so a record store shows them as what they are.
/// Lessonpack's own words (verbs' display, activity titles) are English, written under `ours`, as they always were.
package enum LanguageMaps {
    /// The tag of Lessonpack's own English words.
    package static let ours = "en-US"

    /// The text of `map` to show: the one under `preferred` when given, else under `ours` (every statement made
    /// before modules had a language), else the first by tag, so the choice does not depend on a dictionary's order.
    package static func text(_ map: [String: String]?, preferring preferred: String? = nil) -> String? {
        guard let map, !map.isEmpty else { return nil }
        if let preferred, let text = map[preferred] { return text }
        if let text = map[ours] { return text }
        return map.keys.sorted().first.flatMap { map[$0] }
    }

    /// The tag `map`'s text is under, as `text(_:)` picks it.
    package static func tag(_ map: [String: String]?) -> String? {
        guard let map, !map.isEmpty else { return nil }
        return map[ours] != nil ? ours : map.keys.sorted().first
    }
}
