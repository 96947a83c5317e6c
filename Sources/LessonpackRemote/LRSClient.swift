import Foundation
import LessonpackXAPI
import NIOHTTP1

/// A learning record store's statements resource (xAPI 1.0.3, part three): statements posted in batches, and read
/// back page by page for reports. Everything it answers is untrusted: bounded, and decoded statement by statement.
package final class LRSClient: Sendable {
    /// The xAPI endpoint, ending in `/`: statements are at `endpoint + "statements"`.
    package let endpoint: String
    private let credentials: LRSCredentials?
    private let fetcher: HTTPFetcher

    /// A page of statements is at most this large; a report reads at most `statementLimit` statements.
    static let pageLimit = 64 << 20
    package static let statementLimit = 1_000_000
    /// A report reads at most this many pages: the statement limit at the hundred a page it asks for. A store
    /// whose `more` links never end, each page a statement and a link to one never seen, is read no further.
    package static let pageCountLimit = statementLimit / 100

    package convenience init(endpoint address: String, credentials: LRSCredentials?, fetcher: HTTPFetcher) throws(RemoteError) {
        self.init(normalised: try Self.normalised(address), credentials: credentials, fetcher: fetcher)
    }

    /// `endpoint` as `normalised` returned it.
    package init(normalised endpoint: String, credentials: LRSCredentials?, fetcher: HTTPFetcher) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.fetcher = fetcher
    }

    /// `http(s)://host[:port]/path/` with no user name or password in it (those go in a credentials file). An
    /// address that names the statements resource itself is taken back to its endpoint.
    package static func normalised(_ address: String) throws(RemoteError) -> String {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else {
            throw RemoteError(.remoteAddressInvalid, "\(address) is not an http:// or https:// address of an xAPI endpoint",
                              url: address)
        }
        guard url.user == nil, url.password == nil else {
            throw RemoteError(.remoteAddressInvalid, "the record store's address holds a user name or password; give them " +
                              "with --credentials or LESSONPACK_LRS_USERNAME and LESSONPACK_LRS_PASSWORD instead",
                              url: "\(scheme)://\(host)")
        }
        guard url.query == nil, url.fragment == nil else {
            throw RemoteError(.remoteAddressInvalid, "\(address): an xAPI endpoint has no query or fragment", url: address)
        }
        var text = address
        if text.hasSuffix("/statements") || text.hasSuffix("/statements/") {
            text = String(text[..<text.range(of: "statements", options: .backwards)!.lowerBound])
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    private var headers: [(String, String)] {
        var headers = [("X-Experience-API-Version", "1.0.3"), ("Accept", "application/json")]
        if let credentials { headers.append(("Authorization", credentials.authorization)) }
        return headers
    }

    package enum Posted: Sendable {
        /// Stored, or already there (the store knew every id): either way, the store has them.
        case accepted
        /// The store is busy or failing (429, 5xx): the same batch may be sent again later.
        case retryLater(String)
        /// The store refused the batch as a whole (400, 413, 422: invalid to it; 409: an id it holds with other
        /// content): one statement of it is enough, so the batch is worth halving to find which.
        case refused(RemoteError)
    }

    /// POSTs one batch: `statements` are JSON texts, actor included, with the ids `ids`.
    package func post(_ statements: [String], ids: [String]) async throws(RemoteError) -> Posted {
        let body = Array(("[" + statements.joined(separator: ",") + "]").utf8)
        let url = endpoint + "statements"
        let answer = try await fetcher.send(.POST, url, headers: headers + [("Content-Type", "application/json")],
                                            body: body, limit: 1 << 20)
        switch answer.status.code {
        case 200:
            // xAPI answers a POST with the ids it stored (a store that already held some lists only the others).
            guard let stored = try? JSONDecoder().decode([String].self, from: Data(answer.body)),
                  Set(stored).isSubset(of: Set(ids.map { $0.lowercased() }).union(ids)) else {
                throw RemoteError(.remoteHTTPError, "\(url) answered 200 without the ids of the statements sent: it does " +
                                  "not behave as an xAPI statements resource", url: url)
            }
            return .accepted
        case 204:
            return .accepted
        case 300...399:
            let location = answer.headers.first(name: "Location").map { " to " + String($0.prefix(200)) } ?? ""
            throw RemoteError(.remoteHTTPError, "the record store at \(endpoint) redirects\(location); give its own " +
                              "address to --lrs (statements are never sent on to another address)", url: url)
        case 401, 403:
            throw RemoteError(.lrsUnauthorized, "the record store at \(endpoint) refused the credentials (\(answer.status.code) " +
                              "\(answer.status.reasonPhrase))\(Self.detail(answer.body))", url: url)
        case 409:
            return .refused(RemoteError(.lrsConflict, "the record store at \(endpoint) already holds a different statement " +
                                        "with the same id\(Self.detail(answer.body))", url: url))
        case 400, 413, 422:
            return .refused(RemoteError(.lrsRejected, "the record store at \(endpoint) refused the statements (\(answer.status.code) " +
                                        "\(answer.status.reasonPhrase))\(Self.detail(answer.body))", url: url))
        case 404:
            throw Self.notAnEndpoint(url)
        case 429, 500...599:
            return .retryLater("\(answer.status.code) \(answer.status.reasonPhrase)")
        default:
            throw RemoteError(.remoteHTTPError, "\(url) answered \(answer.status.code) \(answer.status.reasonPhrase)" +
                              Self.detail(answer.body), url: url)
        }
    }

    /// A 404 for the statements resource: the address given is not the store's xAPI endpoint.
    static func notAnEndpoint(_ url: String) -> RemoteError {
        RemoteError(.remoteHTTPError, "\(url) answered 404 Not Found: --lrs must be the record store's xAPI endpoint, " +
                    "the address that statements/ is under (Ralph's ends in /xAPI/)", url: url)
    }

    /// What a store said about a refusal, for the learner: its `detail`, or the start of its text, made safe to print.
    static func detail(_ body: [UInt8]) -> String {
        guard !body.isEmpty else { return "" }
        var text = String(decoding: body.prefix(2048), as: UTF8.self)
        if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], let detail = object["detail"] {
            text = (detail as? String) ?? "\(detail)"
        }
        let line = String(text.prefix(300)).unicodeScalars
            .map { $0.properties.generalCategory == .control ? " " : String($0) }.joined()
        return ": " + line.trimmingCharacters(in: .whitespaces)
    }

    private struct Page: Decodable {
        var statements: [LenientStatement]
        var more: String?
    }

    /// Every statement the store holds that was stored after `since`, following its `more` links; `skipped` counts
    /// statements that could not be read. xAPI's `since` and `until` are about when the store received a statement,
    /// not when it happened: work done offline before a report's end is stored after it, so there is no `until`
    /// here (the report filters on when things happened), and `since` is safe since nothing is stored before it
    /// happens.
    /// `pageCountLimit`: lower only in tests, which cannot wait for ten thousand pages.
    package func statements(since: Date?, pageCountLimit: Int = LRSClient.pageCountLimit) async throws(RemoteError)
        -> (statements: [XAPIStatement], skipped: Int) {
        var query = ["limit=100"]
        if let since { query.append("since=" + XAPITime.timestamp(since)) }
        var next: String? = endpoint + "statements?" + query.joined(separator: "&")
        var statements: [XAPIStatement] = []
        var skipped = 0
        var seenLinks: Set<String> = []
        var pages = 0
        while let url = next {
            pages += 1
            guard pages <= pageCountLimit else {
                throw RemoteError(.remoteTooLarge, "the record store's statements for this report run to more than " +
                                  "\(pageCountLimit) pages: narrow it with --since (a store whose pages " +
                                  "never end is read no further)", url: url)
            }
            let answer = try await fetcher.send(.GET, url, headers: headers, limit: Self.pageLimit)
            switch answer.status.code {
            case 200: break
            case 404: throw Self.notAnEndpoint(url)
            case 401, 403:
                throw RemoteError(.lrsUnauthorized, "the record store at \(endpoint) refused the credentials " +
                                  "(\(answer.status.code) \(answer.status.reasonPhrase))", url: url)
            default:
                throw RemoteError(.remoteHTTPError, "\(url) answered \(answer.status.code) \(answer.status.reasonPhrase)" +
                                  Self.detail(answer.body), url: url)
            }
            let page: Page
            do { page = try JSONDecoder().decode(Page.self, from: Data(answer.body)) } catch {
                throw RemoteError(.lrsRejected, "\(url) did not answer with a page of statements", url: url)
            }
            statements += page.statements.compactMap(\.statement)
            skipped += page.statements.filter { $0.statement == nil }.count
            // Statements that could not be read count too: a store sending only those would otherwise never stop.
            guard statements.count + skipped <= Self.statementLimit else {
                throw RemoteError(.remoteTooLarge, "the record store holds more than \(Self.statementLimit) statements " +
                                  "for this report: narrow it with --since and --until", url: url)
            }
            if let more = page.more, !more.isEmpty, !page.statements.isEmpty { next = try resolve(more) } else { next = nil }
            // A store whose `more` link goes round in a circle would be read forever.
            if let link = next, !seenLinks.insert(link).inserted { next = nil }
        }
        return (statements, skipped)
    }

    /// A `more` link, relative to the store's host as the specification says, or absolute on the same host.
    private func resolve(_ link: String) throws(RemoteError) -> String {
        guard let base = URL(string: endpoint), let resolved = URL(string: link, relativeTo: base)?.absoluteURL,
              resolved.host == base.host, resolved.scheme == base.scheme, resolved.port == base.port else {
            throw RemoteError(.lrsRejected, "the record store's next page is on another server (\(link)); not followed",
                              url: endpoint)
        }
        return resolved.absoluteString
    }
}
