import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackProgress
import LessonpackSystem
import LessonpackTestSupport
import LessonpackXAPI
import NIOCore
import Testing
@testable import LessonpackRemote

@Suite struct StatementSyncTests {
    @Test func endpointsAreNormalisedAndCredentialsKeptOutOfThem() throws {
        #expect(try LRSClient.normalised("http://127.0.0.1:8100/xAPI") == "http://127.0.0.1:8100/xAPI/")
        #expect(try LRSClient.normalised("https://lrs.example.org/xAPI/statements") == "https://lrs.example.org/xAPI/")
        for address in ["ftp://lrs.example.org/", "https://user:pw@lrs.example.org/xAPI/", "https://lrs.example.org/x?a=b", "lrs"] {
            #expect(throws: RemoteError.self) { try LRSClient.normalised(address) }
        }
    }

    @Test func credentialsComeFromAFileOrBothVariables() throws {
        let folder = TemporaryFolder()
        let file = folder.child("lrs.txt")
        try "ana:a:b c\nignored\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try LRSCredentials.read(file: file) == LRSCredentials(username: "ana", password: "a:b c"))
        try "no colon\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: RemoteError.self) { try LRSCredentials.read(file: file) }
        #expect(throws: RemoteError.self) { try LRSCredentials.read(file: folder.path) }
        #expect(try LRSCredentials.fromEnvironment([:]) == nil)
        #expect(throws: RemoteError.self) { try LRSCredentials.fromEnvironment(["LESSONPACK_LRS_USERNAME": "ana"]) }
        #expect(LRSCredentials(username: "ana", password: "pw").authorization == "Basic YW5hOnB3")
    }

