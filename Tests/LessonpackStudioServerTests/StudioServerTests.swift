import Foundation
import HTTPTypes
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio
@testable import LessonpackStudioServer

@Suite struct StudioGateTests {
    let gate = StudioGate(token: "secret", readToken: "reader", port: 4242)

    private func refusal(_ method: HTTPRequest.Method = .get, host: String? = "127.0.0.1:4242",
                         path: String = "/api/modules", _ pairs: [(HTTPField.Name, String)] = [],
                         query: String? = nil) -> StudioGate.Refusal? {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: name, value: value)) }
        return gate.refusal(method: method, authority: host, path: path, headers: fields, query: query)
    }

    @Test func aRequestWithoutTheTokenIsRefused() {
        #expect(refusal() == .noToken)
        #expect(refusal(query: "token=wrong") == .noToken)
        #expect(refusal(query: "token=secret") == nil)
        #expect(refusal(.get, [(StudioGate.tokenHeader, "secret")]) == nil)
    }

    @Test func theCookieOnlyReadsThePageAndItsMedia() {
        // Every port of 127.0.0.1 receives the cookie: it holds a second secret that never reads the module's data.
        let cookie: [(HTTPField.Name, String)] = [(.cookie, "a=b; lessonpack-studio-4242=reader")]
        #expect(refusal(host: "localhost:4242", path: "/media/0/lines/l01.opus", cookie) == nil)
        #expect(refusal(path: "/v/0123456789abcdef/app.js", cookie) == nil)
        #expect(refusal(path: "/api/modules/0/subtitles.vtt", cookie) == nil)
        #expect(refusal(path: "/api/modules/0", cookie) == .noToken)
        #expect(refusal(path: "/api/modules/0/revision", cookie) == .noToken)
        #expect(refusal(path: "/api/preview/p1/recording", cookie, query: "line=l01") == nil)
        // The router takes these to the revision and the state: a last part of the exceptions' names is not theirs.
        for path in ["/api/modules/0/revision/recording", "/api/modules/0/revision/subtitles.vtt",
                     "/api/modules/subtitles.vtt", "/api/start/recording"] {
            #expect(refusal(path: path, cookie) == .noToken, "\(path)")
        }
        // However the path is spelt, the interface is the interface (F1: `//api/start` reached it with the cookie).
        for path in ["//api/start", "///api//modules/0", "/%61pi/start", "/API/start", "//api/modules/0/revision"] {
            #expect(refusal(path: path, cookie) == .noToken, "\(path)")
        }
        #expect(refusal(path: "/media/0/lines/l01.opus", [(.cookie, "lessonpack-studio-4242=secret")]) == .noToken)
        #expect(refusal(path: "/media/0/lines/l01.opus", [(.cookie, "lessonpack-studio-9999=reader")]) == .noToken)
    }

    @Test func anotherHostIsRefusedEvenWithTheToken() {
        for host in ["evil.example:4242", "127.0.0.1:4243", "127.0.0.1", "localhost.evil.example:4242"] {
            #expect(refusal(host: host, [(StudioGate.tokenHeader, "secret")]) == .wrongHost)
        }
        #expect(refusal(host: nil, query: "token=secret") == .wrongHost)
    }

    @Test func changesNeedTheHeaderAndTheirOwnOrigin() {
        #expect(refusal(.put, [(.cookie, "lessonpack-studio-4242=reader")], query: "token=secret") == .tokenNotInHeader)
        #expect(refusal(.post, [(StudioGate.tokenHeader, "secret"), (.origin, "http://evil.example")]) == .wrongOrigin)
        #expect(refusal(.post, [(StudioGate.tokenHeader, "secret"), (.origin, "http://127.0.0.1:4242")]) == nil)
    }
}

/// The server itself, on a loopback port, spoken to byte for byte.
@Suite(.serialized) struct StudioServerTests {
    /// Runs a studio on the sample module (or `copies` copies of it) for the length of `body`.
    private func withServer(copies: Int = 1, _ body: (RawHTTP, String, String) async throws -> Void) async throws {
        let temporary = TemporaryFolder()
        let modules = (0..<copies).map { temporary.copy(Paths.sampleModule, as: $0 == 0 ? "job-interview" : "copy-\($0)") }
        let module = modules[0]
        let studio = try Studio(folders: modules, workingFolder: temporary.path, outputFolder: temporary.child("dist"))
        try await RawHTTP.serving(studio) { http in try await body(http, module, temporary.path) }
    }

