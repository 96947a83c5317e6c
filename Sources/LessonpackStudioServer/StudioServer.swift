import Foundation
import Hummingbird
import LessonpackDiagnostics
import LessonpackStudio
import Logging
import NIOCore

/// `lessonpack studio`'s web server: Hummingbird on 127.0.0.1 only, every request through the gate, then the routes.
package struct StudioServer: Sendable {
    package let studio: Studio
    package let token: String
    /// The cookie's secret, which only reads (see StudioGate).
    let readToken = StudioGate.newToken()
    let assets: WebAssets

    /// `webFolder` serves the page's files from a folder instead of the binary (LESSONPACK_STUDIO_WEB).
    package init(studio: Studio, token: String = StudioGate.newToken(), webFolder: String? = nil) {
        self.studio = studio
        self.token = token
        assets = WebAssets(folder: webFolder)
    }

    /// Serves until the process is asked to stop (SIGINT, SIGTERM). `ready` gets the port once listening.
    package func run(port: Int, ready: @escaping @Sendable (Int) async -> Void) async throws {
        let portBox = PortBox()
        let respond = gated { portBox.port }
        let responder = CallbackResponder<BasicRequestContext> { request, _ in await respond(request) }
        var logger = Logger(label: "lessonpack-studio")
        logger.logLevel = .error
        let app = Application(responder: responder,
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
    /// the server listens.
    func gated(port: @escaping @Sendable () -> Int) -> @Sendable (Request) async -> Response {
        let routes = StudioRoutes(studio: studio, assets: assets)
        let (token, readToken) = (token, readToken)
        return { request in
            let gate = StudioGate(token: token, readToken: readToken, port: port())
            if let refusal = gate.refusal(method: request.method, authority: request.head.authority, path: request.uri.path,
                                          headers: request.headers, query: request.uri.query) {
                return Answers.refused(refusal.status, code: DiagnosticCode.studioRefused.rawValue, message: refusal.message)
            }
            return await routes.respond(request, gate: gate)
        }
    }
}

/// The port, known only once the server is listening (port 0 asks the system for a free one).
private final class PortBox: Sendable {
    private let value = Mutex(0)
    var port: Int { value.withLock { $0 } }
    func set(_ port: Int) { value.withLock { $0 = port } }
}

import Synchronization
