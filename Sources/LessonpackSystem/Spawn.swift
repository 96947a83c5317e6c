import Foundation

/// Starting a program with posix_spawn, as `ChildProcess` and `ExternalTool` both do: no shell, default signal
/// handling and no signals blocked in the child, and no descriptor of ours but the three standard ones.
enum Spawn {
    /// Starts `executable` (which is also its argv[0]) with `arguments`. `actions` set up its standard input and
    /// output; every other descriptor is closed in the child, whether or not whoever opened it asked for that.
    /// `environment` replaces ours (nil: it inherits ours); `directory` is where it starts (nil: where we are).
    /// `ownProcessGroup` puts it at the head of a group of its own.
    static func start(_ executable: String, arguments: [String], environment: [String: String]? = nil,
                      directory: String? = nil, actions: inout posix_spawn_file_actions_t,
                      ownProcessGroup: Bool) throws(POSIXError) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        // No signal blocked, whatever the starting thread blocks (ExternalTool blocks SIGPIPE while it feeds input).
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        // Default handling of every signal: an ignored one stays ignored across exec otherwise, and the player
        // ignores SIGINT, SIGTERM and SIGHUP itself (EndingSignals), while a library may ignore SIGPIPE.
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)

        if let directory {
            guard let addChdir = GNU.addChdir else { throw POSIXError(.ENOSYS) }
            let result = addChdir(&actions, directory)
            guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        }
        // Our descriptors are all close-on-exec; this catches any a library opened without the flag.
        _ = GNU.addCloseFrom.map { $0(&actions, 3) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child: pid_t = 0
        func attempt() -> Int32 {
            if let envp { return posix_spawn(&child, executable, &actions, &attributes, argv, envp) }
            return posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        }
        var result = attempt()
        // A script just written may still be open for writing in a process another thread is starting; that
        // passes in a moment.
        for _ in 0..<20 where result == ETXTBSY {
            usleep(10_000)
            result = attempt()
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return child
    }

    /// A pipe whose two ends are closed on exec: (read, write).
    static func pipe() throws(POSIXError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        if let pipe2 = GNU.pipe2 {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        } else {
            // Without pipe2 the ends are open without the flag for a moment; `start` closes them in our children
            // all the same.
            guard Glibc.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        return (ends[0], ends[1])
    }

    /// The exit status a shell would report for a raw `waitpid` status: the code, or 128 + the signal that ended it.
    static func exitStatus(_ raw: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS, which Swift does not import: the low seven bits are the signal, if any.
        (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    /// GNU extensions of the C library that Swift does not import (they are declared only under _GNU_SOURCE), looked
    /// up once by name; nil where the C library lacks one.
    enum GNU {
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

        /// glibc 2.29.
        static let addChdir = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
        /// glibc 2.34.
        static let addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)
        static let pipe2 = symbol("pipe2", as: Pipe2.self)
        /// glibc 2.36 (and Linux 5.3): a descriptor that becomes readable when the process ends.
        static let pidfdOpen = symbol("pidfd_open", as: PidfdOpen.self)

        private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
            // RTLD_DEFAULT: the C library is loaded already.
            dlsym(nil, name).map { unsafeBitCast($0, to: type) }
        }
    }
}
