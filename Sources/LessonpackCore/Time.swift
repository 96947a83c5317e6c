#if hasFeature(Embedded)
/// A moment, as the engines take it: in the browser, the page's clock (milliseconds since 1970, divided by a
/// thousand). The engines only compare moments and subtract one from another, which is all this offers; natively
/// the same name is Foundation's Date, so the engines' source is the same in both builds.
package struct Date: Sendable, Hashable, Comparable {
    package var timeIntervalSince1970: Double

    package init(timeIntervalSince1970: Double) { self.timeIntervalSince1970 = timeIntervalSince1970 }

    package func timeIntervalSince(_ other: Date) -> Double { timeIntervalSince1970 - other.timeIntervalSince1970 }

    package func addingTimeInterval(_ seconds: Double) -> Date { Date(timeIntervalSince1970: timeIntervalSince1970 + seconds) }

    package static func < (lhs: Date, rhs: Date) -> Bool { lhs.timeIntervalSince1970 < rhs.timeIntervalSince1970 }
}

package typealias TimeInterval = Double
#else
// Natively the engines take Foundation's Date, as every caller of theirs does; only its type crosses in.
@_exported import struct Foundation.Date
@_exported import typealias Foundation.TimeInterval
#endif
