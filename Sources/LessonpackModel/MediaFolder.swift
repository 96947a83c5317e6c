import Foundation
import LessonpackSystem

/// Access to a module's media/ folder, refusing anything that would lead outside it: every file is reached from the
/// module's folder without following a link, not even `media/` itself or a folder inside it. It reads; writers and
/// deleters take the open folder it hands them (`folder(holding:)`) and work through that.
package struct MediaFolder: Sendable {
    package let moduleFolder: String
    /// Where digests of unchanged files are remembered, for a process that checks the same module again and again.
    package let digests: DigestMemo?
    package var root: String { ModuleLayout.join(moduleFolder, ModuleLayout.mediaFolder) }

    /// The media/ folder of the module at `moduleFolder`.
    package init(moduleFolder: String, digests: DigestMemo? = nil) {
        self.moduleFolder = moduleFolder
        self.digests = digests
    }

    /// `path` (relative to media/) relative to the module's folder.
    private func inModule(_ relativePath: String) -> String { ModuleLayout.mediaFolder + "/" + relativePath }

    package enum Entry: Equatable, Sendable {
        case missing
        case file(size: Int)
        case symbolicLink
        case other
    }

    /// A path as the sources write it is safe when it stays inside media/ and follows `PathName`'s rules, the
    /// ones every bundle reader applies to entry names (the entry is `media/` + this path).
    package static func problem(with relativePath: String) -> String? {
        let entryLength = ModuleLayout.mediaFolder.utf8.count + 1 + relativePath.utf8.count
        let problem: PathName.Problem? = entryLength > PathName.maxBytes && !relativePath.isEmpty
            ? .tooLong(bytes: entryLength) : PathName.problem(relativePath)
        return switch problem {
        case nil: nil
        case .absolute?: "'\(relativePath)' is absolute; write it relative to media/"
        case .backslash?: "'\(relativePath)' contains '\\'; separate folders with '/'"
        case .badPart?, .driveLetter?: "'\(relativePath)' must name a file inside media/, without '..' or empty parts"
        case .tooLong(let bytes)?: "media/\(relativePath.prefix(40))… is \(bytes) bytes long as a bundle entry; the " +
            "limit is \(PathName.maxBytes)"
        case let other?: "media path '\(relativePath)': " + PathName.describe(other)
        }
    }

    package func path(_ relativePath: String) -> String { root.hasSuffix("/") ? root + relativePath : root + "/" + relativePath }

    package func entry(_ relativePath: String) -> Entry {
        guard MediaFolder.problem(with: relativePath) == nil else { return .missing }
        switch ReadableFile.kind(of: inModule(relativePath), in: moduleFolder.isEmpty ? "." : moduleFolder) {
        case .failure(.linkInPath): return .symbolicLink
        case .failure: return .missing
        case .success(let mode) where mode & S_IFMT == S_IFLNK: return .symbolicLink
        case .success(let mode) where mode & S_IFMT == S_IFREG:
            guard case .success(let file) = open(relativePath) else { return .other }
            return .file(size: file.size)
        case .success: return .other
        }
    }

    /// The folder that holds `relativePath`, opened from the module's folder through media/ without following a
    /// link; with `create`, missing folders are made and listed in `made`. What writes or deletes media goes through
    /// it, relative to its descriptor: a folder swapped for a link after a check cannot lead the write out.
    package func folder(holding relativePath: String, create: Bool = false)
        throws(OpenFolder.Failure) -> (folder: OpenFolder, made: [(parent: OpenFolder, name: String)]) {
        try OpenFolder(moduleFolder.isEmpty ? "." : moduleFolder)
            .folder(at: inModule((relativePath as NSString).deletingLastPathComponent), create: create)
    }

    /// The file, opened from the module's folder with no link on the way.
    package func open(_ relativePath: String) -> Result<ReadableFile, ReadableFile.Failure> {
        ReadableFile.open(inModule(relativePath), in: moduleFolder.isEmpty ? "." : moduleFolder)
    }

    /// Lowercase hex SHA-256 of a file, read in chunks so large videos do not sit in memory.
    package func sha256(_ relativePath: String) -> String? {
        guard case .success(let file) = open(relativePath) else { return nil }
        let hash = {
            var hasher = StreamingSHA256()
            do { try file.forEachChunk { hasher.update($0) } } catch { return nil as String? }
            return hasher.finalize()
        }
        return digests.map { $0.sha256(of: file, compute: hash) } ?? hash()
    }

    /// Why `media scan` leaves the file at `relativePath` out of the manifest, in words that say what to do
    /// instead; nil for a file it lists. `check` says the same, so an author is never sent back to a scan that
    /// would skip the file again.
    package func scanSkipReason(_ relativePath: String) -> String? {
        if let problem = MediaFolder.problem(with: relativePath) { return problem }
        if relativePath.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            return "its name, or a folder's on its path, starts with '.', and hidden files are not scanned (editors " +
                "and file managers leave them behind): rename it"
        }
        switch entry(relativePath) {
        case .symbolicLink:
            return "it is a symbolic link or inside a linked folder, and links are not followed (a bundle must not " +
                "take files from outside the module): move or copy the real file into media/"
        case .missing: return "it cannot be opened"
        case .other: return "it is not a regular file"
        case .file: break
        }
        let fileExtension = (relativePath as NSString).pathExtension
        guard MediaKind(fileExtension: fileExtension) != nil else {
            return (fileExtension.isEmpty ? "it has no extension" : "'.\(fileExtension)' is not a media type a module uses") +
                "; convert it to one that is (\(MediaKind.acceptedExtensions))"
        }
        return nil
    }

    /// Every regular file and symbolic link under media/, as relative paths, skipping hidden files
    /// (`.DS_Store` and the like, which editors and file managers leave behind).
    package func allFiles() -> [String] {
        // Not FileManager's enumerator: its attribute dictionaries made listing fifty clips cost milliseconds, on
        // every check and every studio state.
        FileTree.files(under: root, keepingBackups: true)
    }
}
