/// Text from files we did not write (a bundle's entry names, a module's titles, a source line quoted under a
/// diagnostic), made safe to print on a terminal. A terminal obeys the control characters in what it is given:
/// an ESC or a C1 CSI in a name could move the cursor, recolour or hide what follows, rewrite the window title or,
/// on some terminals, answer back; a bidirectional override makes text read differently from what it is. Each such
/// character is shown as an escape instead (`\x1B`, `\u{202E}`), so the learner sees that it is there.
package enum TerminalSafe {
    /// A multi-line text: line breaks and tabs stay, every other control character and every bidirectional
    /// override, embedding or isolate is escaped. Joiners and directional marks stay: scripts need them.
    package static func block(_ text: some StringProtocol) -> String {
        escape(text) { scalar in
            if scalar == "\n" || scalar == "\t" { return false }
            return isControl(scalar) || isBidiOverride(scalar)
        }
    }

    /// One line of a table or a message, or a name: everything `block` escapes, and line breaks, tabs and every
    /// invisible format character too, so a name cannot forge another line or hide a character in plain sight.
    package static func line(_ text: some StringProtocol) -> String {
        escape(text) { scalar in
            isControl(scalar) || isBidiOverride(scalar) || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
        }
    }

    /// A JSON document with every character `line` would escape written as a JSON `\\uXXXX` escape instead:
    /// the same document to any JSON reader, and safe on a terminal. Such characters can only stand inside JSON
    /// strings, so rewriting them anywhere in the text changes no string's meaning.
    package static func json(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            // Printable ASCII, the bulk of any document, is safe: only the rest needs its category looked up.
            let escaping = (0x20..<0x7F).contains(scalar.value) ? false
                : isControl(scalar) && scalar != "\n" || isBidiOverride(scalar)
                    || scalar.properties.generalCategory == .format || scalar.value == 0x2028 || scalar.value == 0x2029
            guard escaping else {
                output.append(scalar)
                continue
            }
            changed = true
            // Above U+FFFF, JSON writes a scalar as its UTF-16 surrogate pair.
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return changed ? String(output) : text
    }

    /// Whether `text` would be changed by `line`: a name that needs escaping is usually one to refuse.
    package static func needsEscaping(_ text: some StringProtocol) -> Bool { line(text) != String(text) }

    /// C0 controls, DEL and C1 controls (U+0080–U+009F: 0x9B is a one-byte CSI on terminals that honour C1).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The embeddings, overrides and isolates that reorder what follows them (the "Trojan Source" characters).
    package static func isBidiOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func escape(_ text: some StringProtocol, when unsafe: (Unicode.Scalar) -> Bool) -> String {
        // Most text has nothing to escape: return it untouched without building a copy scalar by scalar. Printable
        // ASCII never needs escaping, so only the other scalars are asked about.
        guard text.unicodeScalars.contains(where: { !(0x20..<0x7F).contains($0.value) && unsafe($0) }) else {
            return String(text)
        }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if unsafe(scalar) {
                output.append(contentsOf: escaped(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return scalar.value <= 0xFF ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
    }
}
