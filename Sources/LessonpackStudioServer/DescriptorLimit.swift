#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open descriptors, which every connection takes one of. Most systems start a process with
/// a soft limit of 1,024 under a much higher hard one; the studio raises the soft limit to the hard one, so that the
/// limit that counts is its own connection limit and not the system's.
package enum DescriptorLimit {
    /// Descriptors kept for what is not a connection: the module's files, tools' pipes, the event loops.
    static let reserve = 128
    /// Connections held at most, whatever the descriptors allow: an author's browser opens six at a time.
    static let most = 512

    /// Raises the soft limit to the hard one (as far as the system lets it) and answers the soft limit in force.
    @discardableResult
    package static func raised() -> (soft: Int, connections: Int) {
        var limit = rlimit()
        guard getrlimit(resourceLimit, &limit) == 0 else { return (1024, connections(soft: 1024)) }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resourceLimit, &raised) == 0 { limit = raised }
        }
        let soft = limit.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limit.rlim_cur)
        return (soft, connections(soft: soft))
    }

    /// Half of what the reserve leaves, at most `most`, and never fewer than 8.
    static func connections(soft: Int) -> Int {
        min(most, max(8, (soft - reserve) / 2))
    }

    #if canImport(Glibc)
    private static let resourceLimit = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceLimit = RLIMIT_NOFILE
    #endif
}
