import Crypto
import Foundation

/// SHA-256 as lowercase hex, the form manifests record.
public enum FileDigest {
    public static func sha256(ofFileAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        do {
            // read(upToCount:) answers nil, not empty data, at the end of the file.
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
            }
        } catch {
            return nil
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    public static func sha256(of bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}

/// SHA-256 over bytes that arrive in pieces, as lowercase hex.
public struct StreamingSHA256: Sendable {
    private var hasher = SHA256()

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

    public mutating func update(_ bytes: some DataProtocol) { hasher.update(data: bytes) }

    public func finalize() -> String { hasher.finalize().map { String(format: "%02x", $0) }.joined() }
}
