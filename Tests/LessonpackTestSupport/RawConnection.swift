import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP response as it came off the wire: the first response in the bytes, its body all that follows the head
/// (de-chunked when chunked).
package struct WireResponse: Sendable {
    package var status: Int
    /// Names lower-cased.
    package var headers: [String: String]
    package var body: [UInt8]
    package var text: String { String(decoding: body, as: UTF8.self) }

    package init(_ bytes: [UInt8]) throws {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0...(max(0, bytes.count - 4))).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            throw POSIXError(.EBADMSG)
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw POSIXError(.EBADMSG) }
        self.status = status
        headers = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = Self.dechunked(body) }
    }

    private static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = (index..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                  let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16), size > 0 else { break }
            result += bytes[(lineEnd + 2)..<min(lineEnd + 2 + size, bytes.count)]
            index = lineEnd + 2 + size + 2
        }
        return result
    }
}

/// One TCP connection to 127.0.0.1, with blocking calls: for the thread of a test that talks byte for byte.
package final class RawConnection {
    package let socket: Int32

    /// `patience`: seconds a read waits for bytes before it answers `.silent` (nil: as long as it takes); a connect
    /// that is not taken in that time throws.
    package init(port: Int, patience: Int?) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if let patience {
            var limit = timeval(tv_sec: patience, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED
            close(socket)
            throw POSIXError(code)
        }
    }

    deinit { close(socket) }

    package func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.write(socket, $0.baseAddress, $0.count) }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            sent += written
        }
    }

    package enum Read {
        case bytes([UInt8])
        /// The server ended the connection (or reset it).
        case ended
        /// Nothing came within the patience.
        case silent
    }

    package func read() -> Read {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(socket, &buffer, buffer.count)
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .silent }
        return .ended
    }

    /// One response on a connection kept open: the head, then as many body bytes as its Content-Length says.
    package func readResponse() throws -> WireResponse {
        var received: [UInt8] = []
        while true {
            if let response = try? WireResponse(received), let length = response.headers["content-length"].flatMap(Int.init),
               response.body.count >= length {
                return response
            }
            guard case .bytes(let more) = read() else { throw POSIXError(.ECONNRESET) }
            received += more
        }
    }
}
