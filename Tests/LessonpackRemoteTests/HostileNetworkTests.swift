import Foundation
import LessonpackCatalogFormat
import LessonpackDiagnostics
import LessonpackLibrary
import LessonpackModel
import LessonpackProgress
import LessonpackSystem
import LessonpackTestSupport
import LessonpackXAPI
import NIOCore
import Testing
@testable import LessonpackRemote

/// The hostile-network corpus (Tests/HostileNetwork/README.md): every case of hostile_server.py run against the
/// library API `install --catalog`, `update`, `sync` and `report` go through, with the code each run must end with.
/// After every run, nothing half-written is in the library: no module but a verified one, no work file, and in the
/// downloads folder only true beginnings of the files the catalog lists, kept for the next run to finish. That each
/// run ends at all is the suite's time limit: no clock is read, since a loaded machine makes any clock wrong.
@Suite(.serialized, .timeLimit(.minutes(5))) struct HostileNetworkTests {
    /// One case: the code each run of `install --catalog` against the server must end with, nil for one that
    /// installs. Runs after the first meet a server that remembers what it answered before.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var runs: [DiagnosticCode?]
        /// Bounds tight enough that a trickle meets them in seconds (the others keep the tool's own, with longer
        /// timeouts, so that a stalled machine does not end a run the server answered).
        var tight = false
        /// The last run asks for the rest of a part the first kept (a Range request): what the case is about.
        var resumes = false

        var testDescription: String { name }
    }

    static let installCases: [Case] = [
        Case(name: "plain", runs: [nil]),
        Case(name: "endless-catalog", runs: [.remoteTooLarge]),
        Case(name: "announced-huge-catalog", runs: [.remoteTooLarge]),
        Case(name: "endless-bundle", runs: [.remoteTooLarge]),
        Case(name: "trickle-catalog", runs: [.remoteUnreachable], tight: true),
        Case(name: "trickle-bundle", runs: [.remoteUnreachable], tight: true),
        Case(name: "trickle-head", runs: [.remoteUnreachable], tight: true),
        Case(name: "endless-head", runs: [.remoteHTTPError]),
        Case(name: "not-http", runs: [.remoteHTTPError]),
        Case(name: "redirect-loop", runs: [.remoteHTTPError]),
        Case(name: "redirect-chain", runs: [.remoteHTTPError]),
        Case(name: "redirect-bundle-loop", runs: [.remoteHTTPError]),
        Case(name: "redirect-to-file", runs: [.remoteHTTPError]),
        Case(name: "redirect-to-unix-socket", runs: [.remoteHTTPError]),
        Case(name: "redirect-to-other-host", runs: [nil]),
        Case(name: "short-length-catalog", runs: [.remoteUnreachable]),
        Case(name: "short-length-bundle", runs: [.remoteUnreachable, nil], resumes: true),
        Case(name: "long-length-catalog", runs: [.catalogInvalid]),
        Case(name: "long-length-bundle", runs: [.catalogBundleMismatch, nil]),
        Case(name: "changed-on-resume", runs: [.remoteUnreachable, .catalogBundleMismatch], resumes: true),
        Case(name: "grown-on-resume", runs: [.remoteUnreachable, .catalogBundleMismatch], resumes: true),
        Case(name: "shrunk-on-resume", runs: [.remoteUnreachable, .catalogBundleMismatch, .catalogBundleMismatch],
             resumes: true),
        Case(name: "rollback", runs: [nil, .catalogRollback]),
    ]

    struct SetupFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A publisher's release of one module, made once by the built `lessonpack`: `site` is release 2 (version
    /// 1.0.1), `oldSite` release 1 (1.0.0), both signed by the same key.
    struct ReleaseFolder: Sendable {
        let path: String

        init(_ path: String) {
            self.path = path
            try? FileManager.default.removeItem(atPath: path)
        }

        func child(_ name: String) -> String { path + "/" + name }
    }

    struct Release: Sendable {
        let folder: ReleaseFolder
        var site: String { folder.child("site") }
        var oldSite: String { folder.child("old-site") }
        let bundleFile = "at-the-cafe-1.0.1.lessonpack"
        /// The file the catalog lists, byte for byte.
        let bundle: [UInt8]

        static func make() throws -> Release {
            // Never removed while the test process runs (every case shares it): named by the process, and those of
            // processes that have ended are removed here.
            let temporary = FileManager.default.temporaryDirectory.path
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
            where name.hasPrefix("lessonpack-hostile-release-") {
                let pid = name.dropFirst("lessonpack-hostile-release-".count)
                if !FileManager.default.fileExists(atPath: "/proc/\(pid)") {
                    try? FileManager.default.removeItem(atPath: temporary + "/" + name)
                }
            }
            let folder = ReleaseFolder(temporary + "/lessonpack-hostile-release-\(getpid())")
            let modules = folder.child("modules")
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Paths.inPackage("Modules/at-the-cafe"), toPath: modules + "/at-the-cafe")
            let key = folder.child("publisher.key")
            for arguments in [["keygen", key], ["release", modules, "-o", folder.child("site"), "--sign", key]] {
                let result = try LessonpackBinary.run(arguments)
                guard result.status == 0 else { throw SetupFailure(description: result.standardError) }
            }
            try FileManager.default.copyItem(atPath: folder.child("site"), toPath: folder.child("old-site"))
            let plist = modules + "/at-the-cafe/module.plist"
            let text = try String(contentsOfFile: plist, encoding: .utf8)
            try text.replacingOccurrences(of: "<key>version</key>\n\t<string>1.0.0</string>",
                                          with: "<key>version</key>\n\t<string>1.0.1</string>")
                .write(toFile: plist, atomically: true, encoding: .utf8)
            let again = try LessonpackBinary.run(["release", modules, "-o", folder.child("site"), "--sign", key])
            guard again.status == 0 else { throw SetupFailure(description: again.standardError) }
            let bundle = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.child("site/at-the-cafe-1.0.1.lessonpack"))))
            return Release(folder: folder, bundle: bundle)
        }
    }

    /// Made on first use and shared by every case; what went wrong, if it could not be made.
    static let release: (release: Release?, problem: String) = {
        do { return (try Release.make(), "") } catch { return (nil, "\(error)") }
    }()

    /// hostile_server.py running one case, on the port it chose. A `ChildProcess`, in a group of its own with no
    /// signal blocked, so that ending it ends it: a child of Foundation's `Process` inherits the test's blocked
    /// signals, ignores the SIGTERM meant to end it, and the wait for it never returns.
    final class Server: Sendable {
        let process: ChildProcess
        let port: Int
        let log: String

        init(_ name: String, release: Release, in folder: TemporaryFolder) throws {
            log = folder.child("requests.log")
            let portFile = folder.child("port")
            process = try ChildProcess(executable: "/usr/bin/python3", arguments: [
                Paths.inPackage("Tests/HostileNetwork/hostile_server.py"), name, "--site", release.site,
                "--old-site", release.oldSite, "--log", log, "--port-file", portFile,
            ])
            // Written once it listens (by a rename, so never half); a server that dies first ends the wait.
            while process.isRunning, !FileManager.default.fileExists(atPath: portFile) { usleep(20_000) }
            guard let text = try? String(contentsOfFile: portFile, encoding: .utf8),
                  let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw SetupFailure(description: "hostile_server.py \(name) did not start")
            }
            self.port = port
        }

        var address: String { "http://127.0.0.1:\(port)/" }

        /// What was asked of it: one line a request, "METHOD PATH RANGE".
        var requests: [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    /// `followRedirects` off for a record store, as `sync` and `report` have it.
    static func fetcher(tight: Bool, followRedirects: Bool = true) -> HTTPFetcher {
        // Generous where nothing slow is being tested, so that a stalled machine does not end a run the server
        // answered (the rate is counted as the bytes are read, and a stalled test reads slowly: a CI run once put a
        // plain server at 13 bytes a second); tight for a trickle, which must be given up whatever the machine does.
        tight ? HTTPFetcher(connectTimeout: .seconds(30), readTimeout: .seconds(60), followRedirects: followRedirects,
                            wholeAnswer: .seconds(10), minimumRate: 1000, grace: .seconds(2))
              : HTTPFetcher(connectTimeout: .seconds(30), readTimeout: .seconds(60), followRedirects: followRedirects,
                            minimumRate: 1)
    }

    @Test(arguments: installCases)
    func installAgainstAHostileServer(_ hostile: Case) async throws {
        let release = try #require(Self.release.release, "the release could not be made: \(Self.release.problem)")
        let data = TemporaryFolder("lessonpack-hostile-data")
        let server = try Server(hostile.name, release: release, in: data)
        let library = ModuleLibrary(dataFolder: data.path)
        var installed: [String] = []
        for (index, expected) in hostile.runs.enumerated() {
            let sources = Self.snapshot(library.folder + "/sources.json")
            let remote = RemoteLibrary(library: library, fetcher: Self.fetcher(tight: hostile.tight))
            var failures: [Diagnostic] = []
            var catalogFailed = false
            do {
                let outcome = try await remote.install(catalog: server.address, options: .init())
                if let failure = outcome.failure {
                    failures.append(failure)
                    catalogFailed = true
                }
                for module in outcome.modules {
                    if case .failed(let diagnostics) = module.result { failures += diagnostics }
                }
            } catch {
                failures.append(error.diagnostic)
                catalogFailed = true
            }
            await remote.shutdown()
            let run = "\(hostile.name), run \(index + 1)"
            #expect(failures.map(\.code) == (expected.map { [$0] } ?? []),
                    "\(run): \(failures.map { "[\($0.code)] \($0.message)" })\n\(server.requests.joined(separator: "\n"))")
            if expected == nil { installed = ["at-the-cafe 1.0.1"] }
            #expect(library.list().map { "\($0.id) \($0.version)" } == installed, "\(run): only what verified is installed")
            if catalogFailed {
                #expect(Self.snapshot(library.folder + "/sources.json") == sources,
                        "\(run): a catalog that was not trusted changes nothing the library remembers")
            }
            Self.expectNothingHalfWritten(in: library.folder, release: release, run: run)
        }
        if hostile.resumes {
            // From wherever the part ended: bytes that came before the hang-up may not all have reached it.
            #expect(server.requests.contains { $0.contains(".lessonpack bytes=") && !$0.hasSuffix("bytes=0-") },
                    "\(hostile.name): the part kept was never resumed\n\(server.requests.joined(separator: "\n"))")
        }
        withExtendedLifetime(server) {}
    }

    /// The same cases through the built `lessonpack install --catalog`, as a learner runs it, with the tool's own
    /// bounds: each run prints its code and ends with status 1, or installs with status 0. The trickles are left
    /// to the library test above, since the tool's own bounds take minutes to meet.
    @Test(arguments: installCases.filter { !$0.tight })
    func theCommandSaysTheCode(_ hostile: Case) async throws {
        let release = try #require(Self.release.release, "the release could not be made: \(Self.release.problem)")
        let data = TemporaryFolder("lessonpack-hostile-cli")
        let server = try Server(hostile.name, release: release, in: data)
        for (index, expected) in hostile.runs.enumerated() {
            let run = "\(hostile.name), run \(index + 1)"
            // After a run that installed, the next is `update` (a learner's rollback comes that way); otherwise the
            // same install again, since `update` leaves alone what no run has installed.
            let installedBefore = index > 0 && hostile.runs[index - 1] == nil
            let command = installedBefore ? ["update"] : ["install", "--catalog", server.address]
            let result = try await LessonpackBinary.run(command + ["--data-dir", data.path], timeout: 280)
            if let expected {
                #expect(result.status == 1 && result.standardError.contains("[\(expected)]"),
                        "\(run): status \(result.status)\n\(result.standardError)")
            } else {
                #expect(result.status == 0, "\(run): status \(result.status)\n\(result.standardError)")
            }
            Self.expectNothingHalfWritten(in: data.child("library"), release: release, run: run)
        }
        withExtendedLifetime(server) {}
    }

    static func snapshot(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// No work file of an install anywhere in the library; in its downloads folder, only a part that is the true
    /// beginning of the file the catalog lists, which a later run resumes. A part holding anything else would be
    /// finished with the wrong bytes.
    static func expectNothingHalfWritten(in library: String, release: Release, run: String) {
        let names = FileManager.default.enumerator(atPath: library)?.allObjects as? [String] ?? []
        #expect(names.filter { $0.contains(".tmp-") || $0.contains(".incoming") }.isEmpty, "\(run): work files left: \(names)")
        let downloads = library + "/.downloads"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: downloads)) ?? [] {
            let part = [UInt8](FileManager.default.contents(atPath: downloads + "/" + name) ?? Data())
            #expect(name == FileDigest.sha256(of: release.bundle) + ".part", "\(run): \(name) is not a listed file's part")
            #expect(part.count < release.bundle.count && Array(release.bundle.prefix(part.count)) == part,
                    "\(run): \(name) holds \(part.count) bytes that are not the beginning of \(release.bundleFile)")
        }
    }

    // MARK: - A record store: sync posts statements, report reads them back

    static let lrsCases: [(name: String, sync: DiagnosticCode, report: DiagnosticCode, tight: Bool)] = [
        ("lrs-endless", .remoteTooLarge, .remoteTooLarge, false),
        ("lrs-trickle", .remoteUnreachable, .remoteUnreachable, true),
        ("lrs-redirect", .remoteHTTPError, .remoteHTTPError, false),
        ("lrs-more-chain", .remoteHTTPError, .remoteTooLarge, false),
    ]

    @Test(arguments: lrsCases.map(\.name))
    func syncAndReportAgainstAHostileStore(_ name: String) async throws {
        let hostile = try #require(Self.lrsCases.first { $0.name == name })
        let release = try #require(Self.release.release, "the release could not be made: \(Self.release.problem)")
        let folder = TemporaryFolder("lessonpack-hostile-lrs")
        let server = try Server(name, release: release, in: folder)
        let store = try ProgressStore(folder: folder.path)
        for index in 0..<3 {
            try store.noteModuleSeen(Module(id: "m\(index)", title: "A module", version: "1.0.0"), at: Date())
        }
        let fetcher = Self.fetcher(tight: hostile.tight, followRedirects: false)
        let client = try LRSClient(endpoint: server.address + "xAPI/", credentials: nil, fetcher: fetcher)
        let queued = try store.deliveryCounts(to: client.endpoint).unsent
        #expect(queued == 3)
        do throws(StatementSync.Failure) {
            _ = try await StatementSync.run(store, to: client, as: Agent(name: nil, mbox: "mailto:a@example.org"),
                                            policy: .init(batchSize: 10, attempts: 1))
            Issue.record("\(name): the sync succeeded")
        } catch {
            #expect(error.error.code == hostile.sync, "\(name): \(error.error)")
        }
        #expect(try store.deliveryCounts(to: client.endpoint).unsent == queued, "\(name): nothing is marked sent")
        do throws(RemoteError) {
            // Ten thousand pages take minutes from this server: the bound is lowered, the rule is the same.
            _ = try await client.statements(since: nil, pageCountLimit: 50)
            Issue.record("\(name): the report read")
        } catch {
            #expect(error.code == hostile.report, "\(name): \(error)")
        }
        await fetcher.shutdown()
        withExtendedLifetime(server) {}
    }

    // MARK: - The table in the README

    /// The README's tables and this suite list the same cases with the same codes, and the server knows each.
    @Test func theReadmeListsEveryCaseWithItsCode() throws {
        let readme = try String(contentsOfFile: Paths.inPackage("Tests/HostileNetwork/README.md"), encoding: .utf8)
        var expected: [String: String] = [:]
        for line in readme.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            expected[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells.last
        }
        /// The first code in backquotes in each part of a cell, nil for a part that names none.
        func codes(_ cell: String?, separatedBy separator: String) -> [String?] {
            (cell ?? "").components(separatedBy: separator).map { part in
                let quoted = part.components(separatedBy: "`")
                return quoted.count > 2 ? quoted[1] : nil
            }
        }
        for hostile in Self.installCases {
            #expect(codes(expected[hostile.name], separatedBy: "→") == hostile.runs.map { $0?.rawValue }, "\(hostile.name)")
        }
        for hostile in Self.lrsCases {
            #expect(codes(expected[hostile.name], separatedBy: ",") == [hostile.sync.rawValue, hostile.report.rawValue],
                    "\(hostile.name)")
        }
        let names = Self.installCases.map(\.name) + Self.lrsCases.map(\.name)
        #expect(Set(expected.keys) == Set(names))
        let server = try String(contentsOfFile: Paths.inPackage("Tests/HostileNetwork/hostile_server.py"), encoding: .utf8)
        for name in names { #expect(server.contains("@case(\"\(name)\")"), "hostile_server.py has no case \(name)") }
    }
}
