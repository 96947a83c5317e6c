import Foundation
import LessonpackStudio
@testable import LessonpackStudioServer
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 request written byte for byte, as an attacker's page or tool could: the Host, Origin and Cookie
/// headers are exactly what the test says, which URLSession does not promise.
struct RawHTTP {
    /// Runs `studio` behind the token `t0ken` on a loopback port for the length of `body`, which talks to it.
    static func serving(_ studio: Studio, _ body: (RawHTTP) async throws -> Void) async throws {
        let server = StudioServer(studio: studio, token: "t0ken")
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run(port: 0) { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        defer { task.cancel() }
        try await body(RawHTTP(port: port))
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let port: Int

    /// Sends the request and reads the whole answer on a thread of its own. The socket calls block, and blocking
    /// one of the few threads that run Swift's tasks (two on a two-core machine) while the studio's own handlers need
    /// them deadlocked the suite once two such tests ran at the same time.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try sendBlocking(method, target, headers: headers, body: body) })
            }.start()
        }
    }

    private func sendBlocking(_ method: String, _ target: String, headers: [String: String], body: [UInt8]) throws -> Response {
        var lines = ["\(method) \(target) HTTP/1.1"]
        var all = headers
        if all["Host"] == nil { all["Host"] = "127.0.0.1:\(port)" }
        all["Connection"] = "close"
        all["Content-Length"] = String(body.count)
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body

        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard written > 0 else { throw POSIXError(.EIO) }
            sent += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return try parse(received)
    }

    private func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0...(max(0, bytes.count - 4))).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            throw POSIXError(.EBADMSG)
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = dechunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private func dechunked(_ bytes: [UInt8]) -> [UInt8] {
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
