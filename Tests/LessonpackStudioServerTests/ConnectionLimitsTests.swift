import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio
@testable import LessonpackStudioServer

@Suite struct ConnectionTableTests {
    /// Past its limit, the table drops the oldest connection that neither showed the token nor waits for an answer;
    /// when there is none, the newcomer.
    @Test func dropsTheOldestConnectionThatIsNeitherTheAuthorsNorBeingAnswered() {
        var table = ConnectionTable<String>(limit: 3)
        #expect(table.admit("a") == nil && table.admit("b") == nil && table.admit("c") == nil)
        table.trust("a")
        table.requestStarted("b")
        #expect(table.admit("d") == "c")
        #expect(table.admit("e") == "d")
        table.requestAnswered("b")
        #expect(table.admit("f") == "b", "answered, b is idle again, and the oldest")
        table.trust("e")
        table.requestStarted("f")
        #expect(table.admit("g") == "g", "a (trusted), e (trusted) and f (being answered) stay; the newcomer goes")
        #expect(table.count == 3)
        table.closed("a")
        #expect(table.admit("h") == nil)
    }

    @Test func theLimitFollowsTheDescriptors() {
        #expect(DescriptorLimit.connections(soft: 1024) == 448)
        #expect(DescriptorLimit.connections(soft: 1 << 20) == 512)
        #expect(DescriptorLimit.connections(soft: 64) == 8)
    }
}

/// Timeouts, the connection limit and closing, spoken to byte for byte on a loopback port (issue 31, F2 and notes).
@Suite(.serialized) struct ConnectionLimitsTests {
    private let token = "X-Lessonpack-Token: t0ken\r\n"

