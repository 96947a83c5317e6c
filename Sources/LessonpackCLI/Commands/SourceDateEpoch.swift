import Foundation

enum SourceDateEpoch {
    /// SOURCE_DATE_EPOCH, the reproducible-builds convention. ZIP stores local times, so fix the zone to UTC for
    /// the rest of this process: the same epoch then gives the same bytes in every time zone.
    static func read() throws -> Int64? {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !text.isEmpty else { return nil }
        guard let value = Int64(text), value >= 0 else {
            throw CommandFailure(.sourceDateEpochInvalid, "SOURCE_DATE_EPOCH must be a number of seconds since 1970, not '\(text)'")
        }
        setenv("TZ", "UTC0", 1)
        tzset()
        return value
    }
}
