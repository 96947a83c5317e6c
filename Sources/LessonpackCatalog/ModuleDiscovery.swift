import Foundation
import LessonpackBundle
import LessonpackModel
import LessonpackSystem

/// The modules a release builds: every folder under the catalog folder that holds a module.plist, links
/// followed (each real folder once). A module's own folders (media/, questions/) are not searched for more
/// modules, nor are hidden folders.
enum ModuleDiscovery {
    static func modules(under root: String) -> [String] {
        var found: [String] = []
        var visited: Set<String> = []
        func visit(_ folder: String, depth: Int) {
            let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            guard depth < 16, visited.insert(real).inserted else { return }
            if FileManager.default.fileExists(atPath: ModuleLayout.join(folder, SourceFile.module.path)) {
                found.append(folder)
                return
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let path = ModuleLayout.join(folder, name)
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    visit(path, depth: depth + 1)
                }
            }
        }
        visit(root, depth: 0)
        return found
    }

    /// Every file of a module, relative to its folder (links followed, hidden files left out): what the
    /// module's bundle is made of.
    static func files(of module: String) -> [String] { FileTree.files(under: module) }
}

/// What a module's bundle depends on, as one SHA-256: every file's path and content, the tool's version (a new
/// lessonpack may write bundles differently) and the signing key. Equal hashes mean an identical bundle.
enum SourceHash {
    /// `strict`: released under --werror, which a module with warnings released without it has not passed.
    static func of(module: String, signingKeyID: String?, strict: Bool, transcode: Transcoder.Preset? = nil,
                   known: FileHashCache, fresh: inout FileHashCache) -> String? {
        var lines = ["lessonpack \(ToolVersion.current)", "key \(signingKeyID ?? "none")", "werror \(strict)"]
        // Transcoded bundles differ from plain ones: switching --transcode (or its settings) rebuilds.
        if let transcode { lines.append("transcode \(transcode.audioArguments("in", "out")) \(transcode.videoArguments("in", "out"))") }
        for file in ModuleDiscovery.files(of: module) {
            guard let digest = fresh.sha256(of: ModuleLayout.join(module, file), known: known) else { return nil }
            lines.append("\(digest)  \(file)")
        }
        return FileDigest.sha256(of: Array(lines.joined(separator: "\n").utf8))
    }
}
