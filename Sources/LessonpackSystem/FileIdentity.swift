import Foundation

/// A file as git's index tells one version from another: its device, inode, size and modification time to the
/// nanosecond. While all four are unchanged the file is taken to be unchanged, without reading it.
package struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64

    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

    package var description: String { "\(device):\(inode):\(size):\(modified)" }
}
