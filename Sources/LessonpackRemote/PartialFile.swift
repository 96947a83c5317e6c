import Foundation
import LessonpackDiagnostics
import LessonpackSystem

/// A download in progress: a regular file in the library's own downloads folder, only ever appended to, so an
/// interrupted download keeps what it had and the next run asks for the rest. Never a link or a device: the
/// folder is the library's, and anything else found there is not ours to write through.
final class PartialFile: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private(set) var size: Int

    init(_ path: String) throws(Failure) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            Foundation.close(descriptor)
            throw Failure(description: "it is not a regular file")
        }
        size = Int(status.st_size)
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: String(cString: strerror(errno))) }
            offset += count
        }
        size += bytes.count
    }

    /// Back to empty, for a server that sends the whole file after all.
    func truncate() throws(Failure) {
        guard ftruncate(descriptor, 0) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        size = 0
    }

    func close() { Foundation.close(descriptor) }
}

extension PartialFile.Failure: DiagnosticError {
    var reportedDiagnostics: [Diagnostic] { [.failure(.downloadWriteFailed, description)] }
}
