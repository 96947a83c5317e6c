import Foundation

/// The files under a folder, as the tools that read them see them: symbolic links followed (to files and to
/// folders, each real folder visited once, so a link back up the tree ends), hidden files and folders and editors'
/// backups (`name~`) left out. FileManager's enumerator reports a link as a link, which a release's change
/// detection or `check --watch` must not mistake for "no file".
public enum FileTree {
    /// Paths relative to `root`, sorted. `skippingFolders`: folder names not to enter, at any depth.
    public static func files(under root: String, skippingFolders: Set<String> = []) -> [String] {
        var found: [String] = []
        var visited: Set<String> = []
        func visit(_ folder: String, relative: String, depth: Int) {
            guard depth < 32, let real = realpath(folder), visited.insert(real).inserted,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names where !name.hasPrefix(".") && !name.hasSuffix("~") {
                let path = folder + "/" + name
                let child = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard stat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR where !skippingFolders.contains(name): visit(path, relative: child, depth: depth + 1)
                case S_IFREG: found.append(child)
                default: continue
                }
            }
        }
        visit(root, relative: "", depth: 0)
        return found.sorted()
    }

    private static func realpath(_ path: String) -> String? {
        guard let resolved = Foundation.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
