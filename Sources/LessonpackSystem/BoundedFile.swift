import Foundation

/// Reads a whole file, refusing it before reading when it is larger than the caller can afford, or when it is not
/// a regular file (a FIFO would block the reader forever; a device could be endless).
package enum BoundedFile {
    package typealias Failure = ReadableFile.Failure

    package static func read(_ path: String, limit: Int, links: ReadableFile.Links = .follow) -> Result<[UInt8], Failure> {
        read(ReadableFile.open(path, links: links), limit: limit)
    }

    /// `relative` inside `root`, with no link anywhere on the way (see `ReadableFile.open(_:in:)`).
    package static func read(_ relative: String, in root: String, limit: Int) -> Result<[UInt8], Failure> {
        read(ReadableFile.open(relative, in: root), limit: limit)
    }

    /// The file `name` in `folder`, a folder held open, never through a link.
    package static func read(_ name: String, in folder: OpenFolder, limit: Int) -> Result<[UInt8], Failure> {
        read(ReadableFile.open(name, in: folder), limit: limit)
    }

    /// Standard input to its end, at most `limit` bytes: what a command reads for the file name `-`. A pipe or a
    /// terminal has no size to check first, so it is read a chunk at a time and refused once past the limit.
    package static func readStandardInput(limit: Int) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            if bytes.count > limit { return .failure(.tooLarge(size: bytes.count, limit: limit)) }
        }
    }

    private static func read(_ opened: Result<ReadableFile, Failure>, limit: Int) -> Result<[UInt8], Failure> {
        switch opened {
        case .failure(let failure): return .failure(failure)
        case .success(let file):
            do { return .success(try file.readAll(limit: limit)) } catch { return .failure(error) }
        }
    }
}
