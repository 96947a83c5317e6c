/// Fitting text to a width measured in terminal columns.
package enum TextLayout {
    /// Breaks `text` into lines no wider than `width`, at spaces where it can.
    package static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if DisplayWidth.of(candidate) <= width {
                    line = candidate
                } else if !line.isEmpty {
                    lines.append(line)
                    line = String(word)
                } else {
                    line = String(word)
                }
                while DisplayWidth.of(line) > width {
                    let head = fit(line, width: width)
                    lines.append(head)
                    line = String(line.dropFirst(head.count))
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The longest prefix of `text` no wider than `width`.
    package static func fit(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let size = DisplayWidth.of(String(character))
            if used + size > width { break }
            result.append(character)
            used += size
        }
        return result
    }

    /// `text` cut to `width` with an ellipsis, or padded with spaces to exactly `width`.
    package static func pad(_ text: String, width: Int) -> String {
        let size = DisplayWidth.of(text)
        if size <= width { return text + String(repeating: " ", count: width - size) }
        let cut = fit(text, width: max(0, width - 1)) + "…"
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }
}
