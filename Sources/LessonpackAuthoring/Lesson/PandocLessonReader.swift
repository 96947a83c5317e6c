import Foundation
import LessonpackDiagnostics
import LessonpackSystem

/// Reads a lesson document through pandoc, which knows Word, OpenDocument, HTML and Markdown far better than any
/// reader we would write, as its JSON AST, and flattens that into a `LessonDocument`. Markdown is read with source
/// positions, so every line keeps its line and column; a word processor's paragraphs are numbered in reading order.
package enum PandocLessonReader {
    /// No teacher's lesson is this large; a larger file is a mistake, and pandoc's tree of it would be larger still.
    package static let documentLimit = 16 << 20
    static let treeLimit = 256 << 20
    /// JSON levels of pandoc's tree: a list item inside a list inside a quote takes about four.
    static let maximumDepth = 400

    /// How deeply the JSON's arrays and objects nest, strings skipped.
    static func depth(of json: Data) -> Int {
        var deepest = 0, current = 0, inString = false, escaped = false
        for byte in json {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                current += 1
                deepest = max(deepest, current)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): current -= 1
            default: break
            }
        }
        return deepest
    }

    package struct Failure: Error, Sendable {
        package var diagnostic: Diagnostic
    }

    /// Reads `bytes` (the document's content, already read from a checked regular file) as `format`.
    package static func read(_ bytes: [UInt8], file: String, format: LessonDocumentFormat,
                             pandoc: ExternalTool? = ExternalTool.find("pandoc")) -> Result<LessonDocument, Failure> {
        let whole = SourceLocation(file: file)
        guard bytes.count <= documentLimit else {
            return .failure(Failure(diagnostic: .error(.lessonUnreadable, "the document is larger than 16 MB; a lesson " +
                                                       "is far smaller, so this is probably not the right file", at: whole)))
        }
        guard let pandoc else {
            return .failure(Failure(diagnostic: .error(.lessonUnreadable, "pandoc, which reads lesson documents, is not " +
                                                       "installed (Debian's 'pandoc'; scripts/setup installs it)", at: whole)))
        }
        var input = bytes
        if format == .markdown {
            // pandoc reads UTF-8 only; a text file saved by Windows tools as UTF-16 is converted, a byte order mark
            // dropped, so line numbers stay the author's.
            do {
                input = Array(try TextSource(bytes: bytes, file: file).lines.map(\.text).joined(separator: "\n").utf8)
            } catch {
                return .failure(Failure(diagnostic: error.diagnostic))
            }
        }
        let output: ExternalTool.Output
        do {
            // No file names go to pandoc: the document arrives on standard input, and nothing it refers to
            // (images, linked style sheets) is fetched or extracted.
            output = try pandoc.run(["--from", format.pandocReader, "--to", "json", "--sandbox"], input: Data(input),
                                    timeout: 120, outputLimit: treeLimit)
        } catch {
            return .failure(Failure(diagnostic: .error(.lessonUnreadable, "cannot run pandoc: " +
                                                       SystemErrorText.describe(error), at: whole)))
        }
        guard output.succeeded, !output.truncated else {
            let said = output.errorText.split(separator: "\n").first.map(String.init) ?? "exit status \(output.status)"
            return .failure(Failure(diagnostic: .error(.lessonUnreadable, "this is not a \(format.name) document pandoc " +
                                                       "can read (pandoc: \(said))", at: whole)))
        }
        return document(fromTree: output.standardOutput, file: file, format: format)
    }

    /// The document from pandoc's JSON AST: the half of `read` after pandoc, which the lesson fuzzer drives with
    /// trees of its own making.
    package static func document(fromTree tree: Data, file: String, format: LessonDocumentFormat) -> Result<LessonDocument, Failure> {
        let whole = SourceLocation(file: file)
        // Reading the tree recurses once per level, and a crafted document can nest lists or quotes thousands deep.
        guard depth(of: tree) <= maximumDepth else {
            return .failure(Failure(diagnostic: .error(.lessonUnreadable, "the document nests lists, quotes or tables " +
                                                       "more than \(maximumDepth / 4) deep; a lesson never does", at: whole)))
        }
        guard let tree = try? JSONSerialization.jsonObject(with: tree) as? [String: Any],
              let blocks = tree["blocks"] as? [Any] else {
            return .failure(Failure(diagnostic: .error(.lessonUnreadable, "pandoc's reading of the document could " +
                                                       "not be understood", at: whole)))
        }
        var flattener = Flattener(hasLines: format.hasLines)
        // Word's Title style, and a web page's title block, reach pandoc's metadata, not its blocks: the title is
        // still the lesson's first heading.
        if let meta = tree["meta"] as? [String: Any], let title = meta["title"] as? [String: Any],
           title["t"] as? String == "MetaInlines", let inlines = title["c"] as? [Any] {
            flattener.block(["t": "Header", "c": [1, ["", [], []], inlines]], depth: 0, marker: nil)
        }
        flattener.blocks(blocks, depth: 0, marker: nil)
        return .success(LessonDocument(file: file, format: format, lines: flattener.lines))
    }
}

