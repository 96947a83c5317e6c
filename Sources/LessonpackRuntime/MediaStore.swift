import Foundation
import LessonpackBundle
import LessonpackModel
import LessonpackSystem

/// Hands out a module's media as files, for players and decoders that need a path. From a bundle, each file is
/// extracted once into the cache (named by its SHA-256, so identical files are stored once and a changed file
/// never reuses a stale copy) and checked against the manifest on the way out.
package final class MediaStore: Sendable {
    enum Origin: Sendable {
        case bundle(OpenedBundle)
        case folder(String, [MediaFile])
    }

    private let origin: Origin
    package let cacheFolder: String
    private let lock = NSLock()

    init(origin: Origin, cacheFolder: String) {
        self.origin = origin
        self.cacheFolder = cacheFolder
    }

    /// $XDG_CACHE_HOME/lessonpack/media, or ~/.cache/lessonpack/media.
    package static func defaultCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        cacheBase(environment) + "/media"
    }

    /// $XDG_CACHE_HOME/lessonpack/voices, or ~/.cache/lessonpack/voices: conversations prepared with some voices
    /// silenced, named after their media file's hash and the spans.
    package static func voicesCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        cacheBase(environment) + "/voices"
    }

    /// What this build remembers of the bundles it checked, in $XDG_CACHE_HOME/lessonpack/checked; nothing when
    /// there is no cache of the learner's own (no XDG_CACHE_HOME and no HOME: the shared temporary folder is not one).
    package static func checkedModules(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> CheckedModuleMemory? {
        guard !(environment["XDG_CACHE_HOME"] ?? "").isEmpty || !(environment["HOME"] ?? "").isEmpty else { return nil }
        return CheckedModuleMemory.forThisBuild(in: cacheBase(environment) + "/checked")
    }

    private static func cacheBase(_ environment: [String: String]) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache"
        return base + "/lessonpack"
    }

    /// The media file the module calls `path` (relative to media/), as a file on disk.
    package func file(_ path: String) throws(RuntimeError) -> String {
        switch origin {
        case .folder(let folder, let files):
            guard MediaFolder.problem(with: path) == nil, files.contains(where: { $0.path == path }) else {
                throw RuntimeError(.runtimeMediaMissing, "the module has no media file '\(path)'")
            }
            return MediaFolder(moduleFolder: folder).path(path)
        case .bundle(let bundle):
            let entry = BundleFormat.mediaFolder + path
            guard let listed = bundle.manifest.entry(entry) else { throw RuntimeError(.runtimeMediaMissing, "the bundle has no media file '\(path)'") }
            let fileExtension = (path as NSString).pathExtension.filter { $0.isLetter || $0.isNumber }
            let cached = "\(cacheFolder)/\(listed.sha256)" + (fileExtension.isEmpty ? "" : "." + fileExtension)
            lock.lock()
            defer { lock.unlock() }
            if let size = (try? FileManager.default.attributesOfItem(atPath: cached))?[.size] as? Int, size == listed.size {
                return cached
            }
            do { try BundleReader.extract(entry, from: bundle, to: cached) } catch {
                throw RuntimeError(.runtimeMediaUnreadable, error.description)
            }
            return cached
        }
    }

    /// What the module records about a media file.
    package func info(_ path: String) -> MediaFile? {
        switch origin {
        case .folder(_, let files): files.first { $0.path == path }
        case .bundle(let bundle): bundle.module.media.first { $0.path == path }
        }
    }
}
