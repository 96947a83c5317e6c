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
    /// The status is the tool's exit code, or 128 + the signal that ended it.
    ///
    /// Everything happens on the calling thread: one `poll` over the pipes and the tool's exit, no thread per
    /// stream (media scans run one of these per core, and a tool run should cost what it costs from a shell).
    package func run(_ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
                    input: Data? = nil, capture: Bool = true, timeout: TimeInterval = 60,
                    outputLimit: Int = 16 << 20) throws -> Output {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Our ends of the pipes (-1 once closed), and the tool's ends, which are ours to close once it has them.
        var exchange = Exchange(outputLimit: outputLimit)
        var toolEnds: [Int32] = []
        defer {
            exchange.closeAll()
            toolEnds.forEach { _ = close($0) }
        }
        if input != nil {
            let ends = try Spawn.pipe()
            toolEnds.append(ends.read)
            exchange.input = ends.write
            posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if capture {
            for target: Int32 in [1, 2] {
                let ends = try Spawn.pipe()
                toolEnds.append(ends.write)
                if target == 1 { exchange.output.descriptor = ends.read } else { exchange.error.descriptor = ends.read }
                posix_spawn_file_actions_adddup2(&actions, ends.write, target)
            }
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // The tool stays in our process group, unlike ChildProcess's players: it is part of what this command is
        // doing, so Ctrl-C at the terminal reaches ffmpeg as it reaches us, and nothing of ours is left running
        // when the command is interrupted. (Its timeout kills the tool alone, never the group, which is ours.)
        let pid = try Spawn.start(path, arguments: arguments, environment: environment, directory: directory,
                                  actions: &actions, ownProcessGroup: false)
        toolEnds.forEach { _ = close($0) }
        toolEnds = []
        return exchange.run(pid: pid, input: input ?? Data(), timeout: timeout)
    }
}

/// One run's pipes, fed and drained in one loop on the calling thread until the tool has ended.
private struct Exchange {
    var input: Int32 = -1
    var output: Collected
    var error: Collected
    private var exitWatch: Int32 = -1

    init(outputLimit: Int) {
        output = Collected(limit: outputLimit)
        error = Collected(limit: outputLimit)
    }

    mutating func closeAll() {
        for descriptor in [input, output.descriptor, error.descriptor, exitWatch] where descriptor >= 0 { close(descriptor) }
        (input, output.descriptor, error.descriptor, exitWatch) = (-1, -1, -1, -1)
    }

    mutating func run(pid: pid_t, input data: Data, timeout: TimeInterval) -> ExternalTool.Output {
        // Readable once the tool has ended; without it (a kernel before 5.3) the loop looks every 10 ms.
        exitWatch = Spawn.GNU.pidfdOpen.map { $0(pid, 0) } ?? -1
        if exitWatch < 0 { exitWatch = -1 }

        // A tool may exit without reading its input: the write to its closed pipe must fail, not kill us. SIGPIPE
        // is blocked on this thread only, while the tool runs, and one our write raised is taken before it is
        // unblocked (the process's disposition is not ours to change).
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        var pipeSignalWasPending = false
        var brokenPipe = false
        let feeding = input >= 0 && !data.isEmpty
        if input >= 0, !feeding {
            close(input)
            input = -1
        } else if feeding {
            // Written as the tool takes it, never blocking: a tool that prints before it reads must not deadlock us.
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
            var pending = sigset_t()
            sigpending(&pending)
            pipeSignalWasPending = sigismember(&pending, SIGPIPE) == 1
        }
        defer {
            if feeding {
                if brokenPipe && !pipeSignalWasPending {
                    var immediately = timespec()
                    sigtimedwait(&pipeSignal, nil, &immediately)
                }
                pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            }
        }

        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        var written = 0
        var status: Int32?
        var timedOut = false
        let deadline = Self.now() + timeout
        var killAt = Double.infinity      // SIGKILL, once SIGTERM has gone unheeded
        var giveUpAt = Double.infinity    // stop waiting for a tool SIGKILL has not ended
        var watched = [pollfd](repeating: pollfd(fd: -1, events: 0, revents: 0), count: 4)
        while true {
            let now = Self.now()
            if status == nil {
                if !timedOut, now >= deadline {
                    timedOut = true
                    kill(pid, SIGTERM)
                    killAt = now + 1
                }
                if now >= killAt, !giveUpAt.isFinite {
                    kill(pid, SIGKILL)
                    giveUpAt = now + 1
                }
                if now >= giveUpAt { break }
            }

            watched[0] = pollfd(fd: output.descriptor, events: Int16(POLLIN), revents: 0)
            watched[1] = pollfd(fd: error.descriptor, events: Int16(POLLIN), revents: 0)
            watched[2] = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
            watched[3] = pollfd(fd: status == nil ? exitWatch : -1, events: Int16(POLLIN), revents: 0)
            let pipesOpen = output.descriptor >= 0 || error.descriptor >= 0 || input >= 0
            // Once the tool has ended, whatever it wrote is in the pipes: take what is there, and no more. A child
            // it left running in the background (`sleep 30 &`) may hold them open, and is not waited for.
            if status != nil, !pipesOpen { break }
            let next = !timedOut ? deadline : giveUpAt.isFinite ? giveUpAt : killAt
            var wait: Int32 = status != nil ? 0 : Self.milliseconds(next - now)
            if status == nil, exitWatch < 0 { wait = wait < 0 ? 10 : min(wait, 10) }
            let ready = poll(&watched, 4, wait)
            if ready < 0 {
                if errno != EINTR, errno != EAGAIN { usleep(1000) }
                continue
            }
            if ready == 0, status != nil { break }

            if Self.readable(watched[0]) { output.drain(buffer) }
            if Self.readable(watched[1]) { error.drain(buffer) }
            if watched[2].revents != 0 {
                let result = data.withUnsafeBytes { bytes in
                    write(input, bytes.baseAddress! + written, bytes.count - written)
                }
                if result >= 0 {
                    written += result
                } else if errno == EPIPE {
                    brokenPipe = true
                }
                // Everything written, or the tool will not take the rest: end its input.
                if written == data.count || (result < 0 && errno != EAGAIN && errno != EINTR) {
                    close(input)
                    input = -1
                }
            }
            if status == nil, exitWatch < 0 || watched[3].revents != 0 {
                status = Self.reap(pid, blocking: false)
                if status != nil {
                    output.toolEnded()
                    error.toolEnded()
                }
            }
        }
        if status == nil {
            // SIGKILL has not ended it within a second (it is stuck in the kernel): report the kill, and let a
            // thread of its own reap it whenever it goes.
            Thread { _ = Self.reap(pid, blocking: true) }.start()
        }
        return ExternalTool.Output(status: status ?? 128 + SIGKILL, standardOutput: output.data,
                                   standardError: error.data, timedOut: timedOut,
                                   truncated: output.truncated || error.truncated)
    }

    private static func readable(_ watched: pollfd) -> Bool {
        watched.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// The tool's exit status once it has ended, or nil.
    private static func reap(_ pid: pid_t, blocking: Bool) -> Int32? {
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
            if result == pid { return Spawn.exitStatus(raw) }
            if result < 0, errno == EINTR { continue }
            // Reaped elsewhere (ECHILD): it has ended all the same.
            return result < 0 ? -1 : nil
        }
    }

    /// Seconds on a clock that only goes forward.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `seconds` as poll's timeout, rounded up so the loop does not wake just short of a deadline; -1 for never.
    private static func milliseconds(_ seconds: Double) -> Int32 {
        guard seconds.isFinite else { return -1 }
        guard seconds > 0 else { return 0 }
        return Int32(min((seconds * 1000).rounded(.up), Double(Int32.max)))
    }
}

/// The read end of the tool's standard output or error (-1 once closed), and the first `limit` bytes that came
/// through it. The stream is read on to its end all the same: a tool blocked on a full pipe would otherwise sit
/// there until the deadline.
private struct Collected {
    var descriptor: Int32 = -1
    let limit: Int
    var data = Data()
    var seen = 0

    /// Once the tool has ended, how far the stream may still be read: what the tool wrote is in the pipe, which
    /// holds at most its capacity. Bytes past that come from something it left running (`yes &`), and are not
    /// its output. A count, not a time: on a loaded machine this thread may sleep through any time allowed.
    private var endAt = Int.max

    init(limit: Int) { self.limit = limit }

    var truncated: Bool { seen > limit }

    mutating func toolEnded() {
        guard descriptor >= 0 else { return }
        // F_GETPIPE_SZ (1032) is Linux's; Glibc's module does not name it.
        let capacity = fcntl(descriptor, 1032)
        endAt = seen + (capacity > 0 ? Int(capacity) : 1 << 20)
    }

    /// Reads what is there (the descriptor was readable); closes it at its end.
    mutating func drain(_ buffer: UnsafeMutableRawBufferPointer) {
        // Past the tool's end, no more than its output can still be: what follows is not counted as the tool's.
        let room = endAt == Int.max ? buffer.count : min(buffer.count, endAt - seen)
        guard room > 0 else {
            close(descriptor)
            descriptor = -1
            return
        }
        let count = read(descriptor, buffer.baseAddress, room)
        if count > 0 {
            seen += count
            if data.count < limit { data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<min(count, limit - data.count)])) }
            if seen >= endAt {
                close(descriptor)
                descriptor = -1
            }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(descriptor)
            descriptor = -1
        }
    }
}
