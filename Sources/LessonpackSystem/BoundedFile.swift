import Foundation

/// Reads a whole file, refusing it before reading when it is larger than the caller can afford, or when it is not
/// a regular file (a FIFO would block the reader forever; a device could be endless).
public enum BoundedFile {
    public typealias Failure = ReadableFile.Failure

    public static func read(_ path: String, limit: Int, links: ReadableFile.Links = .follow) -> Result<[UInt8], Failure> {
        switch ReadableFile.open(path, links: links) {
        case .failure(let failure): return .failure(failure)
        case .success(let file):
            do { return .success(try file.readAll(limit: limit)) } catch { return .failure(error) }
        }
    }
}
