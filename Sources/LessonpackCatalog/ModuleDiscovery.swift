import Foundation
import LessonpackModel
import LessonpackSystem

/// The modules a release builds: every folder under the catalog folder that holds a module.plist. A module's own
/// folders (media/, questions/) are not searched for more modules, nor are hidden folders.
enum ModuleDiscovery {
    static func modules(under root: String) -> [String] {
        var found: [String] = []
        func visit(_ folder: String, depth: Int) {
            if FileManager.default.fileExists(atPath: ModuleLayout.join(folder, SourceFile.module.path)) {
                found.append(folder)
                return
            }
            guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let path = ModuleLayout.join(folder, name)
                // Symbolic links are not followed: a link back up the tree would never end.
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                guard attributes?[.type] as? FileAttributeType == .typeDirectory,
                      FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                visit(path, depth: depth + 1)
            }
        }
        visit(root, depth: 0)
        return found
    }

    /// Every file of a module, relative to its folder, hidden ones left out: what the module's bundle is made of.
    static func files(of module: String) -> [String] {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: module)
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let type = enumerator?.fileAttributes?[.type] as? FileAttributeType
            if name.hasPrefix(".") {
                if type == .typeDirectory { enumerator?.skipDescendants() }
                continue
            }
            if type == .typeRegular { files.append(relative) }
        }
        return files.sorted()
    }
}

/// What a module's bundle depends on, as one SHA-256: every file's path and content, the tool's version (a new
/// lessonpack may write bundles differently) and the signing key. Equal hashes mean an identical bundle.
enum SourceHash {
    static func of(module: String, signingKeyID: String?, known: FileHashCache, fresh: inout FileHashCache) -> String? {
        var lines = ["lessonpack \(ToolVersion.current)", "key \(signingKeyID ?? "none")"]
        for file in ModuleDiscovery.files(of: module) {
            guard let digest = fresh.sha256(of: ModuleLayout.join(module, file), known: known) else { return nil }
            lines.append("\(digest)  \(file)")
        }
        return FileDigest.sha256(of: Array(lines.joined(separator: "\n").utf8))
    }
}
