import Foundation

/// An optional helper program (ffprobe, ffmpeg, a media player) found on the PATH. Lessonpack works without them
/// and says what it skipped; when one is present it runs with a time limit, so a stuck tool cannot hang us.
package struct ExternalTool: Sendable {
    package let name: String
    package let path: String

    package init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// The first executable called `name` on the PATH, or nil.
    package static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ExternalTool? {
        let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalTool(name: name, path: candidate) }
        }
        return nil
    }

    package struct Output: Sendable {
        package var status: Int32
        package var standardOutput: Data
        package var standardError: Data
        package var timedOut: Bool
        /// Standard output or error went past the run's `outputLimit` and was cut there.
        package var truncated = false

        package var succeeded: Bool { status == 0 && !timedOut }
        package var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs the tool with `arguments` and no shell, collecting what it prints; kills it after `timeout` seconds.
    /// `environment` replaces the inherited environment; `input` is fed to its standard input; of each output only
    /// the first `outputLimit` bytes are kept. A tool that leaves
    /// a daemon behind (tmux starting its server) must not `capture` output: the daemon would hold the pipes open.
    package func run(_ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
                    input: Data? = nil, capture: Bool = true, timeout: TimeInterval = 60,
                    outputLimit: Int = 16 << 20) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = capture ? outputPipe : FileHandle.nullDevice
        process.standardError = capture ? errorPipe : FileHandle.nullDevice
        try process.run()
        if let inputPipe, let input {
            // Feed the input from a thread of its own: a tool that prints before it reads would otherwise deadlock
            // us. A tool may exit without reading it; the write to its closed pipe must fail, not kill us, so that
            // thread blocks SIGPIPE and takes the signal its write raised (the process's disposition is not ours
            // to change).
            Thread {
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                try? inputPipe.fileHandleForWriting.write(contentsOf: input)
                try? inputPipe.fileHandleForWriting.close()
                var pending = sigset_t()
                sigpending(&pending)
                if sigismember(&pending, SIGPIPE) == 1 {
                    var immediately = timespec()
                    sigtimedwait(&pipeSignal, nil, &immediately)
                }
            }.start()
        }

        // Drain both pipes while the tool runs, or a chatty tool fills a pipe and blocks forever.
        let collected = CollectedOutput()
        let group = DispatchGroup()
        for (pipe, isError) in capture ? [(outputPipe, false), (errorPipe, true)] : [] {
            group.enter()
            DispatchQueue.global().async {
                // Keep at most `outputLimit` bytes, but read on to the end: a tool blocked on a full pipe would
                // otherwise sit there until the deadline.
                var data = Data()
                var cut = false
                while true {
                    let chunk = pipe.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    if data.count + chunk.count > outputLimit { cut = true }
                    if data.count < outputLimit { data.append(chunk.prefix(outputLimit - data.count)) }
                }
                collected.store(data, isError: isError, truncated: cut)
                group.leave()
            }
        }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        let deadline = DispatchTime.now() + timeout
        if finished.wait(timeout: deadline) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + 1) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                // Foundation notices an exit only once every inherited descriptor is closed, which a child the
                // tool started may delay indefinitely: report the kill without waiting for that.
                _ = finished.wait(timeout: .now() + 1)
            }
            _ = group.wait(timeout: .now() + 1)
            let status = process.isRunning ? -SIGKILL : process.terminationStatus
            return Output(status: status, standardOutput: collected.output, standardError: collected.error,
                          timedOut: true, truncated: collected.truncated)
        }
        // A child the tool started may still hold the pipes open; never wait for it past the deadline.
        _ = group.wait(timeout: max(deadline, .now() + 1))
        return Output(status: process.terminationStatus, standardOutput: collected.output,
                      standardError: collected.error, timedOut: false, truncated: collected.truncated)
    }
}

private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var storedOutput = Data()
    private var storedError = Data()

    private var storedTruncated = false

    func store(_ data: Data, isError: Bool, truncated: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { storedError = data } else { storedOutput = data }
        storedTruncated = storedTruncated || truncated
    }

    var truncated: Bool { lock.lock(); defer { lock.unlock() }; return storedTruncated }

    var output: Data { lock.lock(); defer { lock.unlock() }; return storedOutput }
    var error: Data { lock.lock(); defer { lock.unlock() }; return storedError }
}