    /// Nothing listens: each try fails, is retried the number of times the policy allows, and nothing is marked sent.
    /// (The limit only stops a hang: in a full run on two cores, blocking tests can hold the task pool for minutes.)
    @Test(.timeLimit(.minutes(10)))
    func aStoreThatIsNotThereLeavesEverythingQueued() async throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        try store.noteModuleSeen(Module(id: "m", title: "A module", version: "1.0.0"), at: Date())
        let fetcher = HTTPFetcher(connectTimeout: .milliseconds(300), readTimeout: .seconds(1))
        let port = try NginxServer.freePort()
        let client = try LRSClient(endpoint: "http://127.0.0.1:\(port)/xAPI/", credentials: nil, fetcher: fetcher)
        var retries: [String] = []
        do {
            _ = try await StatementSync.run(store, to: client, as: Agent(name: nil, mbox: "mailto:a@example.org"),
                                            policy: .init(batchSize: 10, attempts: 3, firstDelay: .milliseconds(10)),
                                            retrying: { problem, _ in retries.append(problem) })
            Issue.record("a sync to nowhere succeeded")
        } catch {
            #expect(error.error.code == .remoteUnreachable, "\(error.error)")
            #expect(error.report.sent == 0 && error.report.remaining == 1)
        }
        #expect(retries.count == 2, "\(retries)")
        await fetcher.shutdown()
        #expect(try store.deliveryCounts(to: client.endpoint).unsent == 1)
    }

    /// Nothing listens: the refusal is said at once, not waited out. The connect timeout is an hour and the test's
    /// limit ten minutes, so waiting it out (as async-http-client's retries did) fails the test, with no clock read
    /// that a loaded machine would make wrong. The limit counts from the test's start, and an async test's start
    /// is when the whole suite starts: in a CI run on two cores this one waited 116 s for a thread before its
    /// second of work, against a limit of two minutes then.
    @Test(.timeLimit(.minutes(10)))
    func aRefusedConnectionIsSaidAtOnce() async throws {
        let fetcher = HTTPFetcher(connectTimeout: .minutes(60))
        let port = try NginxServer.freePort()
        do {
            _ = try await fetcher.fetch("http://127.0.0.1:\(port)/catalog.signed.json", etag: nil, lastModified: nil, limit: 1024)
            Issue.record("nothing listens, yet something answered")
        } catch {
            #expect(error.code == .remoteUnreachable, "\(error)")
            #expect(error.description.contains("refused"), "\(error)")
        }
        await fetcher.shutdown()
    }

    /// A store of Tests/LRS/fake_lrs.py, answering as `mode` says, and a learner's store of twelve statements.
    final class Misbehaving {
        let folder = TemporaryFolder()
        let store: ProgressStore
        let process: ChildProcess
        let port: Int
        // No mode here waits for a timeout to end it (a lost answer is a closed connection), so the timeouts only
        // have to outlast a stalled machine: on a loaded CI run a 5 s read could end a sync the store answered.
        let fetcher = HTTPFetcher(connectTimeout: .seconds(30), readTimeout: .seconds(60), followRedirects: false)
        let client: LRSClient

        init(_ mode: String, target: Int? = nil) throws {
            store = try ProgressStore(folder: folder.path)
            for index in 0..<12 {
                try store.noteModuleSeen(Module(id: "m\(index)", title: "A module", version: "1.0.0"), at: Date())
            }
            port = try NginxServer.freePort()
            let ids = try store.allStatements().map(\.id)
            process = try ChildProcess(executable: "/usr/bin/python3", arguments: [
                Paths.inPackage("Tests/LRS/fake_lrs.py"), String(port), folder.child("accepted"), mode,
            ] + (target.map { [ids[$0]] } ?? []))
            client = try LRSClient(endpoint: "http://127.0.0.1:\(port)/xAPI/", credentials: nil, fetcher: fetcher)
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: "/proc/\(process.pid)") || !Self.listening(port), Date() < deadline {
                usleep(50_000)
            }
        }

        static func listening(_ port: Int) -> Bool {
            (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8))?.contains(String(format: ":%04X 00000000:0000 0A", port)) == true
        }

        var accepted: [String] {
            ((try? String(contentsOfFile: folder.child("accepted"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func sync() async -> Result<StatementSync.Report, StatementSync.Failure> {
            do throws(StatementSync.Failure) {
                return .success(try await StatementSync.run(store, to: client, as: Agent(name: nil, mbox: "mailto:a@example.org"),
                                                            policy: .init(batchSize: 5, attempts: 2, firstDelay: .milliseconds(10))))
            } catch {
                return .failure(error)
            }
        }

        func finish() async {
            await fetcher.shutdown()
            process.stop()
        }
    }

    @Test func aRedirectIsNotTakenForAcceptance() async throws {
        let lrs = try Misbehaving("redirect")
        guard case .failure(let failure) = await lrs.sync() else { Issue.record("a redirected POST counted as sent"); return }
        #expect(failure.error.code == .remoteHTTPError && failure.error.description.contains("redirects to http://127.0.0.1:9/elsewhere"),
                "\(failure.error)")
        #expect(try lrs.store.deliveryCounts(to: lrs.client.endpoint) == DeliveryCounts(unsent: 12))
        await lrs.finish()
    }

    @Test func anAnswerWithoutTheIdsSentIsNotAcceptance() async throws {
        let lrs = try Misbehaving("wrong-ids")
        guard case .failure(let failure) = await lrs.sync() else { Issue.record("a wrong answer counted as sent"); return }
        #expect(failure.error.code == .remoteHTTPError, "\(failure.error)")
        #expect(try lrs.store.deliveryCounts(to: lrs.client.endpoint).unsent == 12)
        await lrs.finish()
    }

    /// The store keeps a batch and the answer is lost: the batch goes again, byte for byte the same, so a store that
    /// keeps one copy per id (as xAPI requires) stores nothing twice.
    @Test func aBatchWhoseAnswerIsLostIsSentAgainUnchanged() async throws {
        let lrs = try Misbehaving("lose-first-answer")
        guard case .success(let report) = await lrs.sync() else { Issue.record("the sync stopped"); return }
        #expect(report.sent == 12 && report.retries == 1, "\(report)")
        let bodies = ((try? String(contentsOfFile: lrs.folder.child("accepted.bodies"), encoding: .utf8)) ?? "")
            .split(separator: "\n")
        #expect(bodies.count == 4 && bodies[0] == bodies[1], "the first batch, twice and the same, then two more")
        #expect(Set(lrs.accepted).count == 12)
        await lrs.finish()
    }

    /// One statement the store refuses does not hold back the others, and is not sent again; a store set up later
    /// is sent everything.
    @Test(arguments: ["refuse", "conflict"])
    func aRefusedStatementIsSetAsideAndTheRestSent(_ mode: String) async throws {
        let lrs = try Misbehaving(mode, target: 7)
        let ids = try lrs.store.allStatements().map(\.id)
        guard case .success(let report) = await lrs.sync() else { Issue.record("the sync stopped"); return }
        #expect(report.refused.map(\.id) == [ids[7]])
        #expect(report.refused.first?.reason.contains("is not wanted") == true, "\(report.refused)")
        // As a set: a batch sent again after an answer came too late (a loaded machine) is the same statements, which
        // a record store keeps once (statements are idempotent by id).
        #expect(report.sent == 11 && Set(lrs.accepted) == Set(ids.filter { $0 != ids[7] }), "accepted: \(lrs.accepted)")
        #expect(try lrs.store.deliveryCounts(to: lrs.client.endpoint) == DeliveryCounts(unsent: 0, accepted: 11, refused: 1))
        guard case .success(let again) = await lrs.sync() else { Issue.record("the second sync stopped"); return }
        #expect(again.sent == 0 && again.refused.isEmpty, "the refused statement is not sent to that store again")
        #expect(try lrs.store.deliveryCounts(to: "http://elsewhere.example/xAPI/").unsent == 12)
        await lrs.finish()
    }
}
