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
