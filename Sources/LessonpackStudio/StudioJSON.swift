import Foundation

/// How the studio writes JSON for its page: keys sorted (answers compare and diff stably), and numbers JSON cannot
/// hold (a manifest's or a learner's NaN) as strings rather than a failed answer.
package enum StudioJSON {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf",
                                                                       nan: "nan")
        return encoder
    }
}
