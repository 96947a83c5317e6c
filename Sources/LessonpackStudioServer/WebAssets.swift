import Foundation
import LessonpackSystem

/// The page's files: those built into the binary, or, for someone working on the page, the files of a folder named
/// by LESSONPACK_STUDIO_WEB, read afresh on every request so an edit shows on reload.
struct WebAssets: Sendable {
    private let embedded: [String: [UInt8]]
    private let folder: String?

    /// Names this binary's page: its files are served under `/v/VERSION/`, where the browser may keep them as long
    /// as it likes, since another page has another version. Nil when the files come from a folder (they change).
    let version: String?

    init(folder: String?) {
        embedded = Dictionary(EmbeddedWeb.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        self.folder = folder
        var all = StreamingSHA256()
        for file in EmbeddedWeb.files { all.update(Array(file.path.utf8) + [0] + file.bytes) }
        version = folder == nil ? String(all.finalize().prefix(16)) : nil
    }

    /// index.html with its scripts and styles named under this version's folder, so the module imports they make
    /// (relative to themselves) come from there too, from the browser's cache after the first load.
    func page() -> (bytes: [UInt8], contentType: String)? {
        guard let page = file("index.html") else { return nil }
        guard let version else { return page }
        let text = String(decoding: page.bytes, as: UTF8.self)
        let versioned = text.replacing(/(src|href)="([a-z0-9-]+\.(js|css))"/) { match in
            "\(match.output.1)=\"/v/\(version)/\(match.output.2)\""
        }
        return (Array(versioned.utf8), page.contentType)
    }

    /// How index.html opens its data block for the answer to the page's first request, and that block empty.
    static let firstAnswerOpening = Array(#"<script type="application/json" id="first-answer">"#.utf8)
    static let emptyFirstAnswer = firstAnswerOpening + Array("</script>".utf8)

    /// The page before and after its empty first-answer block; nil when it has none.
    static func splitAtFirstAnswer(_ page: [UInt8]) -> (before: [UInt8], after: [UInt8])? {
        guard let range = page.firstRange(of: emptyFirstAnswer) else { return nil }
        return (Array(page[..<range.lowerBound]), Array(page[range.upperBound...]))
    }

    /// The first-answer block holding `json` (empty for nil), made safe to sit in the page: a `<` can only be inside
    /// a string in JSON, where `\u003c` means the same, and without any `<` no text from a module (a title of
    /// `<!--<script>`) can end the element or change how the browser reads it. Replaced byte by byte: as Characters,
    /// a `<` after a prepending mark (U+0600) is part of another Character, and would stay.
    static func firstAnswerBlock(_ json: [UInt8]?) -> [UInt8] {
        guard let json else { return emptyFirstAnswer }
        let lessThan = UInt8(ascii: "<"), escaped = Array(#"\u003c"#.utf8)
        var block = firstAnswerOpening
        block.reserveCapacity(emptyFirstAnswer.count + json.count + 64)
        for byte in json {
            if byte == lessThan { block += escaped } else { block.append(byte) }
        }
        return block + Array("</script>".utf8)
    }

    /// A validator for a file's content, so the browser may keep the page's files (and the compiled form of its
    /// scripts) between loads and ask only whether they changed.
    static func entityTag(_ bytes: [UInt8]) -> String { "\"" + FileDigest.sha256(of: bytes).prefix(32) + "\"" }

    /// The file called `name` (one name, no folders), with its content type.
    func file(_ name: String) -> (bytes: [UInt8], contentType: String)? {
        guard !name.isEmpty, !name.hasPrefix("."), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              let type = Self.contentType(name) else { return nil }
        if let folder {
            guard case .success(let bytes) = BoundedFile.read(name, in: folder, limit: 4 << 20) else { return nil }
            return (bytes, type)
        }
        return embedded[name].map { ($0, type) }
    }

    static func contentType(_ name: String) -> String? {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        default: nil
        }
    }
}
