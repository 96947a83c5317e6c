import NIOCore
import NIOHTTP1

/// Sits on each connection right after the HTTP/1 decoder and does what Hummingbird leaves to the application:
/// counts the connection in the studio's table (which may close it or another), tells the table while a request is
/// being answered, and closes the connection after an answer that says `Connection: close` or that answers HTTP/1.0.
///
/// Closing is a lingering close, as nginx and Apache do it: the answer is sent, the sending side is shut (the client
/// reads the answer, then the end), and whatever the client still sends is read and dropped until it closes, goes
/// silent for `lingering`, or `lingeringAtMost` has passed. Closing at once while a refused upload's bytes sit unread
/// (or still come) makes the system reset the connection, and the client may lose the answer; waiting for a body that
/// will never be read (a 2 GiB upload refused by its Content-Length) kept the connection, and the server's shutdown,
/// waiting forever.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connections: StudioConnections
    private let lingering: TimeAmount
    /// However long the client keeps sending, a closing connection is closed this long after its answer.
    static let lingeringAtMost = TimeAmount.seconds(30)
    /// When the closing connection last read something (it is closed once silent for `lingering`).
    private var lastRead = NIODeadline.now()
    /// The HTTP versions of the requests read and not yet answered, oldest first.
    private var versions: [HTTPVersion] = []
    /// Set by an answer's head that ends the connection; its end then closes it.
    private var closeAfterAnswer = false
    /// After the closing answer: everything read is dropped.
    private var closing = false
    /// Whether the table counts this connection yet: it is counted once, when it is first seen active.
    private var counted = false

    init(connections: StudioConnections, lingering: TimeAmount) {
        self.connections = connections
        self.lingering = lingering
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { count(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        count(context)
        context.fireChannelActive()
    }

    private func count(_ context: ChannelHandlerContext) {
        guard !counted else { return }
        counted = true
        connections.opened(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connections.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else {
            lastRead = .now()
            return
        }
        if case .head(let head) = unwrapInboundIn(data) {
            versions.append(head.version)
            connections.requestStarted(context.channel)
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client finished sending after the closing answer: nothing is left to wait for.
        if closing, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            let version = versions.first ?? .http1_1
            // HTTP/1.0 keeps a connection only when asked with `Connection: keep-alive`; the studio closes it even
            // then (docs/studio-api.md), and answers in 1.0, whose body ends with the connection, not in chunks.
            if version < .http1_1 {
                head.version = version
                closeAfterAnswer = true
            }
            if head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                closeAfterAnswer = true
            }
            if closeAfterAnswer { head.headers.replaceOrAdd(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if !versions.isEmpty { versions.removeFirst() }
            connections.requestAnswered(context.channel)
            guard closeAfterAnswer, !closing else {
                context.write(data, promise: promise)
                return
            }
            closing = true
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in
                context.close(mode: .output, promise: nil)
                self.lastRead = .now()
                self.closeWhenSilent(context, until: .now() + Self.lingeringAtMost)
            }
        }
    }

    /// Closes the connection once nothing has come for `lingering`, or at `deadline`.
    private func closeWhenSilent(_ context: ChannelHandlerContext, until deadline: NIODeadline) {
        context.eventLoop.assumeIsolated().scheduleTask(in: lingering) {
            guard context.channel.isActive else { return }
            if NIODeadline.now() - self.lastRead >= self.lingering || NIODeadline.now() >= deadline {
                context.close(promise: nil)
            } else {
                self.closeWhenSilent(context, until: deadline)
            }
        }
    }
}

private extension HTTPVersion {
    static func < (left: HTTPVersion, right: HTTPVersion) -> Bool {
        (left.major, left.minor) < (right.major, right.minor)
    }
}
