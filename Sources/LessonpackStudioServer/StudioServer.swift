import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import LessonpackDiagnostics
import LessonpackStudio
import Logging
import NIOCore
import NIOHTTP1

/// `lessonpack studio`'s web server: Hummingbird on 127.0.0.1 only, every request through the gate, then the routes.
package struct StudioServer: Sendable {
    package let studio: Studio
    package let token: String
    /// The cookie's secret, which only reads (see StudioGate).
    let readToken = StudioGate.newToken()
    let assets: WebAssets
    package let limits: Limits

    /// `webFolder` serves the page's files from a folder instead of the binary (LESSONPACK_STUDIO_WEB).
    package init(studio: Studio, token: String = StudioGate.newToken(), webFolder: String? = nil, limits: Limits = Limits()) {
        self.studio = studio
        self.token = token
        assets = WebAssets(folder: webFolder)
        self.limits = limits
    }

    /// What one connection may hold of the studio, so that no local process can stop it answering the author
    /// (issue 31, F2). docs/studio-api.md states them.
    package struct Limits: Sendable {
        /// The most connections held at once; nil: from the descriptor limit (`DescriptorLimit.connections`).
        package var connections: Int?
        /// A connection that sends no complete request head, no part of a body and no new request for this long is
        /// closed: the header, body-read and idle timeout in one. It does not run while a request is being answered.
        package var idle: Duration = .seconds(30)
        /// How long a connection closed after an answer waits for the client to stop sending (what it sends is
        /// read and dropped) before it closes; 30 seconds at most (ConnectionGuard).
        package var lingering: Duration = .seconds(10)

        package init(connections: Int? = nil, idle: Duration = .seconds(30), lingering: Duration = .seconds(10)) {
            self.connections = connections
            self.idle = idle
            self.lingering = lingering
        }
    }

    /// Serves until the process is asked to stop (SIGINT, SIGTERM). `ready` gets the port once listening.
    package func run(port: Int, ready: @escaping @Sendable (Int) async -> Void) async throws {
        let portBox = PortBox()
        let connections = StudioConnections(limit: limits.connections ?? DescriptorLimit.raised().connections)
        let respond = gated(connections: connections) { portBox.port }
        let responder = CallbackResponder<StudioRequestContext> { request, context in await respond(request, context.channel) }
        var logger = Logger(label: "lessonpack-studio")
        logger.logLevel = .error
        let http1 = HTTP1Channel.Configuration(idleTimeout: TimeAmount(limits.idle))
        let lingering = TimeAmount(limits.lingering)
        let server = HTTPServerBuilder { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: http1), connections: connections,
                                lingering: lingering)
        }
        let app = Application(responder: responder, server: server,
                              configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? port
                                  portBox.set(bound)
                                  await ready(bound)
                              }, logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError {
            // NIO's own text names its call and leaves a stray parenthesis ("bind(…): Address already in use)
            // (errno: 98)"); the system's words for the errno are what an author can act on.
            throw ServingFailure(description: String(cString: strerror(error.errnoCode)).lowercased())
        }
        await studio.previews.close()
    }

    /// Why the studio could not start serving, in the system's words ("address already in use").
    package struct ServingFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Every request through the gate, then the routes; `port` is read per request, since port 0 is known only once
    /// the server listens. A refusal closes its connection (its body is never read); a connection that showed the
    /// token is one the connection limit keeps.
    func gated(connections: StudioConnections,
               port: @escaping @Sendable () -> Int) -> @Sendable (Request, any Channel) async -> Response {
        let routes = StudioRoutes(studio: studio, assets: assets)
        let (token, readToken) = (token, readToken)
        return { request, channel in
            let gate = StudioGate(token: token, readToken: readToken, port: port())
            if let refusal = gate.refusal(method: request.method, authority: request.head.authority, path: request.uri.path,
                                          headers: request.headers, query: request.uri.query) {
                var answer = Answers.refused(refusal.status, code: DiagnosticCode.studioRefused.rawValue, message: refusal.message)
                answer.headers[.connection] = "close"
                return answer
            }
            if gate.carriesToken(headers: request.headers, query: request.uri.query) { connections.trust(channel) }
            return await routes.respond(request, gate: gate)
        }
    }
}

/// Hummingbird's context with the connection the request came on, which the gate marks when it shows the token.
struct StudioRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}

/// Hummingbird's HTTP/1 connection with the studio's ConnectionGuard right after the request decoder.
struct GuardedHTTP1Channel: ServerChildChannel {
    let http1: HTTP1Channel
    let connections: StudioConnections
    let lingering: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { [connections, lingering] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ConnectionGuard(connections: connections, lingering: lingering),
                                    position: .after(decoder.handler))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

/// The port, known only once the server is listening (port 0 asks the system for a free one).
private final class PortBox: Sendable {
    private let value = Mutex(0)
    var port: Int { value.withLock { $0 } }
    func set(_ port: Int) { value.withLock { $0 = port } }
}

import Synchronization