    private func withServer(_ limits: StudioServer.Limits, _ body: (RawHTTP) async throws -> Void) async throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "job-interview")
        let studio = try Studio(folders: [module], workingFolder: temporary.path, outputFolder: temporary.child("dist"))
        try await RawHTTP.serving(studio, limits: limits, body)
    }

    private func head(_ line: String, _ http: RawHTTP, _ more: String = "") -> [UInt8] {
        Array("\(line)\r\nHost: 127.0.0.1:\(http.port)\r\n\(more)\r\n".utf8)
    }

    /// A 2 GiB upload is refused by its Content-Length before a byte of it is read, and the refusal ends the
    /// connection: the first try at this waited for the unread body, and the test hung.
    @Test func anAnnouncedBodyOverTheLimitIsRefusedUnreadAndEndsTheConnection() async throws {
        try await withServer(StudioServer.Limits(idle: .seconds(600))) { http in
            let some = [UInt8](repeating: 0, count: 65536)
            for (headers, status) in [(token, 413), ("", 403)] {
                let sent = head("POST /api/modules/0/media?folder=lines&name=big.opus HTTP/1.1", http,
                                headers + "Content-Length: 2147483648\r\n") + some
                // Patient: a loaded machine (CI runs every suite at once) can stall a test server for a minute.
                let exchange = try await http.exchange(sent, patience: 300)
                let response = try #require(exchange.response, "no answer to the 2 GiB upload")
                #expect(response.status == status)
                #expect(response.headers["connection"] == "close")
                #expect(exchange.ended, "the connection stayed open, waiting for the rest of the body")
            }
            let refused = try #require(try await http.exchange(head("POST /api/modules/0/media?folder=lines&name=big.opus HTTP/1.1",
                                                                   http, token + "Content-Length: 2147483648\r\n")).response)
            #expect(refused.text.contains(#""code":"too-large""#), "\(refused.text)")
            #expect(try await http.send("GET", "/api/modules", headers: ["X-Lessonpack-Token": "t0ken"]).status == 200)
        }
    }

    /// A client that goes on sending its refused upload (as a browser does) is read until it stops, so that the
    /// end of the connection is not a reset that could cost it the answer.
    @Test func aClientStillSendingItsRefusedBodyIsReadUntilItStops() async throws {
        try await withServer(StudioServer.Limits(idle: .seconds(600), lingering: .seconds(2))) { http in
            let sent = head("POST /api/modules/0/media?folder=lines&name=big.opus HTTP/1.1", http,
                            token + "Content-Length: 2147483648\r\n")
            let (status, failedWrite, ended) = try await offThePool { () throws -> (Int, String?, Bool) in
                let connection = try RawConnection(port: http.port, patience: 60)
                try connection.write(sent)
                let status = try connection.readResponse().status
                // Four seconds of body, in pieces a quarter of a second apart: twice the silence that closes.
                for piece in 0..<16 {
                    do {
                        try connection.write([UInt8](repeating: 0, count: 65536))
                    } catch {
                        return (status, "piece \(piece): \(error)", false)
                    }
                    Thread.sleep(forTimeInterval: 0.25)
                }
                var ended = false
                while true {
                    switch connection.read() {
                    case .bytes: continue
                    case .ended: ended = true
                    case .silent: ended = false
                    }
                    break
                }
                return (status, nil, ended)
            }
            #expect(status == 413)
            #expect(failedWrite == nil, "the connection was reset while the client was still sending")
            if failedWrite == nil { #expect(ended, "the connection stayed open once the client stopped sending") }
        }
    }

    /// HTTP/1.0 keeps a connection only when asked; the studio closes every 1.0 connection after its answer, and
    /// answers in 1.0, so a body whose length is not known ahead (the page) is not sent in chunks a 1.0 client
    /// cannot read.
    @Test func anHTTP10ConnectionIsClosedAfterItsAnswer() async throws {
        try await withServer(StudioServer.Limits(idle: .seconds(600))) { http in
            for extra in ["", "Connection: keep-alive\r\n"] {
                let exchange = try await http.exchange(head("GET /api/modules HTTP/1.0", http, token + extra))
                let response = try #require(exchange.response)
                #expect(response.status == 200 && response.text.contains("job-interview"))
                #expect(response.headers["connection"] == "close")
                #expect(exchange.ended, "an HTTP/1.0 connection (\(extra)) was kept open")
            }
            let page = try await http.exchange(head("GET /?token=t0ken HTTP/1.0", http))
            #expect(page.ended)
            #expect(String(decoding: page.bytes.prefix(9), as: UTF8.self) == "HTTP/1.0 ")
            let response = try #require(page.response)
            #expect(response.headers["transfer-encoding"] == nil)
            #expect(response.text.hasSuffix("</html>\n") || response.text.hasSuffix("</html>"), "\(response.text.suffix(80))")
        }
    }

    /// A connection that sends nothing, or half a request head, is closed after the idle time.
    @Test func aSilentOrHalfSentConnectionIsClosed() async throws {
        try await withServer(StudioServer.Limits(idle: .seconds(1))) { http in
            let silent = try await http.exchange([])
            #expect(silent.ended, "a silent connection was kept")
            let halfHead = try await http.exchange(Array("GET /api/modules HTTP/1.1\r\nHost: 127".utf8))
            #expect(halfHead.ended, "half a request head was waited for")
            let slowBody = head("PUT /api/modules/0 HTTP/1.1", http, token + "Content-Length: 100\r\n") + Array("{".utf8)
            let stopped = try await http.exchange(slowBody)
            #expect(stopped.ended, "a body that stopped coming was waited for")
        }
    }

    /// Past the connection limit, the connections dropped are those that never showed the token: the author's
    /// connection, kept open between requests, still gets its answers.
    @Test func theAuthorsConnectionOutlastsIdleStrangers() async throws {
        try await withServer(StudioServer.Limits(connections: 8, idle: .seconds(600))) { http in
            let request = head("GET /api/modules HTTP/1.1", http, token)
            let (statuses, firstStrangerEnded) = try await offThePool { () throws -> ([Int], Bool) in
                let author = try RawConnection(port: http.port, patience: 60)
                try author.write(request)
                var statuses = [try author.readResponse().status]
                var strangers: [RawConnection] = []
                for _ in 0..<40 { strangers.append(try RawConnection(port: http.port, patience: 60)) }
                let fresh = try RawConnection(port: http.port, patience: 60)
                try fresh.write(request)
                statuses.append(try fresh.readResponse().status)
                try author.write(request)
                statuses.append((try? author.readResponse().status) ?? 0)
                guard case .ended = strangers[0].read() else { return (statuses, false) }
                return (statuses, true)
            }
            #expect(statuses == [200, 200, 200], "the third is the author's second request, on its first connection")
            #expect(firstStrangerEnded, "the oldest stranger was not dropped")
        }
    }
}
