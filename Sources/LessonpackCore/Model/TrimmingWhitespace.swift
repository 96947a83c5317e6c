extension StringProtocol {
    /// Without the whitespace around it (as Character.isWhitespace has it).
    package func trimmingWhitespace() -> Substring {
        let text = Substring(self)
        // Most text has nothing to trim; seeing that by the byte skips two walks by Character.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[first...last]
    }
}