extension LessonDocumentFormat {
    /// The same with its article: "a Word document", "an OpenDocument document".
    package var documentName: String { (self == .odt ? "an " : "a ") + name + " document" }

    /// How a teacher names the kind of document.
    package var name: String {
        switch self {
        case .markdown: "text or Markdown"
        case .docx: "Word"
        case .odt: "OpenDocument"
        case .html: "web page"
        }
    }
}

/// Walks pandoc's blocks in reading order, making one `LessonLine` per heading, per line of a paragraph, per list
/// item and per table row.
private struct Flattener {
    let hasLines: Bool
    var lines: [LessonLine] = []
    /// The position of the block being walked, from Markdown's `data-pos` attributes.
    var blockPosition: SourcePosition?

    init(hasLines: Bool) { self.hasLines = hasLines }

    mutating func blocks(_ blocks: [Any], depth: Int, marker: ListMarker?) {
        var pendingMarker = marker
        for block in blocks {
            self.block(block, depth: depth, marker: pendingMarker)
            // Only an item's first paragraph carries its number; what follows in the item is its body.
            if pendingMarker != nil, lines.last.map({ if case .listItem = $0.kind { true } else { false } }) == true {
                pendingMarker = nil
            }
        }
    }

    mutating func block(_ value: Any, depth: Int, marker: ListMarker?) {
        guard let node = value as? [String: Any], let type = node["t"] as? String else { return }
        let content = node["c"]
        switch type {
        case "Para", "Plain":
            paragraph(content as? [Any] ?? [], depth: depth, marker: marker)
        case "Header":
            guard let parts = content as? [Any], parts.count == 3, let level = parts[0] as? Int else { return }
            let position = Self.position(ofAttributes: parts[1]) ?? blockPosition
            // A heading is one line, however its text was wrapped.
            var inline = InlineText(softBreaksEndLines: false)
            inline.add(parts[2] as? [Any] ?? [])
            let lines = inline.lines()
            let text = StyledText(lines.flatMap { line in [StyledText.Run(" ")] + line.0.runs }).normalised()
            if !text.isEmpty { emit(.heading(level: level), text, position: lines.first?.1 ?? position) }
        case "Div":
            guard let parts = content as? [Any], parts.count == 2 else { return }
            let saved = blockPosition
            if let position = Self.position(ofAttributes: parts[0]) { blockPosition = position }
            blocks(parts[1] as? [Any] ?? [], depth: depth, marker: marker)
            blockPosition = saved
        case "BlockQuote":
            blocks(content as? [Any] ?? [], depth: depth, marker: marker)
        case "LineBlock":
            for line in content as? [Any] ?? [] { paragraph(line as? [Any] ?? [], depth: depth, marker: nil) }
        case "CodeBlock":
            // Text indented by four spaces is code to Markdown, but to a teacher it is only indented.
            guard let parts = content as? [Any], parts.count == 2, let text = parts[1] as? String else { return }
            let start = Self.position(ofAttributes: parts[0]) ?? blockPosition
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let position = start.map { SourcePosition(line: $0.line + offset, column: $0.column + 4) }
                let styled = StyledText(plain: String(line)).normalised()
                if !styled.isEmpty { emit(.paragraph, styled, position: position) }
            }
        case "OrderedList":
            guard let parts = content as? [Any], parts.count == 2, let attributes = parts[0] as? [Any],
                  let items = parts[1] as? [Any] else { return }
            let start = attributes.first as? Int ?? 1
            let style = ((attributes.count > 1 ? attributes[1] : nil) as? [String: Any])?["t"] as? String ?? "Decimal"
            let lettered = style == "LowerAlpha" || style == "UpperAlpha"
            for (index, item) in items.enumerated() {
                let marker: ListMarker = lettered ? .letter(start - 1 + index) : .number(start + index)
                blocks(item as? [Any] ?? [], depth: depth + 1, marker: marker)
            }
        case "BulletList":
            for item in content as? [Any] ?? [] { blocks(item as? [Any] ?? [], depth: depth + 1, marker: .bullet) }
        case "DefinitionList":
            for entry in content as? [Any] ?? [] {
                guard let pair = entry as? [Any], pair.count == 2 else { continue }
                paragraph(pair[0] as? [Any] ?? [], depth: depth, marker: nil)
                for definition in pair[1] as? [Any] ?? [] { blocks(definition as? [Any] ?? [], depth: depth + 1, marker: nil) }
            }
        case "Table":
            table(content as? [Any] ?? [])
        default:
            break  // rules, raw blocks (HTML comments), figures' captions: nothing a lesson says
        }
    }

    /// A paragraph becomes one line per line break, so `a) …` lines typed under a question are each a line.
    mutating func paragraph(_ inlines: [Any], depth: Int, marker: ListMarker?) {
        var inline = InlineText(softBreaksEndLines: hasLines)
        inline.add(inlines)
        var first = true
        for (text, position) in inline.lines() where !text.isEmpty {
            let kind: LessonLine.Kind = first && marker != nil ? .listItem(marker!, depth: max(0, depth - 1)) : .paragraph
            emit(kind, text, position: position ?? blockPosition)
            first = false
        }
    }

    mutating func table(_ parts: [Any]) {
        guard parts.count == 6 else { return }
        let position = Self.position(ofAttributes: parts[0]) ?? blockPosition
        func rows(_ value: Any?) -> [[Any]] { (value as? [Any] ?? []).compactMap { $0 as? [Any] } }
        func cells(of row: [Any]) -> [StyledText] {
            guard row.count == 2 else { return [] }
            return (row[1] as? [Any] ?? []).map { cell -> StyledText in
                guard let cellParts = cell as? [Any], cellParts.count == 5 else { return StyledText() }
                var inline = InlineText(softBreaksEndLines: false)
                inline.addBlocks(cellParts[4] as? [Any] ?? [])
                return inline.lines().map(\.0).reduce(StyledText()) { joined, line in
                    joined.isEmpty ? line : StyledText(joined.runs + [StyledText.Run(" ")] + line.runs)
                }
            }
        }
        let head = parts[3] as? [Any] ?? []
        var all: [(cells: [StyledText], isHeader: Bool, position: SourcePosition?)] = []
        for row in rows(head.count == 2 ? head[1] : nil) {
            all.append((cells(of: row), true, Self.position(ofAttributes: row.first) ?? position))
        }
        for body in parts[4] as? [Any] ?? [] {
            guard let bodyParts = body as? [Any], bodyParts.count == 4 else { continue }
            for row in rows(bodyParts[2]) + rows(bodyParts[3]) {
                all.append((cells(of: row), false, Self.position(ofAttributes: row.first) ?? position))
            }
        }
        for row in all where !row.cells.allSatisfy(\.isEmpty) {
            let joined = row.cells.map(\.plain).joined(separator: " | ")
            emit(.tableRow(cells: row.cells, isHeader: row.isHeader), StyledText(plain: joined), position: row.position)
        }
    }

    mutating func emit(_ kind: LessonLine.Kind, _ text: StyledText, position: SourcePosition?) {
        let paragraph = lines.count + 1
        let words = text.plain.split(separator: " ").prefix(6).joined(separator: " ")
        let place = LessonPlace(line: hasLines ? position?.line : nil, column: hasLines ? position?.column : nil,
                                paragraph: paragraph, firstWords: words)
        lines.append(LessonLine(kind, text, at: place))
    }

    /// `data-pos="3:1-5:1"` (or `file@3:1-5:1`) in a pandoc `Attr`: where the element starts.
    static func position(ofAttributes value: Any?) -> SourcePosition? {
        guard let attr = value as? [Any], attr.count == 3, let pairs = attr[2] as? [Any] else { return nil }
        for pair in pairs {
            guard let keyValue = pair as? [Any], keyValue.count == 2, keyValue[0] as? String == "data-pos",
                  let text = keyValue[1] as? String else { continue }
            let range = text.split(separator: "@").last ?? Substring(text)
            let start = range.split(separator: "-").first ?? range
            let numbers = start.split(separator: ":").compactMap { Int($0) }
            if numbers.count == 2 { return SourcePosition(line: numbers[0], column: numbers[1]) }
        }
        return nil
    }
}

