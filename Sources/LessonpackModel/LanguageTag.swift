/// BCP 47 language tags (RFC 5646), as a module's `language` is written: "en", "en-GB", "zh-Hant-TW".
package enum LanguageTag {
    /// Whether `tag` is well formed by RFC 5646's `langtag` (or a private-use tag, "x-…"): a language of 2 to 3
    /// letters (the syntax allows 5 to 8 for registrations to come, but none is registered, and "English" is the
    /// mistake it would let through), up to three extended language subtags, a 4-letter script, a region of 2
    /// letters or 3 digits, variants, extensions and private use, each subtag of the length its place allows.
    /// Whether each subtag is registered is not checked: that needs the IANA registry, which changes.
    package static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return false }
        var index = 0
        func at(_ test: (String) -> Bool) -> Bool {
            guard index < subtags.count, test(subtags[index]) else { return false }
            index += 1
            return true
        }
        func letters(_ text: String, _ range: ClosedRange<Int>) -> Bool { range.contains(text.count) && text.allSatisfy(\.isLetter) }
        func digits(_ text: String, _ count: Int) -> Bool { text.count == count && text.allSatisfy(\.isNumber) }
        // Private use only: "x-whatever".
        if subtags[0].lowercased() == "x" { return privateUse(subtags.dropFirst()) }
        guard at({ letters($0, 2...3) }) else { return false }
        for _ in 0..<3 where at({ letters($0, 3...3) }) {}
        _ = at { letters($0, 4...4) }
        _ = at { letters($0, 2...2) || digits($0, 3) }
        while at({ ($0.count >= 5) || ($0.count == 4 && $0.first!.isNumber) }) {}
        var singletons: Set<String> = []
        while index < subtags.count, subtags[index].count == 1, subtags[index].lowercased() != "x" {
            guard singletons.insert(subtags[index].lowercased()).inserted else { return false }
            index += 1
            var count = 0
            while at({ $0.count >= 2 }) { count += 1 }
            guard count > 0 else { return false }
        }
        if index < subtags.count, subtags[index].lowercased() == "x" { return privateUse(subtags[(index + 1)...]) }
        return index == subtags.count
    }

    private static func privateUse(_ rest: ArraySlice<String>) -> Bool { !rest.isEmpty }
}