    @Test func theGateHoldsOnTheWire() async throws {
        try await withServer { http, _, _ in
            #expect(try await http.send("GET", "/api/modules").status == 401)
            #expect(try await http.send("GET", "/api/modules", headers: ["X-Lessonpack-Token": "wrong"]).status == 401)
            #expect(try await http.send("GET", "/api/modules", headers: ["Host": "evil.example:\(http.port)",
                                                                   "X-Lessonpack-Token": "t0ken"]).status == 421)
            #expect(try await http.send("GET", "/api/modules", headers: ["Origin": "http://evil.example",
                                                                   "X-Lessonpack-Token": "t0ken"]).status == 403)
            let page = try await http.send("GET", "/?token=t0ken")
            let setCookie = try #require(page.headers["set-cookie"])
            #expect(setCookie.hasPrefix("lessonpack-studio-\(http.port)=") && !setCookie.contains("t0ken"),
                    "the cookie, which every port of 127.0.0.1 receives, must not be the token: \(setCookie)")
            #expect(page.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
            let cookie = String(setCookie.prefix { $0 != ";" })
            #expect(try await http.send("GET", "/media/0/lines/l01.opus", headers: ["Cookie": cookie]).status == 200)
            #expect(try await http.send("GET", "/api/modules/0", headers: ["Cookie": cookie]).status == 401)
            #expect(try await http.send("POST", "/api/modules/0/reload", headers: ["Cookie": cookie]).status == 403)
            // F1: the router drops empty parts, so `//api/…` is the interface; the cookie must not read it either.
            for path in ["//api/modules/0", "//api/start", "/%61pi/modules/0"] {
                let answer = try await http.send("GET", path, headers: ["Cookie": cookie])
                #expect(answer.status != 200, "\(path) answered \(answer.status) to the cookie")
                #expect(!String(decoding: answer.body, as: UTF8.self).contains("Helen"), "\(path) gave the module away")
            }
        }
    }

    @Test func mediaIsServedInRangesAndNothingOutsideMedia() async throws {
        try await withServer { http, module, _ in
            let token = ["X-Lessonpack-Token": "t0ken"]
            let whole = try await http.send("GET", "/media/0/lines/l01.opus", headers: token)
            #expect(whole.status == 200)
            #expect(whole.body == Array(try Data(contentsOf: URL(fileURLWithPath: module + "/media/lines/l01.opus"))))
            let part = try await http.send("GET", "/media/0/lines/l01.opus", headers: token.merging(["Range": "bytes=10-19"]) { $1 })
            #expect(part.status == 206)
            #expect(part.body == Array(whole.body[10...19]))
            #expect(part.headers["content-range"] == "bytes 10-19/\(whole.body.count)")
            // RFC 9110 §14.2: a range written against the grammar, or in another unit, is ignored: the whole file.
            for ignored in ["bytes=5-3", "items=0-9", "bytes=x-", "bytes=1-2,7-5"] {
                let answer = try await http.send("GET", "/media/0/lines/l01.opus", headers: token.merging(["Range": ignored]) { $1 })
                #expect(answer.status == 200 && answer.body == whole.body, "\(ignored): \(answer.status)")
            }
            let beyond = try await http.send("GET", "/media/0/lines/l01.opus",
                                             headers: token.merging(["Range": "bytes=\(whole.body.count)-"]) { $1 })
            #expect(beyond.status == 416)
            #expect(beyond.headers["content-range"] == "bytes */\(whole.body.count)")
            for target in ["/media/0/../module.plist", "/media/0/%2e%2e/module.plist", "/media/0/lines/%2e%2e/%2e%2e/module.plist",
                           "/media/1/lines/l01.opus", "/media/0//etc/passwd"] {
                #expect(try await http.send("GET", target, headers: token).status == 404, "\(target)")
            }
        }
    }

    @Test func thePagesFilesAreRevalidatedNotRefetched() async throws {
        try await withServer { http, _, _ in
            let token = ["X-Lessonpack-Token": "t0ken"]
            let first = try await http.send("GET", "/app.js", headers: token)
            #expect(first.status == 200 && first.headers["cache-control"] == "no-cache")
            let tag = try #require(first.headers["etag"])
            let again = try await http.send("GET", "/app.js", headers: token.merging(["If-None-Match": tag]) { $1 })
            #expect(again.status == 304 && again.body.isEmpty)
            #expect(try await http.send("GET", "/app.js", headers: token.merging(["If-None-Match": "\"other\""]) { $1 }).status == 200)
            #expect(try await http.send("GET", "/api/modules/0", headers: token).headers["cache-control"] == "no-store")
            // The page names its files under this binary's version, where the browser may keep them.
            let page = try await http.send("GET", "/?token=t0ken")
            let version = try #require(page.text.firstMatch(of: /src="\/v\/([0-9a-f]{16})\/app\.js"/)?.output.1)
            let kept = try await http.send("GET", "/v/\(version)/app.js", headers: token)
            #expect(kept.status == 200 && kept.body == first.body)
            #expect(kept.headers["cache-control"] == "private, max-age=31536000, immutable")
            #expect(try await http.send("GET", "/v/0000000000000000/app.js", headers: token).status == 404)
        }
    }

    @Test func hostileUploadsAreRefusedAndWriteNothing() async throws {
        try await withServer { http, module, _ in
            let token = ["X-Lessonpack-Token": "t0ken"]
            let before = Set(FileTree.files(under: module))
            for name in ["..%2Fx.opus", "a%2Fb.opus", ".hidden.opus", "x.exe", "tab%09.opus", String(repeating: "a", count: 300) + ".opus"] {
                let answer = try await http.send("POST", "/api/modules/0/media?folder=lines&name=\(name)", headers: token, body: [1, 2, 3])
                #expect([400, 415].contains(answer.status), "\(name): \(answer.status)")
                #expect(answer.text.contains(#""code":"bad-name""#) || answer.text.contains(#""code":"wrong-type""#),
                        "\(name): \(answer.text)")
            }
            #expect(try await http.send("POST", "/api/modules/0/media?folder=..&name=x.opus", headers: token, body: [1]).status == 400)
            #expect(Set(FileTree.files(under: module)) == before)
        }
    }

    @Test func aSaveRoundTripsThroughJSON() async throws {
        try await withServer { http, module, _ in
            let token = ["X-Lessonpack-Token": "t0ken"]
            let state = try #require(try JSONSerialization.jsonObject(with: Data(await http.send("GET", "/api/modules/0", headers: token).body)) as? [String: Any])
            var model = try #require(state["module"] as? [String: Any])
            model["title"] = "Saved over HTTP"
            let body = try JSONSerialization.data(withJSONObject: ["revision": state["revision"]!, "module": model])
            let saved = try await http.send("PUT", "/api/modules/0", headers: token, body: Array(body))
            #expect(saved.status == 200)
            #expect(try String(contentsOfFile: module + "/module.plist", encoding: .utf8).contains("Saved over HTTP"))
            let stale = try await http.send("PUT", "/api/modules/0", headers: token, body: Array(body))
            #expect(stale.status == 409)
            #expect(stale.text.contains(#""code":"conflict""#))
            let vtt = try await http.send("GET", "/api/modules/0/subtitles.vtt", headers: token)
            #expect(vtt.text.hasPrefix("WEBVTT\n"))
        }
    }

    /// The page lists no activities of its own: every state carries the registry's kinds and titles, and a preview
    /// numbers its activity as the terminal player does: in a module of a video and a test, "2. Test", not the
    /// test's standard place (8).
    @Test func thePreviewNumbersAnActivityByItsPlaceInTheModule() async throws {
        try await withServer { http, _, _ in
            let token = ["X-Lessonpack-Token": "t0ken"]
            func object(_ response: RawHTTP.Response) throws -> [String: Any] {
                try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            }
            let state = try object(await http.send("GET", "/api/modules/0", headers: token))
            let kinds = try #require(state["activityKinds"] as? [[String: String]])
            #expect(kinds.map { $0["name"] ?? "" } == ActivityChoice.all.map(\.name))
            #expect(kinds.first { $0["name"] == "test" }?["title"] == "Test")
            // The key under which an activity's lines are chosen comes with it, so the page names no activity.
            #expect(kinds.map { $0["linesKey"] } == ActivityChoice.all.map(\.linesKey))
            var model = try #require(state["module"] as? [String: Any])
            model["activities"] = ["video", "test"]
            let body = try JSONSerialization.data(withJSONObject: ["revision": state["revision"]!, "module": model])
            #expect(try await http.send("PUT", "/api/modules/0", headers: token, body: Array(body)).status == 200)
            let preview = try await http.send("POST", "/api/modules/0/preview", headers: token,
                                              body: Array(#"{"activity":"test","seed":1}"#.utf8))
            #expect(preview.status == 201)
            #expect(try object(preview)["title"] as? String == "2. Test")
        }
    }

    /// Importing test items into a module with several objectives asks for the page's Objective, not a command's
    /// option; with it chosen the items are taken, the report speaks of the test bank and not of its file, and
    /// the import is one step Undo takes back, byte for byte.
    @Test func anImportAsksForTheObjectiveInTheFormsWordsAndIsOneUndoableStep() async throws {
        try await withServer { http, module, _ in
            let token = ["X-Lessonpack-Token": "t0ken"]
            let original = try String(contentsOfFile: module + "/questions/test.plist", encoding: .utf8)
            let gift = Array("::Q1:: The interview starts at nine. {T}\n\n::Q2:: Anna works in a bank. {F}\n".utf8)
            func object(_ response: RawHTTP.Response) throws -> [String: Any] {
                try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            }
            let unchosen = try object(await http.send("POST", "/api/modules/0/import?kind=questions&target=test&name=quiz.gift",
                                                headers: token, body: gift))
            #expect(unchosen["written"] as? Bool == false)
            let reason = (unchosen["report"] as? [String] ?? []).joined(separator: " ")
            #expect(reason.contains("choose under Objective") && reason.contains("greet"), "\(reason)")
            #expect(!reason.contains("--objective") && (unchosen["diagnostics"] as? [Any])?.isEmpty == true)
            #expect(try String(contentsOfFile: module + "/questions/test.plist", encoding: .utf8) == original)

            let imported = try object(await http.send(
                "POST", "/api/modules/0/import?kind=questions&target=test&objective=closing&name=quiz.gift",
                headers: token, body: gift))
            #expect(imported["written"] as? Bool == true)
            let report = imported["report"] as? [String] ?? []
            #expect(report.contains { $0.hasPrefix("Test bank: 2 added") }, "\(report)")
            #expect(!report.joined().contains(".plist"), "\(report)")
            let state = try #require(imported["state"] as? [String: Any])
            #expect(state["canUndo"] as? Bool == true, "an import is a step of the history")
            let items = (((state["module"] as? [String: Any])?["test"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
            #expect(items.count == 32 && items.last?["objective"] as? String == "closing")

            let body = try JSONSerialization.data(withJSONObject: ["revision": state["revision"]!])
            #expect(try await http.send("POST", "/api/modules/0/undo", headers: token, body: Array(body)).status == 200)
            #expect(try String(contentsOfFile: module + "/questions/test.plist", encoding: .utf8) == original)
        }
    }

    @Test func theFirstLoadIsOneRequest() async throws {
        let token = ["X-Lessonpack-Token": "t0ken"]
        func object(_ response: RawHTTP.Response) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        }
        try await withServer { http, _, _ in
            let start = try object(await http.send("GET", "/api/start", headers: token))
            #expect((start["modules"] as? [Any])?.count == 1)
            let state = try #require(start["state"] as? [String: Any], "one module: its state comes with the list")
            let alone = try object(await http.send("GET", "/api/modules/0", headers: token))
            #expect(state["key"] as? String == "0")
            #expect(state["revision"] as? String == alone["revision"] as? String)
            #expect((state["module"] as? [String: Any])?["id"] as? String == "job-interview")
            #expect(try await http.send("GET", "/api/start").status == 401)
            // Opened from the printed address, the page itself carries that answer: its first load sends no request.
            let page = try await http.send("GET", "/?token=t0ken")
            let held = try #require(try JSONSerialization.jsonObject(with: Data(try firstAnswer(page).utf8)) as? [String: Any])
            #expect((held["state"] as? [String: Any])?["revision"] as? String == alone["revision"] as? String)
            #expect((held["modules"] as? [Any])?.count == 1)
            // Reloaded, the page has only the read cookie, which never reads the module's data: it holds nothing.
            let cookie = String(try #require(page.headers["set-cookie"]).prefix { $0 != ";" })
            let reloaded = try await http.send("GET", "/", headers: ["Cookie": cookie])
            #expect(reloaded.status == 200)
            #expect(try firstAnswer(reloaded).isEmpty)
            // Sent in two parts around the answer, the page is otherwise the same page.
            #expect(page.text.replacing(try firstAnswer(page), with: "", maxReplacements: 1) == reloaded.text)
        }
        try await withServer(copies: 2) { http, _, _ in
            let start = try object(await http.send("GET", "/api/start", headers: token))
            #expect((start["modules"] as? [Any])?.count == 2)
            #expect(start["state"] == nil, "two modules: the author chooses, so no state is sent")
            let held = try #require(try JSONSerialization.jsonObject(with: Data(try firstAnswer(await http.send("GET", "/?token=t0ken")).utf8)) as? [String: Any])
            #expect((held["modules"] as? [Any])?.count == 2 && held["state"] == nil, "the page holds the same answer")
        }
    }

    /// The first-answer data block's content, "" when empty; fails when the page has no such block.
    private func firstAnswer(_ page: RawHTTP.Response) throws -> String {
        let block = /<script type="application\/json" id="first-answer">(.*?)<\/script>/.dotMatchesNewlines()
        return String(try #require(page.text.firstMatch(of: block), "no first-answer block in the page").output.1)
    }

    @Test func aTitleWrittenAsMarkupStaysTextInsideThePage() async throws {
        try await withServer { http, _, _ in
            let token = ["X-Lessonpack-Token": "t0ken"]
            let state = try #require(try JSONSerialization.jsonObject(with: Data(await http.send("GET", "/api/modules/0", headers: token).body)) as? [String: Any])
            var model = try #require(state["module"] as? [String: Any])
            // U+0600 prepends itself to the `<` after it: one Character, two code points, which the browser reads
            // as a U+0600 and a `<`.
            let hostile = "</script><script>alert(1)</script><!-- <SCRIPT \u{600}<!--\u{600}<script>"
            model["title"] = hostile
            let body = try JSONSerialization.data(withJSONObject: ["revision": state["revision"]!, "module": model])
            #expect(try await http.send("PUT", "/api/modules/0", headers: token, body: Array(body)).status == 200)
            let page = try await http.send("GET", "/?token=t0ken")
            let held = try firstAnswer(page)
            #expect(!held.utf8.contains(UInt8(ascii: "<")), "a `<` in the data block could end it or open markup")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(held.utf8)) as? [String: Any])
            #expect(((answer["state"] as? [String: Any])?["module"] as? [String: Any])?["title"] as? String == hostile)
            #expect(page.text.components(separatedBy: "<script").count == 1 + 3,
                    "the page's own three script elements and no more: \(page.text.prefix(2000))")
        }
    }

    @Test func aRangeIsReadAsRFC9110Says() {
        typealias Answer = MediaResponses.RangeAnswer
        let cases: [(String, Answer)] = [
            ("bytes=0-9", .part(first: 0, last: 9)), ("bytes=90-", .part(first: 90, last: 99)),
            ("bytes=-10", .part(first: 90, last: 99)), ("bytes=-500", .part(first: 0, last: 99)),
            ("bytes=95-200", .part(first: 95, last: 99)), ("Bytes=1-1", .part(first: 1, last: 1)),
            ("bytes= 200-300 , 5-6", .part(first: 5, last: 6)), ("bytes=,3-4", .part(first: 3, last: 4)),
            ("bytes=100-", .unsatisfiable), ("bytes=-0", .unsatisfiable), ("bytes=100-200,300-", .unsatisfiable),
            ("bytes=5-3", .whole), ("items=0-9", .whole), ("bytes=+1-2", .whole), ("bytes=1", .whole), ("bytes=", .whole),
            ("bytes=-", .whole), ("bytes=0-9,x", .whole), ("0-9", .whole),
        ]
        for (header, expected) in cases {
            #expect(MediaResponses.byteRange(header, size: 100) == expected, "\(header)")
        }
        #expect(MediaResponses.byteRange("bytes=0-", size: 0) == .unsatisfiable)
    }
}
