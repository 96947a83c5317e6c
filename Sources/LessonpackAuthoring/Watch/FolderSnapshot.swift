import Foundation

/// What a folder holds, file by file (size and modification time), to tell cheaply whether anything was saved
/// since the last look. Polling rather than inotify: it works the same on every filesystem (network shares,
/// containers' bind mounts) and for every editor, including those that save by writing a new file and renaming it.
public struct FolderSnapshot: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var size: Int
        var modified: TimeInterval
    }

    private var files: [String: Stamp] = [:]

    /// Everything under `folders`, except hidden files and folders (editors' swap and backup files).
    public init(of folders: [String]) {
        for folder in folders {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name.hasSuffix("~") {
                    if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { enumerator?.skipDescendants() }
                    continue
                }
                guard let attributes = enumerator?.fileAttributes, attributes[.type] as? FileAttributeType == .typeRegular
                else { continue }
                files[folder + "/" + relative] = Stamp(size: (attributes[.size] as? Int) ?? 0,
                                                       modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
            }
        }
    }

    /// The files added, removed or changed since `earlier`, sorted.
    public func changes(since earlier: FolderSnapshot) -> [String] {
        Set(files.keys).union(earlier.files.keys).filter { files[$0] != earlier.files[$0] }.sorted()
    }
}
