/// A lesson document as the interpreter reads it: every heading, paragraph, list item and table row in reading
/// order, each a line of styled text with the place it was written. Word processors and Markdown differ in how they
/// nest lists and break lines; here both come out flat, so the conventions are matched against one shape.
package struct LessonDocument: Sendable {
    package var file: String
    package var format: LessonDocumentFormat
    package var lines: [LessonLine]

    package init(file: String, format: LessonDocumentFormat, lines: [LessonLine]) {
        self.file = file
        self.format = format
        self.lines = lines
    }
}

/// One line of a lesson: its role in the document's structure and its text.
package struct LessonLine: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case heading(level: Int)
        case paragraph
        /// An item of a numbered, lettered or bulleted list; `depth` is 0 for a top-level list.
        case listItem(ListMarker, depth: Int)
        /// A row of a table, its cells in order; the first row of a table is its header when the document says so.
        case tableRow(cells: [StyledText], isHeader: Bool)
    }

    package var kind: Kind
    package var text: StyledText
    package var place: LessonPlace

    package init(_ kind: Kind, _ text: StyledText, at place: LessonPlace) {
        self.kind = kind
        self.text = text
        self.place = place
    }

    package var headingLevel: Int? {
        if case .heading(let level) = kind { return level }
        return nil
    }
}

/// How a list numbers its items, as the document's list says it (a Word list) or as the text begins (`a) …`).
package enum ListMarker: Sendable, Equatable {
    case number(Int)
    /// A lettered item: 0 for a, 1 for b, …
    case letter(Int)
    case bullet
}

/// Where a line was written, said the way its author can find it: a line and column in a text document; a
/// paragraph's number and first words in a word processor's, which has no lines.
package struct LessonPlace: Sendable, Equatable {
    package var line: Int?
    package var column: Int?
    /// Counted from 1, over headings, paragraphs, list items and table rows.
    package var paragraph: Int
    package var firstWords: String

    package init(line: Int? = nil, column: Int? = nil, paragraph: Int, firstWords: String) {
        self.line = line
        self.column = column
        self.paragraph = paragraph
        self.firstWords = firstWords
    }
}

/// Text with the emphasis that carries meaning in a lesson: bold or underlined words are highlighted terms, a
/// bold answer is the right one.
package struct StyledText: Sendable, Equatable {
    package struct Run: Sendable, Equatable {
        package var text: String
        package var isStrong: Bool
        package var isEmphasised: Bool
        package var isUnderlined: Bool

        package init(_ text: String, strong: Bool = false, emphasised: Bool = false, underlined: Bool = false) {
            self.text = text
            isStrong = strong
            isEmphasised = emphasised
            isUnderlined = underlined
        }

        /// What marks a term: bold, or underlined as some teachers do.
        package var isHighlighted: Bool { isStrong || isUnderlined }
    }

    package var runs: [Run]

    package init(_ runs: [Run] = []) { self.runs = runs }

    package init(plain: String) { runs = plain.isEmpty ? [] : [Run(plain)] }

    package var plain: String { runs.map(\.text).joined() }

    package var isEmpty: Bool { plain.allSatisfy(\.isWhitespace) }

    /// Adjacent runs of the same style joined, and white space folded to single spaces and trimmed at both ends.
    package func normalised() -> StyledText {
        var joined: [Run] = []
        for run in runs where !run.text.isEmpty {
            if var last = joined.last, last.isStrong == run.isStrong, last.isEmphasised == run.isEmphasised,
               last.isUnderlined == run.isUnderlined {
                last.text += run.text
                joined[joined.count - 1] = last
            } else {
                joined.append(run)
            }
        }
        var folded: [Run] = []
        var lastWasSpace = true
        for var run in joined {
            var text = ""
            for character in run.text {
                if character.isWhitespace {
                    if !lastWasSpace { text.append(" ") }
                    lastWasSpace = true
                } else {
                    text.append(character)
                    lastWasSpace = false
                }
            }
            run.text = text
            if !text.isEmpty { folded.append(run) }
        }
        while var last = folded.last, last.text.hasSuffix(" ") {
            last.text.removeLast()
            if last.text.isEmpty { folded.removeLast() } else { folded[folded.count - 1] = last }
        }
        return StyledText(folded)
    }

    /// The text from character offset `offset` on, styles kept.
    package func dropping(_ offset: Int) -> StyledText {
        var remaining = offset
        var result: [Run] = []
        for var run in runs {
            if remaining >= run.text.count {
                remaining -= run.text.count
                continue
            }
            if remaining > 0 {
                run.text = String(run.text.dropFirst(remaining))
                remaining = 0
            }
            result.append(run)
        }
        return StyledText(result)
    }

    /// The text up to character offset `offset`, styles kept.
    package func prefix(_ offset: Int) -> StyledText {
        var remaining = offset
        var result: [Run] = []
        for var run in runs where remaining > 0 {
            if run.text.count > remaining { run.text = String(run.text.prefix(remaining)) }
            remaining -= run.text.count
            result.append(run)
        }
        return StyledText(result)
    }

    /// Leading and trailing white space removed, styles kept.
    package func trimmed() -> StyledText {
        let text = plain
        let leading = text.prefix { $0.isWhitespace }.count
        let trailing = text.reversed().prefix { $0.isWhitespace }.count
        guard leading + trailing < text.count else { return StyledText() }
        return dropping(leading).prefix(text.count - leading - trailing)
    }
}

/// The kinds of document a lesson may come in.
package enum LessonDocumentFormat: String, Sendable, CaseIterable {
    case markdown, docx, odt, html

    /// From the file's extension: .md and .txt are Markdown (plain text is Markdown without marks).
    package static func guess(forFile file: String) -> LessonDocumentFormat? {
        let lowered = file.lowercased()
        guard let dot = lowered.lastIndex(of: ".") else { return nil }
        return byExtension[String(lowered[lowered.index(after: dot)...])]
    }

    /// The extensions a lesson may have, to the format each says; any other is not a lesson's.
    private static let byExtension: [String: LessonDocumentFormat] = [
        "md": .markdown, "markdown": .markdown, "txt": .markdown, "text": .markdown,
        "docx": .docx,
        "odt": .odt,
        "html": .html, "htm": .html, "xhtml": .html,
    ]

    /// Text documents have lines and columns; a word processor's have paragraphs.
    package var hasLines: Bool { self == .markdown }

    /// pandoc's name for the format as it reads it. Markdown is read as CommonMark with the extensions teachers'
    /// text uses (pipe tables, lettered lists), with source positions, and without "smart" punctuation, which
    /// would change the transcript's quotes and dashes.
    var pandocReader: String {
        switch self {
        case .markdown: "commonmark_x-smart-emoji+sourcepos"
        case .docx: "docx"
        case .odt: "odt"
        case .html: "html"
        }
    }
}
