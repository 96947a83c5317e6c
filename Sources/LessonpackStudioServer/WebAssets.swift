import Foundation
import LessonpackSystem

/// The page's files: those built into the binary, or, for someone working on the page, the files of a folder named
/// by LESSONPACK_STUDIO_WEB, read afresh on every request so an edit shows on reload.
struct WebAssets: Sendable {
    private let embedded: [String: [UInt8]]
    private let folder: String?

    init(folder: String?) {
        embedded = Dictionary(EmbeddedWeb.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        self.folder = folder
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
