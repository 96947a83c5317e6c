import Foundation

/// Names the running build of lessonpack: the executable file's device, inode, size and modification time, as
/// DigestMemo names a file. Installing or rebuilding the tool gives it a new name, so whatever was remembered
/// under the old one (a verdict of rules that may have changed) no longer applies. Nil where the executable cannot
/// be found, so nothing is remembered.
package enum BuildIdentity {
    package static let current: String? = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }()
}
