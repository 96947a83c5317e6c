import Foundation
import LessonpackStudio
import LessonpackTestSupport
@testable import LessonpackStudioServer
import Logging
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 request written byte for byte, as an attacker's page or tool could: the Host, Origin and Cookie
/// headers are exactly what the test says, which URLSession does not promise.
struct RawHTTP {
    /// Runs `studio` behind the token `t0ken` on a loopback port for the length of `body`, which talks to it.
    static func serving(_ studio: Studio, limits: StudioServer.Limits = StudioServer.Limits(),
                        _ body: (RawHTTP) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let service = ServingStudio(server: StudioServer(studio: studio, token: "t0ken", limits: limits)) {
            continuation.yield($0)
        }
        // Stopped gracefully, as SIGTERM stops `lessonpack studio`: the server stops accepting, then closes its
        // connections. Cancelling it instead can drop a connection NIO has just accepted, which NIO answers with a
        // fatal error ("Deinited NIOAsyncWriter without calling finish()"; apple/swift-nio#2637): it ended a whole
        // test run once. A test that holds a connection open is cut off after a few seconds.
        var configuration = ServiceGroupConfiguration(services: [service], logger: Logger(label: "studio-test"))
        configuration.maximumGracefulShutdownDuration = .seconds(5)
        let group = ServiceGroup(configuration: configuration)
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = try? await running.value
            throw CancellationError()
        }
        do {
            try await body(RawHTTP(port: port))
        } catch {
            await group.triggerGracefulShutdown()
            _ = try? await running.value
            throw error
        }
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }

    /// The studio server as a service its test can stop gracefully.
    private struct ServingStudio: Service {
        let server: StudioServer
        let ready: @Sendable (Int) async -> Void
        func run() async throws { try await server.run(port: 0, ready: ready) }
    }

    typealias Response = WireResponse

    let port: Int

    /// Sends the request and reads the whole answer off the concurrency pool (`offThePool`): the socket calls block,
    /// and blocking one of its threads while the studio's own handlers need them deadlocked the suite once.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> Response {
        try await offThePool { try sendBlocking(method, target, headers: headers, body: body) }
    }

    /// What came back for `bytes` sent as they are, read until the server ended the connection (`ended`) or sent
    /// nothing for `patience` seconds (a generous limit: reaching it is what fails a connection kept open).
    struct Exchange: Sendable, CustomStringConvertible {
        var bytes: [UInt8]
        var ended: Bool
        var response: Response? { try? RawHTTP.parse(bytes) }
        /// Short, for a failed expectation: the answer's first line and how many bytes came.
        var description: String {
            let first = String(decoding: bytes.prefix(120), as: UTF8.self).split(separator: "\r\n").first ?? "nothing"
            return "\(bytes.count) bytes (\(first)), \(ended ? "ended" : "still open")"
        }
    }

    func exchange(_ bytes: [UInt8], patience: Int = 60) async throws -> Exchange {
        try await offThePool { [port] in
            let connection = try RawConnection(port: port, patience: patience)
            try connection.write(bytes)
            var received: [UInt8] = []
            while true {
                switch connection.read() {
                case .bytes(let more): received += more
                case .ended: return Exchange(bytes: received, ended: true)
                case .silent: return Exchange(bytes: received, ended: false)
                }
            }
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

        let connection = try RawConnection(port: port, patience: nil)
        do {
            try connection.write(request)
        } catch let error as POSIXError where error.code == .EPIPE || error.code == .ECONNRESET {
            // The server answered before the body was all sent (a refused upload) and stopped reading: the answer
            // is already here to be read, as a browser reads it.
        }
        var received: [UInt8] = []
        while case .bytes(let more) = connection.read() { received += more }
        return try Self.parse(received)
    }

    static func parse(_ bytes: [UInt8]) throws -> Response { try WireResponse(bytes) }
}
