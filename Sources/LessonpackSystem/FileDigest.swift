import Crypto
import Foundation

/// SHA-256 as lowercase hex, the form manifests record.
package enum FileDigest {
    /// The SHA-256 of a regular file (links followed), or nil when it cannot be read or is not a regular file.
    package static func sha256(ofFileAt path: String, links: ReadableFile.Links = .follow) -> String? {
        guard case .success(let file) = ReadableFile.open(path, links: links) else { return nil }
        var hasher = SHA256()
        do { try file.forEachChunk { hasher.update(bufferPointer: $0) } } catch { return nil }
        return hex(hasher.finalize())
    }

    package static func sha256(of bytes: some DataProtocol) -> String {
        hex(SHA256.hash(data: bytes))
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest { text += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        return String(decoding: text, as: UTF8.self)
    }
}

/// SHA-256 over bytes that arrive in pieces, as lowercase hex.
package struct StreamingSHA256: Sendable {
    private var hasher = SHA256()

    package init() {}

    package mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

    package mutating func update(_ bytes: some DataProtocol) { hasher.update(data: bytes) }

    package func finalize() -> String { FileDigest.hex(hasher.finalize()) }
}