/// Inline content gathered into styled runs, broken into lines at pandoc's hard breaks (and, in a text document,
/// at its soft breaks: the lines the author typed); each line keeps the position of its first piece of text.
private struct InlineText {
    /// In Markdown and plain text a line break is the author's; in HTML it is only where the page was wrapped.
    let softBreaksEndLines: Bool
    private var finished: [(StyledText, SourcePosition?)] = []
    private var current: [StyledText.Run] = []
    private var currentPosition: SourcePosition?
    private var strong = 0, emphasised = 0, underlined = 0
    /// HTML `<u>` written in Markdown, which pandoc passes through as raw inlines.
    private var rawUnderline = false

    init(softBreaksEndLines: Bool) { self.softBreaksEndLines = softBreaksEndLines }

    mutating func lines() -> [(StyledText, SourcePosition?)] {
        breakLine()
        return finished
    }

    mutating func addBlocks(_ blocks: [Any]) {
        for block in blocks {
            guard let node = block as? [String: Any], let type = node["t"] as? String else { continue }
            switch type {
            case "Para", "Plain":
                add(node["c"] as? [Any] ?? [])
                breakLine()
            case "Div", "BlockQuote":
                let inner = type == "Div" ? ((node["c"] as? [Any])?.last as? [Any] ?? []) : (node["c"] as? [Any] ?? [])
                addBlocks(inner)
            case "BulletList", "OrderedList":
                let items = type == "BulletList" ? (node["c"] as? [Any] ?? []) : ((node["c"] as? [Any])?.last as? [Any] ?? [])
                for item in items { addBlocks(item as? [Any] ?? []) }
            default: break
            }
        }
    }

