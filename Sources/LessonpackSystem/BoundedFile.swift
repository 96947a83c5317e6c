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

    private static func read(_ opened: Result<ReadableFile, Failure>, limit: Int) -> Result<[UInt8], Failure> {
        switch opened {
        case .failure(let failure): return .failure(failure)
        case .success(let file):
            do { return .success(try file.readAll(limit: limit)) } catch { return .failure(error) }
        }
    }
}
