import Foundation
import HTTPTypes
import Hummingbird

/// The studio's front door: what every request must show before anything else looks at it. The server listens on
/// loopback only, but a page on any web site can make the author's browser send requests to loopback; so every
/// request carries the session token (no token, no answer), the Host must be the studio's own address (a DNS
/// rebinding attack names another host), an Origin, when sent, must be the studio's own, and anything that changes
/// something must carry the token in a header, which no other site can make a browser send without a CORS
/// preflight the studio never grants.
///
/// Elements that cannot send a header (`<video>`, `<track>`, the page's own scripts) are let in by a cookie. Browsers
/// send a cookie for 127.0.0.1 to every port of it, so another local server may see it: the cookie is therefore not
/// the token but a second secret that only reads the page's files, media, subtitles and recordings, never the
/// module's data and never a change.
package struct StudioGate: Sendable {
    package let token: String
    /// The cookie's secret.
    package let readToken: String
    package let port: Int

    package init(token: String, readToken: String, port: Int) {
        self.token = token
        self.readToken = readToken
        self.port = port
    }

    package static let tokenHeader = HTTPField.Name("X-Lessonpack-Token")!
    package var cookieName: String { "lessonpack-studio-\(port)" }

    package enum Refusal: Equatable, Sendable {
        case wrongHost
        case wrongOrigin
        case noToken
        case tokenNotInHeader

        var status: HTTPResponse.Status {
            switch self {
            case .wrongHost: .misdirectedRequest
            case .wrongOrigin, .tokenNotInHeader: .forbidden
            case .noToken: .unauthorized
            }
        }

        var message: String {
            switch self {
            case .wrongHost: "this server answers only as 127.0.0.1 or localhost on its own port"
            case .wrongOrigin: "requests from other sites are refused"
            case .noToken: "open the studio with the address it printed, which carries its token"
            case .tokenNotInHeader: "a change must carry the studio's token in its X-Lessonpack-Token header"
            }
        }
    }

    /// Nil when the request may go on.
    package func refusal(method: HTTPRequest.Method, authority: String?, path: String, headers: HTTPFields,
                         query: String?) -> Refusal? {
        guard let host = authority, allowedHosts.contains(host.lowercased()) else { return .wrongHost }
        if let origin = headers[.origin], !allowedOrigins.contains(origin.lowercased()) { return .wrongOrigin }
        let inHeader = headers[Self.tokenHeader].map { matches($0, token) } ?? false
        if method != .get && method != .head { return inHeader ? nil : .tokenNotInHeader }
        if inHeader || queryToken(query).map({ matches($0, token) }) == true { return nil }
        if Self.cookieReads(path), cookieToken(headers).map({ matches($0, readToken) }) == true { return nil }
        return .noToken
    }

    /// What the cookie may read: everything but the module's data (the JSON interface), whose only exceptions are
    /// the subtitle track and a preview's recording, which media elements load. Decided on the path's parts as the
    /// router matches them, empty parts dropped (`//api/start` is `/api/start` to it), and percent-decoded, so that no
    /// spelling of an /api/ path is a page file to the gate and the interface to the router. The exceptions are the
    /// two whole addresses, not a last part: the router matches what follows a module's key on its first part alone,
    /// so `/api/modules/0/revision/recording` is the module's revision to it (the studio-request fuzzer's finding).
    package static func cookieReads(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard let first = parts.first, first.lowercased() == "api" else { return true }
        guard parts.count == 4 else { return false }
        return (parts[1] == "modules" && parts[3] == "subtitles.vtt") || (parts[1] == "preview" && parts[3] == "recording")
    }

    /// Whether the request showed the session's token itself (in its header or its address), not only the cookie:
    /// such a connection is the author's, which the connection limit never drops.
    package func carriesToken(headers: HTTPFields, query: String?) -> Bool {
        headers[Self.tokenHeader].map { matches($0, token) } == true || tokenInQuery(query)
    }

    /// Whether this request carried the token in its address: the page's first load, which sets the cookie.
    package func tokenInQuery(_ query: String?) -> Bool { queryToken(query).map { matches($0, token) } ?? false }

    package var cookie: String { "\(cookieName)=\(readToken); Path=/; HttpOnly; SameSite=Strict" }

    private var allowedHosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }
    private var allowedOrigins: Set<String> { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

    private func cookieToken(_ headers: HTTPFields) -> String? {
        for field in headers[values: .cookie] {
            for part in field.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0] == cookieName { return String(pair[1]) }
            }
        }
        return nil
    }

    private func queryToken(_ query: String?) -> String? {
        guard let query else { return nil }
        for part in query.split(separator: "&") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == "token" { return String(pair[1]) }
        }
        return nil
    }

    /// Compares in time independent of where the strings differ.
    private func matches(_ candidate: String, _ secret: String) -> Bool {
        let a = Array(candidate.utf8), b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// A new session token: 32 random bytes, as hex.
    package static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
