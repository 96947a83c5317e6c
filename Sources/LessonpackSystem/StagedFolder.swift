import Foundation

/// A folder assembled under a new, unguessable name beside where it is to go (`.NAME.LABEL-UUID`), then moved into
/// place whole: what `new` and `unpack` make appears complete or not at all. Its parent is held open, and every file is
/// written and the folder moved through descriptors, so a folder swapped for a link meanwhile cannot send a file out.
/// Left unplaced (an error on the way), it is removed when this value goes away.
package final class StagedFolder {
    /// Where to write what the folder will hold.
    package let staging: OpenFolder
    private let parent: OpenFolder
    private let targetName: String
    private let stagingName: String
    private var placed = false

    /// The staging folder for `destination`, made in its parent, which is created when missing.
    package init(for destination: String, label: String) throws {
        let target = URL(fileURLWithPath: destination).standardizedFileURL
        targetName = target.lastPathComponent
        stagingName = ".\(targetName).\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        parent = try OpenFolder(target.deletingLastPathComponent().path)
        staging = try parent.makeFolder(stagingName)
    }

    deinit { if !placed { parent.removeTree(stagingName) } }

    /// Moves the folder to its destination. An empty folder there is replaced (rmdir, not a recursive delete: it was
    /// empty when checked, and whatever appeared in it since is someone's and stays); false, and nothing moved, when
    /// the destination is not empty.
    package func place() throws(OpenFolder.Failure) -> Bool {
        if parent.status(of: targetName) != nil, !parent.removeFolder(targetName) { return false }
        try parent.rename(stagingName, to: targetName)
        placed = true
        return true
    }
}
