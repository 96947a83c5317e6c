import Foundation
import LessonpackModel
import LessonpackSystem

/// Where the bytes of a media entry come from when a bundle is built: a file of the module, reached from the
/// module's folder without following a link on the way (`media/lines` being a link would pack files from anywhere),
/// or a file the build made itself (a transcoded copy in the cache).
enum MediaSource: Sendable, CustomStringConvertible {
    case inModule(folder: String, path: String)
    case made(String)

    /// The module's file `path` (relative to media/).
    static func module(_ folder: String, _ path: String) -> MediaSource {
        .inModule(folder: folder, path: ModuleLayout.mediaFolder + "/" + path)
    }

    func open() -> Result<ReadableFile, ReadableFile.Failure> {
        switch self {
        case .inModule(let folder, let path): ReadableFile.open(path, in: folder)
        case .made(let path): ReadableFile.open(path, links: .refuse)
        }
    }

    /// The path to give a tool that reads it by name (ffmpeg), once it has been found to be a regular file
    /// reached without links.
    func checkedPath() throws(BundleError) -> String {
        switch open() {
        case .success(let file): return file.path
        case .failure(let failure): throw BundleError(.bundleWriteFailed, "\(self) \(failure)")
        }
    }

    var description: String {
        switch self {
        case .inModule(let folder, let path): ModuleLayout.join(folder, path)
        case .made(let path): path
        }
    }
}
