/// Dynamic time warping of two contours (H. Sakoe and S. Chiba, "Dynamic programming algorithm optimization for
/// spoken word recognition", IEEE Trans. ASSP 26(1), 1978), within a band around the diagonal so that memory grows
/// with the length of the line times the band, not with the square of the length.
struct ContourAlignment {
    /// Pairs of frame indexes (model, learner), from the first frames to the last.
    var path: [(model: Int, learner: Int)]

    /// `cost(i, j)`: how different model frame i and learner frame j are.
    init(modelCount n: Int, learnerCount m: Int, cost: (Int, Int) -> Double) {
        guard n > 0, m > 0 else {
            path = []
            return
        }
        // The band follows the rescaled diagonal, so it needs only to be wide enough for the steps between rows
        // (m/n of them) and a fifth of the line for timing that wanders; never more than 400 frames either side,
        // so memory stays linear in the length (a minute's line: about 40 MB at the most).
        let radius = min(400, max(Int((Double(m) / Double(n)).rounded(.up)) + 2, min(n, m) / 5 + 4))
        let width = 2 * radius + 1
        var totals = [Double](repeating: .infinity, count: n * width)
        var steps = [UInt8](repeating: 0, count: n * width)  // 0 diagonal, 1 from the model's previous, 2 from the learner's
        func slot(_ i: Int, _ j: Int) -> Int? {
            let expected = m == 1 || n == 1 ? 0 : Int((Double(i) * Double(m - 1) / Double(n - 1)).rounded())
            let offset = j - expected + radius
            return offset >= 0 && offset < width ? i * width + offset : nil
        }
        for i in 0..<n {
            let expected = n == 1 ? 0 : Int((Double(i) * Double(m - 1) / Double(n - 1)).rounded())
            for j in max(0, expected - radius)...min(m - 1, expected + radius) {
                guard let here = slot(i, j) else { continue }
                let local = cost(i, j)
                if i == 0 && j == 0 {
                    totals[here] = local
                    continue
                }
                var best = Double.infinity, step: UInt8 = 0
                // A diagonal step counts its cost twice, so a path is not cheaper for skipping frames.
                if i > 0, j > 0, let from = slot(i - 1, j - 1), totals[from] + 2 * local < best { best = totals[from] + 2 * local; step = 0 }
                if i > 0, let from = slot(i - 1, j), totals[from] + local < best { best = totals[from] + local; step = 1 }
                if j > 0, let from = slot(i, j - 1), totals[from] + local < best { best = totals[from] + local; step = 2 }
                totals[here] = best
                steps[here] = step
            }
        }
        var pairs: [(Int, Int)] = []
        var i = n - 1, j = m - 1
        while true {
            pairs.append((i, j))
            if i == 0 && j == 0 { break }
            guard let here = slot(i, j) else { break }
            switch steps[here] {
            case 0: i -= 1; j -= 1
            case 1: i -= 1
            default: j -= 1
            }
            if i < 0 || j < 0 { break }
        }
        path = pairs.reversed().map { (model: $0.0, learner: $0.1) }
    }
}
