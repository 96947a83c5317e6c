import Foundation

/// Pitch contours drawn in Braille: each character cell holds 2 × 4 dots, so a plot `width` cells wide and `height`
/// rows tall has 2·width × 4·height dots. Contours share one time axis; each gets its own strip (model above,
/// learner below) and its own vertical scale in semitones around its median, so shapes compare whatever the voice.
package struct ContourPlot: Sendable {
    package var width: Int
    package var height: Int
    /// Semitones either side of the median a strip shows; values beyond are drawn at the edge.
    package var range: Double

    package init(width: Int = 72, height: Int = 2, range: Double = 8) {
        self.width = max(4, min(width, 400))
        self.height = max(1, min(height, 20))
        self.range = max(1, range)
    }

    /// One strip per contour, `height` lines each. `duration` spans the axis (the longest contour's, by default);
    /// a contour with no voiced frame gives an empty strip.
    package func strips(_ contours: [PitchContour], duration: Double? = nil) -> [[String]] {
        let span = duration ?? contours.map { $0.time(ofFrame: max(0, $0.count - 1)) + $0.step / 2 }.max() ?? 0
        return contours.map { strip($0, duration: span) }
    }

    package func strip(_ contour: PitchContour, duration: Double) -> [String] {
        let dotsWide = width * 2, dotsHigh = height * 4
        var dots = [[Bool]](repeating: [Bool](repeating: false, count: dotsWide), count: dotsHigh)
        let semitones = contour.semitonesFromMedian
        if duration > 0 {
            for (index, value) in semitones.enumerated() {
                guard let value else { continue }
                let x = Int((contour.time(ofFrame: index) / duration * Double(dotsWide)).rounded(.down))
                guard x >= 0, x < dotsWide else { continue }
                let share = (min(range, max(-range, value)) + range) / (2 * range)  // 0 at the bottom, 1 at the top
                let y = dotsHigh - 1 - Int((share * Double(dotsHigh - 1)).rounded())
                dots[y][x] = true
            }
        }
        return (0..<height).map { row in
            String((0..<width).map { column in Self.cell(dots, row: row, column: column) })
        }
    }

    /// The Braille character for one cell: dots 1–3 and 7 in the left column, 4–6 and 8 in the right (Unicode's
    /// order, U+2800 plus one bit per raised dot).
    private static func cell(_ dots: [[Bool]], row: Int, column: Int) -> Character {
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var code: UInt32 = 0x2800
        for line in 0..<4 {
            for side in 0..<2 where dots[row * 4 + line][column * 2 + side] { code |= bits[line][side] }
        }
        return Character(UnicodeScalar(code)!)
    }
}
