import Foundation
import LessonpackSystem
import LessonpackTestSupport
import NIOCore
import Testing
@testable import LessonpackRemote

/// A server that sends a byte now and then meets no read timeout: a catalog is given up when it has taken longer
/// than its whole-answer deadline, and a download when its average rate falls below the minimum past its grace
/// period, keeping what came for a later run (F4). What ended each is read from its words, never from a clock: on a
/// loaded machine the wait is the scheduler's, and without its rule a test would run into the suite's time limit
/// (the trickle lasts hours). The limit is generous because it counts from the suite's start: in a CI run on two
/// cores these tests waited 116 s for a thread, behind the other tests started with them, before their seconds of
/// work.
@Suite(.timeLimit(.minutes(10))) struct TrickleTests {
    final class Trickle {
        let process: ChildProcess
        let port: Int

        init() throws {
            port = try NginxServer.freePort()
            process = try ChildProcess(executable: "/usr/bin/python3", arguments: [
                Paths.inPackage("Tests/HostileNetwork/trickle_server.py"), String(port), "100000", "0.2",
            ])
            let deadline = Date().addingTimeInterval(10)
            while !StatementSyncTests.Misbehaving.listening(port), Date() < deadline { usleep(50_000) }
            try #require(StatementSyncTests.Misbehaving.listening(port), "the trickle server did not start on \(port)")
        }
    }

    @Test func aTrickledCatalogIsGivenUpAtItsDeadline() async throws {
        let trickle = try Trickle()
        let fetcher = HTTPFetcher(readTimeout: .seconds(60), wholeAnswer: .seconds(2))
        do {
            _ = try await fetcher.fetch("http://127.0.0.1:\(trickle.port)/catalog.signed.json", etag: nil, lastModified: nil,
                                        limit: 1 << 20)
            Issue.record("a trickled catalog was taken")
        } catch {
            #expect(error.code == .remoteUnreachable, "\(error)")
            #expect(error.description.contains("took longer than 2 s"), "\(error)")
        }
        await fetcher.shutdown()
        withExtendedLifetime(trickle) {}
    }

    @Test func aTrickledDownloadIsGivenUpBelowTheMinimumRateAndKeepsWhatCame() async throws {
        let trickle = try Trickle()
        let folder = TemporaryFolder()
        let fetcher = HTTPFetcher(readTimeout: .seconds(60), minimumRate: 1000, grace: .seconds(1))
        do {
            _ = try await fetcher.download("http://127.0.0.1:\(trickle.port)/m.lessonpack", to: folder.child("m.part"),
                                           size: 100_000, progress: { _, _ in })
            Issue.record("a trickled download finished")
        } catch {
            #expect(error.code == .remoteUnreachable, "\(error)")
            // The rate rule ends it whenever bytes keep coming (were it broken, the fetch would run on into the
            // suite's time limit). Twice in loaded full runs here, the trickle server sent nothing for a whole read
            // timeout: the fetch then ends on that, which is a give-up that keeps the bytes all the same.
            #expect(error.description.contains("slower than 1000") || error.description.contains("stopped answering"),
                    "\(error)")
        }
        let kept = (try? FileManager.default.attributesOfItem(atPath: folder.child("m.part"))[.size] as? Int) ?? 0
        #expect(kept > 0, "the bytes that came are kept for the next run")
        await fetcher.shutdown()
        withExtendedLifetime(trickle) {}
    }
}
