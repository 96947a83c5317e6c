import Foundation

/// Writes a file so that readers see the old content or the new, never half of either: the bytes go to a
/// temporary file in the same folder, are flushed to disk, and the temporary file is renamed over the target.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// A `path` that is a symbolic link is written through: the file it links to gets the new content and the
    /// link stays, as an editor saving the file would leave it.
    public static func write(_ bytes: some DataProtocol, to path: String, permissions: mode_t = 0o644) throws(Failure) {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        let data = Data(bytes)
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        let error = written ? 0 : errno
        let synced = written && fsync(descriptor) == 0 && fchmod(descriptor, permissions) == 0
        close(descriptor)
        guard written, synced else {
            throw Failure(path: path, reason: String(cString: strerror(error == 0 ? errno : error)))
        }
        guard rename(temporary, url.path) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        succeeded = true
    }

    public static func write(_ text: String, to path: String) throws(Failure) {
        try write(Array(text.utf8), to: path)
    }
}
