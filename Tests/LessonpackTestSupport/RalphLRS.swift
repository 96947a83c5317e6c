import Foundation
import LessonpackSystem

/// A real learning record store: Ralph (ralph-malph, installed by scripts/setup in .build-python/ralph) with its
/// file-system backend, on a loopback port, as the test's own child. Statements land, one per line, in the
/// server's folder (`fs_lrs.jsonl`), where a test counts and compares them. One user, `username` / `password`,
/// is written to its credentials file with Ralph's own `ralph auth` (a test password, on its command line: the
/// server is the test's own and listens on loopback only).
package final class RalphLRS: @unchecked Sendable {
    package static let username = "lessonpack-test"
    package static let password = "correct horse battery staple"

    package let port: Int
    package let folder: String
    /// Guards `process`: a test may stop and start the server from another thread than the one that made it.
    private let lock = NSLock()
    private var process: ChildProcess?

    package var endpoint: String { "http://127.0.0.1:\(port)/xAPI/" }

    static let venv = Paths.inPackage(".build-python/ralph")
    static let app = Paths.inPackage("Tests/LRS")

    /// `NAME:PASSWORD`, as `lessonpack sync --credentials` reads it, in a file of the server's folder.
    package var credentialsFile: String { folder + "/credentials" }

    package init(in folder: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.venv + "/bin/uvicorn") else {
            throw NginxServer.StartFailure(description: "Ralph cannot start: \(Self.venv) is missing or incomplete " +
                                           "(scripts/setup installs ralph-malph there)")
        }
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder + "/statements", withIntermediateDirectories: true)
        try "\(Self.username):\(Self.password)\n".write(toFile: folder + "/credentials", atomically: true, encoding: .utf8)
        let auth = try Self.run(Self.venv + "/bin/ralph", ["auth", "-u", Self.username, "-p", Self.password,
                                                          "-s", "statements/write", "-s", "statements/read",
                                                          "-M", "mailto:lessonpack-tests@example.org", "-w"], in: folder)
        guard auth.status == 0 else {
            throw NginxServer.StartFailure(description: "Ralph cannot start: 'ralph auth' failed: \(auth.output.suffix(600))")
        }
        port = try NginxServer.freePort()
        try start()
    }

    deinit { stop() }

    /// Starts the server (again, after `stop`: same port, same statements).
    package func start() throws {
        var lastLog = ""
        for _ in 0..<3 {
            let log = folder + "/ralph.log"
            // The shell only sends the server's output to its log; env -C starts it in its own folder, since
            // Ralph's settings also read a .env file from where it runs.
            let child: ChildProcess
            do {
                child = try ChildProcess(executable: "/bin/sh", arguments: [
                    "-c", "log=$1; shift; exec \"$@\" >>\"$log\" 2>&1", "ralph", log,
                    "/usr/bin/env", "-C", folder] + Self.environment(folder) + [
                    Self.venv + "/bin/uvicorn", "lessonpack_ralph:app", "--app-dir", Self.app,
                    "--host", "127.0.0.1", "--port", String(port), "--log-level", "warning",
                ])
            } catch {
                throw NginxServer.StartFailure(description: "Ralph cannot start: \(error.description)")
            }
            if NginxServer.waitUntilListening(port: port, process: child, timeout: 30) {
                lock.withLock { process = child }
                return
            }
            child.stop()
            lastLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        }
        throw NginxServer.StartFailure(description: "Ralph cannot start on 127.0.0.1:\(port): \(lastLog.suffix(800))")
    }

    package func stop() {
        let running = lock.withLock { () -> ChildProcess? in
            defer { process = nil }
            return process
        }
        running?.stop()
    }

    private static func environment(_ folder: String) -> [String] {
        ["HOME=\(folder)", "PYTHONDONTWRITEBYTECODE=1", "RALPH_RUNSERVER_BACKEND=fs",
         "RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH=\(folder)/statements",
         "RALPH_AUTH_FILE=\(folder)/auth.json", "RALPH_HISTORY_FILE=\(folder)/history.json"]
    }

    /// Every statement stored, in the order they were stored, as JSON objects.
    package func storedStatements() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: folder + "/statements/fs_lrs.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    package func storedIDs() -> [String] { storedStatements().compactMap { $0["id"] as? String } }

    /// Checks every stored statement with Ralph's own xAPI model (Tests/LRS/validate_statements.py): status 0 and
    /// a summary line when all are valid.
    package func validateStored() throws -> (status: Int32, output: String) {
        try Self.run(Self.venv + "/bin/python", [Self.app + "/validate_statements.py"], in: folder,
                     input: folder + "/statements/fs_lrs.jsonl")
    }

    /// Checks the statements in `file` (JSON lines, or one array) with Ralph's own xAPI model, with no server.
    package static func validate(statementsIn file: String) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: venv + "/bin/python") else {
            throw NginxServer.StartFailure(description: "Ralph's xAPI model cannot be loaded: \(venv) is missing " +
                                           "(scripts/setup installs ralph-malph there)")
        }
        return try run(venv + "/bin/python", [app + "/validate_statements.py"], in: (file as NSString).deletingLastPathComponent,
                       input: file)
    }

    private static func run(_ executable: String, _ arguments: [String], in folder: String,
                            input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = Dictionary(uniqueKeysWithValues: environment(folder).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts[1])
        }).merging(["PATH": "/usr/bin:/bin"]) { first, _ in first }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        if let input { process.standardInput = FileHandle(forReadingAtPath: input) }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
