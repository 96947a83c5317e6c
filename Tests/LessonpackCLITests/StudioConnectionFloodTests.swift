import Foundation
import LessonpackTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 31, F2: a local process opened 1,100 idle connections, and the studio, at 1,024 descriptors, stopped
/// answering; no token is needed to open a connection. Here the studio runs under a hard limit of 1,024 that it cannot
/// raise, and must still answer its token past 2,000 idle connections.
@Suite(.serialized) struct StudioConnectionFloodTests {
    static let idleConnections = 2000

    @Test(.timeLimit(.minutes(10))) func answersItsTokenPastTwoThousandIdleConnections() async throws {
        // This process holds the 2,000 connections: its own soft limit must allow them.
        let needed = rlim_t(Self.idleConnections + 512)
        var limit = rlimit()
        try #require(getrlimit(Self.files, &limit) == 0)
        if limit.rlim_cur < needed {
            try #require(limit.rlim_max >= needed,
                         "this test holds \(Self.idleConnections) connections, and the hard limit on open files is \(limit.rlim_max): raise it (ulimit -Hn)")
            limit.rlim_cur = needed
            try #require(setrlimit(Self.files, &limit) == 0, "the soft limit on open files could not be raised to \(needed)")
        }

        let temporary = TemporaryFolder()
        let studio = try Self.studio(limiting: "-n 1024", in: temporary)
        defer { if studio.waitUntilExit(timeout: 0) == nil { studio.kill() } }
        #expect(await studio.waitFor("\n"))
        let (port, token) = try Self.address(studio.text)
        #expect(try Self.openFiles(of: studio.pid) == "1024 1024", "the studio is not under the limits this test means")

        var idle: [RawConnection] = []
        do {
            while idle.count < Self.idleConnections { idle.append(try RawConnection(port: port, patience: 60)) }
        } catch {
            Issue.record("the studio stopped taking connections after \(idle.count): \(error)")
        }
        // Read off the concurrency pool: the studio may take its time under the flood, and a blocked pool thread
        // holds up every other test.
        let answer = try await offThePool {
            let author = try RawConnection(port: port, patience: 120)
            try author.write(Array("GET /api/modules HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Lessonpack-Token: \(token)\r\n\r\n".utf8))
            return try author.readResponse()
        }
        #expect(answer.status == 200 && answer.text.contains("job-interview"), "\(answer.status) \(answer.text.prefix(200))")
        kill(studio.pid, SIGTERM)
        #expect(await studio.waitUntilExit(timeout: 30) == 0)
    }

    /// The limit that counts is the studio's own: it raises its soft limit on open files to the hard one.
    @Test func raisesItsSoftLimitOnOpenFilesToTheHardOne() async throws {
        var limit = rlimit()
        try #require(getrlimit(Self.files, &limit) == 0)
        let temporary = TemporaryFolder()
        let studio = try Self.studio(limiting: "-S -n 256", in: temporary)
        defer { if studio.waitUntilExit(timeout: 0) == nil { studio.kill() } }
        #expect(await studio.waitFor("\n"))
        let hard = limit.rlim_max == rlim_t.max ? "unlimited" : String(limit.rlim_max)
        #expect(try Self.openFiles(of: studio.pid) == "\(hard) \(hard)")
        kill(studio.pid, SIGTERM)
        #expect(await studio.waitUntilExit(timeout: 30) == 0)
    }

    /// `lessonpack studio` on a copy of the sample in `temporary`, started by a shell that first runs `ulimit` with
    /// `limits`.
    private static func studio(limiting limits: String, in temporary: TemporaryFolder) throws -> InteractiveProcess {
        let module = temporary.copy(Paths.sampleModule, as: "job-interview")
        return try InteractiveProcess("/bin/sh", ["-c", "ulimit \(limits) && exec \"$0\" \"$@\"", LessonpackBinary.path,
                                                  "studio", "--no-open", module], environment: ["DISPLAY": ""])
    }

    /// The port and the token from the studio's first line.
    private static func address(_ output: String) throws -> (Int, String) {
        let match = try #require(output.firstMatch(of: /127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})/), "\(output)")
        return (try #require(Int(match.output.1)), String(match.output.2))
    }

    /// "SOFT HARD" of the process's "Max open files" in /proc.
    private static func openFiles(of pid: Int32) throws -> String {
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        return line.dropFirst("Max open files".count).split(separator: " ").prefix(2).joined(separator: " ")
    }

    #if canImport(Glibc)
    private static let files = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #endif
}
