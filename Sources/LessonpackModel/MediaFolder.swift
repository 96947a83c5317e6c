import Foundation
import LessonpackSystem

/// Read-only access to a module's media/ folder, refusing anything that would lead outside it.
public struct MediaFolder: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    /// The media/ folder of the module at `moduleFolder`.
    public init(moduleFolder: String) { self.root = ModuleLayout.join(moduleFolder, ModuleLayout.mediaFolder) }

    public enum Entry: Equatable, Sendable {
        case missing
        case file(size: Int)
        case symbolicLink
        case other
    }

    /// A path as the sources write it is safe when it stays inside media/: relative, no `..`, no backslashes.
    public static func problem(with relativePath: String) -> String? {
        if relativePath.isEmpty { return "the path is empty" }
        if relativePath.hasPrefix("/") { return "'\(relativePath)' is absolute; write it relative to media/" }
        if relativePath.utf8.contains(UInt8(ascii: "\\")) { return "'\(relativePath)' contains '\\'; separate folders with '/'" }
        if relativePath.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }) {
            return "'\(relativePath)' must name a file inside media/, without '..' or empty parts"
        }
        return nil
    }

    public func path(_ relativePath: String) -> String { root.hasSuffix("/") ? root + relativePath : root + "/" + relativePath }

    public func entry(_ relativePath: String) -> Entry {
        guard MediaFolder.problem(with: relativePath) == nil else { return .missing }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path(relativePath)) else {
            return .missing
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: return .file(size: (attributes[.size] as? Int) ?? 0)
        case .typeSymbolicLink?: return .symbolicLink
        default: return .other
        }
    }

    /// Lowercase hex SHA-256 of a file, read in chunks so large videos do not sit in memory.
    public func sha256(_ relativePath: String) -> String? {
        FileDigest.sha256(ofFileAt: path(relativePath))
    }

    /// Every regular file and symbolic link under media/, as relative paths, skipping hidden files
    /// (`.DS_Store` and the like, which editors and file managers leave behind).
    public func allFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { walker.skipDescendants() }
                continue
            }
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeRegular || type == .typeSymbolicLink { files.append(relative) }
        }
        return files.sorted()
    }
}