    mutating func add(_ inlines: [Any]) {
        for inline in inlines { add(inline) }
    }

    private mutating func add(_ value: Any) {
        guard let node = value as? [String: Any], let type = node["t"] as? String else { return }
        let content = node["c"]
        switch type {
        case "Str": append(content as? String ?? "")
        case "Space": append(" ")
        case "LineBreak": breakLine()
        case "SoftBreak": if softBreaksEndLines { breakLine() } else { append(" ") }
        case "Strong":
            strong += 1
            add(content as? [Any] ?? [])
            strong -= 1
        case "Emph":
            emphasised += 1
            add(content as? [Any] ?? [])
            emphasised -= 1
        case "Underline":
            underlined += 1
            add(content as? [Any] ?? [])
            underlined -= 1
        case "Strikeout", "Superscript", "Subscript", "SmallCaps":
            add(content as? [Any] ?? [])
        case "Span":
            guard let parts = content as? [Any], parts.count == 2 else { return }
            if currentPosition == nil, current.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }),
               let position = Flattener.position(ofAttributes: parts[0]) {
                currentPosition = position
            }
            let classes = ((parts[0] as? [Any])?.dropFirst().first as? [Any])?.compactMap { $0 as? String } ?? []
            let underline = classes.contains("underline") || classes.contains("ul")
            if underline { underlined += 1 }
            add(parts[1] as? [Any] ?? [])
            if underline { underlined -= 1 }
        case "Quoted":
            guard let parts = content as? [Any], parts.count == 2 else { return }
            let double = (parts[0] as? [String: Any])?["t"] as? String == "DoubleQuote"
            append(double ? "\u{201C}" : "\u{2018}")
            add(parts[1] as? [Any] ?? [])
            append(double ? "\u{201D}" : "\u{2019}")
        case "Cite":
            add((content as? [Any])?.last as? [Any] ?? [])
        case "Link":
            add((content as? [Any]).flatMap { $0.count == 3 ? $0[1] as? [Any] : nil } ?? [])
        case "Code", "Math":
            if let parts = content as? [Any], let text = parts.last as? String { append(text) }
        case "RawInline":
            guard let parts = content as? [Any], parts.count == 2, let text = parts[1] as? String else { return }
            let tag = text.lowercased().replacingOccurrences(of: " ", with: "")
            if tag == "<u>" { rawUnderline = true } else if tag == "</u>" { rawUnderline = false }
            else if tag == "<br>" || tag == "<br/>" { breakLine() }
        default:
            break  // images and footnotes say nothing the lesson's text holds
        }
    }

    private mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        current.append(StyledText.Run(text, strong: strong > 0, emphasised: emphasised > 0,
                                      underlined: underlined > 0 || rawUnderline))
    }

    private mutating func breakLine() {
        let text = StyledText(current).normalised()
        if !text.isEmpty { finished.append((text, currentPosition)) }
        current = []
        currentPosition = nil
    }
}

extension PandocLessonReader.Failure: DiagnosticError {
    package var description: String { "\(diagnostic.location): \(diagnostic.message)" }
    package var reportedDiagnostics: [Diagnostic] { [diagnostic] }
}
