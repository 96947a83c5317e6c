import Foundation
import LessonpackBundle
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel

/// A module ready to play: its content, immutable, and where to get its media.
package struct LoadedModule: Sendable {
    package enum Origin: Sendable {
        case bundle(OpenedBundle)
        case folder(String)
    }

    package let module: Module
    package let origin: Origin
    package let media: MediaStore

    /// Opens a `.lessonpack` bundle or a module source folder. A bundle is checked as untrusted input (structure,
    /// manifest, hashes of what is read, format version, the module's internal consistency) and its media is left in the file
    /// until asked for; a folder must pass `check`. `cacheFolder` receives extracted and decoded media; `checked`
    /// holds the module.json files this build already checked (the player's, `MediaStore.checkedModules()`).
    package static func open(_ path: String, cacheFolder: String = MediaStore.defaultCacheFolder(),
                             checked: CheckedModuleMemory? = nil) throws(RuntimeError) -> LoadedModule {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw RuntimeError(.runtimeModuleMissing, "\(path): no such bundle or module folder")
        }
        if isFolder.boolValue { return try openFolder(path, cacheFolder: cacheFolder) }
        let bundle: OpenedBundle
        do { bundle = try BundleReader.open(path, checked: checked) } catch {
            throw RuntimeError(.runtimeBundleRefused, "\(path) cannot be opened", diagnostics: error.diagnostics)
        }
        return LoadedModule(module: bundle.module, origin: .bundle(bundle),
                            media: MediaStore(origin: .bundle(bundle), cacheFolder: cacheFolder))
    }

    private static func openFolder(_ path: String, cacheFolder: String) throws(RuntimeError) -> LoadedModule {
        let result: ModuleChecker.Result
        do { result = try ModuleChecker.check(folder: path) } catch { throw RuntimeError(.runtimeModuleInvalid, error.description) }
        if result.diagnostics.hasErrors {
            let count = result.diagnostics.errorCount
            throw RuntimeError(.runtimeModuleInvalid, "\(path) has \(count) error\(count == 1 ? "" : "s"): run 'lessonpack check \(path)' to see " +
                               "them with their lines", diagnostics: result.diagnostics.filter { $0.severity == .error })
        }
        let module = result.source.module
        return LoadedModule(module: module, origin: .folder(path),
                            media: MediaStore(origin: .folder(path, module.media), cacheFolder: cacheFolder))
    }
}
