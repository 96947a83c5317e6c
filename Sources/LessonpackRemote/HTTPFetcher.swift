import AsyncHTTPClient
import Foundation
import LessonpackCatalogFormat
import LessonpackModel
import LessonpackSystem
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The two requests a learner's tool makes of a publisher's web server: a small file fetched only if it changed
/// (the signed catalog, with ETag and Last-Modified), and a large one downloaded to a file that a later run can
/// resume (a bundle, with Range). Certificates are verified for https; redirects are followed at most
/// `maxRedirects` times. What comes back is untrusted: bounded here, verified by the caller.
package final class HTTPFetcher: Sendable {
    package static let maxRedirects = 5

    private let client: HTTPClient
    /// How long a silent server is waited for, connecting and between two reads.
    private let patience: TimeAmount
    /// The longest a small answer (a catalog, a record store's) may take, head and body: a server sending a byte
    /// now and then would otherwise never meet the read timeout, and `install` holds the library's lock meanwhile.
    private let wholeAnswer: TimeAmount
    /// The slowest a download may be on average, in bytes a second, once `grace` has passed.
    private let minimumRate: Int
    private let grace: TimeAmount

    /// `followRedirects` off for a record store: a redirected POST comes back as a GET without its body, whose 200
    /// would read as the statements accepted.
    package init(connectTimeout: TimeAmount = .seconds(10), readTimeout: TimeAmount = .seconds(30),
                 followRedirects: Bool = true, wholeAnswer: TimeAmount = .seconds(120), minimumRate: Int = 1024,
                 grace: TimeAmount = .seconds(60)) {
        patience = readTimeout
        self.wholeAnswer = wholeAnswer
        self.minimumRate = minimumRate
        self.grace = grace
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: followRedirects ? .follow(max: Self.maxRedirects, allowCycles: false) : .disallow,
            timeout: .init(connect: connectTimeout, read: patience),
            decompression: .disabled)
        // A refused connection is an answer: said at once, not retried until the connect timeout (a record store
        // that is down made `sync` wait 10 s per try, 75 s in all). `sync` retries by its own policy.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Must be called once the fetcher is no longer needed: the client's connections are closed here.
    package func shutdown() async {
        try? await client.shutdown()
    }

    package enum Conditional: Sendable {
        case notModified
        /// 404: said apart from other errors, since it usually means the address is not a release's.
        case notFound
        case fetched(bytes: [UInt8], etag: String?, lastModified: String?)
    }

    /// GET `url`, unless it is unchanged since the answer that carried `etag` and `lastModified` (then one 304).
    package func fetch(_ url: String, etag: String?, lastModified: String?, limit: Int) async throws(RemoteError) -> Conditional {
        var request = Self.request(url)
        if let etag { request.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
        let deadline = NIODeadline.now() + wholeAnswer
        return try await Self.failures(url) {
            let response = try await client.execute(request, deadline: deadline)
            switch response.status.code {
            case 304:
                return .notModified
            case 404:
                return .notFound
            case 200:
                if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                    throw RemoteError(.remoteTooLarge, "\(url) is \(length) bytes, more than a catalog may be (\(limit))",
                                      url: url)
                }
                let body = try await collect(response.body, url: url, limit: limit, by: deadline,
                                             tooLarge: "more than a catalog may be (\(limit) bytes)")
                return .fetched(bytes: body, etag: response.headers.first(name: "ETag"),
                                lastModified: response.headers.first(name: "Last-Modified"))
            default:
                throw Self.statusError(response.status, url: url)
            }
        }
    }

    package struct Download: Sendable {
        /// How many bytes were already there from an interrupted download and were kept (0: from the start).
        package var resumedFrom: Int
    }

    /// Downloads `url` into `path` until it holds `size` bytes. When `path` already holds the first part (an
    /// interrupted download), only the rest is asked for; a server that sends the whole file instead is read from
    /// the start. More than `size` bytes is refused. `progress` hears (bytes in the file, size) as they arrive.
    package func download(_ url: String, to path: String, size: Int,
                          progress: @escaping @Sendable (Int, Int) -> Void) async throws(RemoteError) -> Download {
        let file: PartialFile
        do { file = try PartialFile(path) } catch {
            throw RemoteError(.downloadWriteFailed, "cannot write the download \(path): \(error.description)", url: url)
        }
        defer { file.close() }
        var request = Self.request(url)
        let have = file.size
        if have >= size { return Download(resumedFrom: have) }
        if have > 0 { request.headers.add(name: "Range", value: "bytes=\(have)-") }
        return try await Self.failures(url) {
            // A day: a large bundle on a slow line is not a stall; `patience` still ends a silent connection.
            let response = try await client.execute(request, timeout: .hours(24))
            var written: Int
            switch response.status.code {
            case 206 where have > 0:
                guard let range = response.headers.first(name: "Content-Range"), range.hasPrefix("bytes \(have)-") else {
                    throw RemoteError(.remoteHTTPError, "\(url) answered a request for bytes from \(have) with another " +
                                      "range", url: url)
                }
                written = have
            case 200:
                try file.truncate()
                written = 0
            case 416 where have > 0:
                // The part we hold is not a prefix of what the server has: start again.
                try file.truncate()
                return try await download(url, to: path, size: size, progress: progress)
            default:
                throw Self.statusError(response.status, url: url)
            }
            // The length of the file the server holds, as its answer gives it. Another length than the catalog's is
            // another file: a part of it kept would never add up (a smaller one left every later run resuming past
            // its end, starting over and saying "run the command again"), and a part kept before it would be
            // finished with its bytes.
            let total = response.status.code == 206
                ? response.headers.first(name: "Content-Range")?.split(separator: "/").last.flatMap { Int($0) }
                : response.headers.first(name: "Content-Length").flatMap { Int($0) }
            if let total, total != size {
                throw RemoteError(.catalogBundleMismatch, "\(url) is \(total) bytes on the server, not the \(size) " +
                                  "its catalog lists: not the file listed (changed since the catalog was signed, or " +
                                  "another file in its place)", url: url)
            }
            progress(written, size)
            let started = NIODeadline.now()
            let startedWith = written
            for try await chunk in response.body {
                guard written + chunk.readableBytes <= size else {
                    throw RemoteError(.remoteTooLarge, "\(url) sent more than the \(size) bytes its catalog lists", url: url)
                }
                try chunk.withUnsafeReadableBytes { try file.append($0) }
                written += chunk.readableBytes
                progress(written, size)
                // A trickle never meets the read timeout: past the grace period, the average rate must hold.
                let elapsed = NIODeadline.now() - started
                if elapsed > grace, Double(written - startedWith) < Double(minimumRate) * Self.seconds(elapsed) {
                    throw RemoteError(.remoteUnreachable, "\(url) came at \(Int(Double(written - startedWith) / Self.seconds(elapsed))) " +
                                      "bytes a second, slower than \(minimumRate); the \(written) bytes so far are kept: " +
                                      "run the command again to fetch the rest", url: url)
                }
            }
            guard written == size else {
                throw RemoteError(.remoteUnreachable, "\(url) ended after \(written) of its \(size) bytes; run the " +
                                  "command again to fetch the rest", url: url)
            }
            return Download(resumedFrom: response.status.code == 206 ? have : 0)
        }
    }

    /// What a server answered a request that is not a fetch: its status, headers and body (at most `limit` bytes).
    package struct Answer: Sendable {
        package var status: HTTPResponseStatus
        package var headers: HTTPHeaders
        package var body: [UInt8]
    }

    /// Sends one request and returns whatever status comes back: the caller decides what each means (a record
    /// store's 409 is not a failure). Network failures are thrown in words, as for fetches.
    package func send(_ method: HTTPMethod, _ url: String, headers: [(String, String)], body: [UInt8]? = nil,
                      limit: Int) async throws(RemoteError) -> Answer {
        var request = Self.request(url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let deadline = NIODeadline.now() + wholeAnswer
        return try await Self.failures(url) {
            let response = try await client.execute(request, deadline: deadline)
            let bytes = try await collect(response.body, url: url, limit: limit, by: deadline,
                                          tooLarge: "more than \(limit) bytes")
            return Answer(status: response.status, headers: response.headers, body: bytes)
        }
    }

    /// A small answer's body, whole, refused past `limit` bytes or once `deadline` has passed.
    private func collect(_ body: HTTPClientResponse.Body, url: String, limit: Int, by deadline: NIODeadline,
                         tooLarge: String) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard bytes.count + chunk.readableBytes <= limit else {
                throw RemoteError(.remoteTooLarge, "\(url) sent \(tooLarge)", url: url)
            }
            bytes += chunk.readableBytesView
            if NIODeadline.now() > deadline {
                throw RemoteError(.remoteUnreachable, "\(url) took longer than \(Int(Self.seconds(wholeAnswer))) s to " +
                                  "arrive; the server is too slow or holding the connection", url: url)
            }
        }
        return bytes
    }

    private static func seconds(_ amount: TimeAmount) -> Double { Double(amount.nanoseconds) / 1e9 }

    private static func request(_ url: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: "lessonpack/\(ToolVersion.current)")
        return request
    }

    private static func statusError(_ status: HTTPResponseStatus, url: String) -> RemoteError {
        RemoteError(.remoteHTTPError, "\(url) answered \(status.code) \(status.reasonPhrase)", url: url)
    }

    /// Runs `work`, putting what the HTTP client and the network throw into words a learner can act on.
    private static func failures<Value>(_ url: String, _ work: () async throws -> Value) async throws(RemoteError) -> Value {
        do {
            return try await work()
        } catch let error as RemoteError {
            throw error
        } catch let error as PartialFile.Failure {
            throw RemoteError(.downloadWriteFailed, "cannot write the download for \(url): \(error.description)", url: url)
        } catch {
            throw describe(error, url: url)
        }
    }

    static func describe(_ error: any Error, url: String) -> RemoteError {
        let host = URL(string: url)?.host ?? url
        if let error = error as? HTTPClientError {
            if error == .connectTimeout || error == .tlsHandshakeTimeout {
                return RemoteError(.remoteUnreachable, "cannot connect to \(host): no answer in time", url: url)
            }
            if error == .readTimeout || error == .deadlineExceeded {
                return RemoteError(.remoteUnreachable, "\(host) stopped answering while \(url) was being fetched", url: url)
            }
            if error == .remoteConnectionClosed {
                return RemoteError(.remoteUnreachable, "\(host) closed the connection before \(url) was complete", url: url)
            }
            if error == .redirectLimitReached || error == .redirectCycleDetected {
                return RemoteError(.remoteHTTPError, "\(url) redirects more than \(maxRedirects) times, or in a circle",
                                   url: url)
            }
            if error == .invalidURL || error == .emptyHost || error == .emptyScheme {
                return RemoteError(.remoteAddressInvalid, "\(url) is not an http:// or https:// address", url: url)
            }
            return RemoteError(.remoteHTTPError, "fetching \(url) failed: \(error)", url: url)
        }
        if let error = error as? HTTPParserError {
            if error == .invalidEOFState {
                // Hung up before the length it announced: cut off, and a part kept may be resumed.
                return RemoteError(.remoteUnreachable, "\(host) closed the connection before \(url) was complete",
                                   url: url)
            }
            // Not an answer that went silent but one that breaks HTTP's rules: a head past its size limit, or
            // another protocol listening on the port.
            return RemoteError(.remoteHTTPError, "\(host) answered \(url) with something that is not HTTP " +
                               "(\(error)); is it a web server?", url: url)
        }
        if let error = error as? NIOConnectionError {
            let why: String
            if let failure = error.connectionErrors.first {
                why = "\(failure.error)"
            } else if error.dnsAError != nil || error.dnsAAAAError != nil {
                why = "its name does not resolve"
            } else {
                why = "\(error)"
            }
            return RemoteError(.remoteUnreachable, "cannot connect to \(host): \(why)", url: url)
        }
        if let error = error as? NIOSSLError {
            // BoringSSL's own text names the reason (CERTIFICATE_VERIFY_FAILED, WRONG_VERSION_NUMBER for a server
            // that does not speak TLS); the rest of it is noise for a learner.
            let text = "\(error)"
            let why = text.contains("CERTIFICATE_VERIFY_FAILED") ? "its certificate is not one this machine trusts"
                : text.contains("WRONG_VERSION_NUMBER") ? "it does not speak https on that port (try http://)"
                : "the secure (TLS) connection could not be set up"
            return RemoteError(.remoteUnreachable, "cannot connect to \(host): \(why)", url: url)
        }
        if let error = error as? IOError {
            return RemoteError(.remoteUnreachable, "cannot connect to \(host): " +
                               String(cString: strerror(error.errnoCode)).lowercased(), url: url)
        }
        return RemoteError(.remoteUnreachable, "fetching \(url) failed: \(error)", url: url)
    }
}
