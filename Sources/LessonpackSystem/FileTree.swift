import Foundation

/// The files under a folder, as the tools that read a module see them: hidden files and folders and editors'
/// backups (`name~`) left out, and symbolic links listed but never followed into: a link inside a module (to a file
/// or to a folder) is listed where it is, so that whoever reads it refuses it rather than what it leads to being
/// read as the module's own. FileManager's enumerator reports a link as a link, which a release's change detection
/// or `check --watch` must not mistake for "no file".
package enum FileTree {
    /// Paths relative to `root`, sorted. `skippingFolders`: folder names not to enter, at any depth.
    /// `keepingBackups`: list `name~` files too (a media folder reports every file it holds).
    package static func files(under root: String, skippingFolders: Set<String> = [], keepingBackups: Bool = false) -> [String] {
        var found: [String] = []
        func visit(_ folder: String, relative: String, depth: Int) {
            guard depth < 32, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names where !name.hasPrefix(".") && (keepingBackups || !name.hasSuffix("~")) {
                let path = folder + "/" + name
                let child = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR where !skippingFolders.contains(name): visit(path, relative: child, depth: depth + 1)
                case S_IFREG, S_IFLNK: found.append(child)
                default: continue
                }
            }
        }
        visit(root, relative: "", depth: 0)
        return found.sorted()
    }
}
