import Foundation

/// Reads a whole file, refusing it before reading when it is larger than the caller can afford.
public enum BoundedFile {
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case missing
        case isDirectory
        case tooLarge(size: Int, limit: Int)
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .isDirectory: "is a folder, not a file"
            case .tooLarge(let size, let limit): "file is \(size) bytes; the limit is \(limit)"
            case .unreadable(let reason): "cannot read the file: \(reason)"
            }
        }
    }

    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(.missing) }
        if isDirectory.boolValue { return .failure(.isDirectory) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(.unreadable("permission denied"))
        }
        defer { try? handle.close() }
        do {
            // Ask for one byte more than allowed: getting it means the file is too large, whatever stat said.
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            if data.count > limit {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int
                return .failure(.tooLarge(size: size ?? data.count, limit: limit))
            }
            return .success([UInt8](data))
        } catch {
            return .failure(.unreadable(String(describing: error)))
        }
    }
}
