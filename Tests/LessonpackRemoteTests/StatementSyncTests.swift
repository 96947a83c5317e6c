import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackProgress
import LessonpackSystem
import LessonpackTestSupport
import LessonpackXAPI
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
    @Test(.timeLimit(.minutes(2)))
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
        #expect(try store.statementCounts().unsent == 1)
    }
}
