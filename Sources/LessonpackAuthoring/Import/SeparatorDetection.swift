/// Which separator a delimited file uses, when nothing says so: spreadsheets write commas, or semicolons where the
/// comma is the decimal separator (LibreOffice and Excel in French, German, Spanish, …), or tabs; a few tools
/// write pipes.
///
/// Each candidate reads the first rows, quotes and all, up to a quoting error if it meets one: `"to go";noun;…`
/// read with commas is a quote followed by text, so commas read no row of it. The separator that splits every row
/// it read into the same number of fields, at least two, wins; between two that do, the one that read its rows
/// without a quoting error. When no candidate manages every row (a row short of a column), the one most rows
/// agree on wins. Ties go to the candidate giving more fields (a separator also found inside the text splits rows
/// less often than the real one), then to the order of `candidates`: tab, semicolon, comma, pipe, from the least
/// to the most likely to be found in prose. A real quoting error is then reported where it is, by the reading
/// with the separator chosen.
struct SeparatorDetection: Equatable {
    static let candidates: [Character] = ["\t", ";", ",", "|"]
    /// Rows read per candidate.
    static let sampleSize = 20

    var separator: Character
    /// Other candidates that split every sampled row consistently too: the choice was a tie-break.
    var alsoFitting: [Character]

    /// The separator of `text`, nil when no candidate splits its rows into two fields or more.
    static func detect(_ text: String, firstLine: Int = 1, comment: Character? = nil) -> SeparatorDetection? {
        struct Score {
            var separator: Character
            var order: Int
            var clean: Bool
            var consistent: Bool
            /// Rows with the most common number of fields, per row read.
            var agreement: Double
            var fields: Int

            func beats(_ other: Score) -> Bool {
                if consistent != other.consistent { return consistent }
                if clean != other.clean { return clean }
                if agreement != other.agreement { return agreement > other.agreement }
                if fields != other.fields { return fields > other.fields }
                return order < other.order
            }
        }
        var scores: [Score] = []
        for (order, separator) in candidates.enumerated() {
            let (rows, problem) = DelimitedReader.scan(text, separator: separator, firstLine: firstLine,
                                                       comment: comment, limit: sampleSize)
            guard !rows.isEmpty else { continue }
            var tally: [Int: Int] = [:]
            for row in rows { tally[row.fields.count, default: 0] += 1 }
            // The most common count; between equally common ones, the larger.
            guard let (fields, agreeing) = tally.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }),
                  fields >= 2 else { continue }
            scores.append(Score(separator: separator, order: order, clean: problem == nil,
                                consistent: agreeing == rows.count,
                                agreement: Double(agreeing) / Double(rows.count), fields: fields))
        }
        guard let best = scores.min(by: { $0.beats($1) }) else { return nil }
        let others = best.consistent && best.clean
            ? scores.filter { $0.consistent && $0.clean && $0.separator != best.separator } : []
        return SeparatorDetection(separator: best.separator, alsoFitting: others.map(\.separator))
    }

    /// "semicolons", for messages.
    static func name(_ separator: Character) -> String {
        switch separator {
        case ",": "commas"
        case ";": "semicolons"
        case "\t": "tabs"
        case " ": "spaces"
        case "|": "pipes (|)"
        case ":": "colons"
        default: "'\(separator)'"
        }
    }
}
