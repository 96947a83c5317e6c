import Foundation

/// The cheapest monotone path matching every frame of one sequence (the recording, rows) with the frames of
/// another (the synthesised speech, columns). Long sequences are aligned coarse to fine, as FastDTW does: the path
/// found on sequences halved in length bounds where the full-length path is searched, so the cost grows with the
/// length, not with its square.
package enum DynamicTimeWarping {
    /// Above this many cells a level is not searched in full but inside a band around the coarser level's path.
    package static let fullSearchCells = 2_000_000
    /// How many frames either side of the coarser path the band reaches.
    package static let bandRadius = 24

    /// The path from (0, 0) to (rows - 1, columns - 1) as (row, column) pairs, each step one row, one column or
    /// both further on, and its cost per cell.
    package struct Path: Sendable {
        package var steps: [(row: Int, column: Int)]
        package var cellCosts: [Float]

        /// For each column, the first and the last row matched with it.
        package func rowsPerColumn(columns: Int) -> [ClosedRange<Int>] {
            var first = [Int](repeating: Int.max, count: columns)
            var last = [Int](repeating: Int.min, count: columns)
            for (row, column) in steps {
                first[column] = min(first[column], row)
                last[column] = max(last[column], row)
            }
            return (0..<columns).map { first[$0]...last[$0] }
        }
    }

    /// Aligns `rows` × `columns` frames of `width` features each (frames one after another in the arrays).
    package static func align(_ a: [Float], rows: Int, _ b: [Float], columns: Int, width: Int) -> Path {
        precondition(rows > 0 && columns > 0)
        if rows * columns <= fullSearchCells || min(rows, columns) < 4 * bandRadius {
            return search(a, rows: rows, b, columns: columns, width: width,
                          window: Array(repeating: 0..<columns, count: rows))
        }
        let (coarseA, coarseRows) = halve(a, count: rows, width: width)
        let (coarseB, coarseColumns) = halve(b, count: columns, width: width)
        let coarse = align(coarseA, rows: coarseRows, coarseB, columns: coarseColumns, width: width)
        return search(a, rows: rows, b, columns: columns, width: width,
                      window: window(around: coarse, rows: rows, columns: columns))
    }

    /// Each pair of frames averaged into one (a last odd frame kept as it is).
    static func halve(_ frames: [Float], count: Int, width: Int) -> ([Float], Int) {
        let halved = (count + 1) / 2
        var result = [Float](repeating: 0, count: halved * width)
        for index in 0..<halved {
            let first = 2 * index, second = min(2 * index + 1, count - 1)
            for k in 0..<width {
                result[index * width + k] = (frames[first * width + k] + frames[second * width + k]) / 2
            }
        }
        return (result, halved)
    }

    /// For each row of the finer level, the columns within `bandRadius` of the coarser path's cells, made
    /// monotone so that a path through the band always exists.
    static func window(around coarse: Path, rows: Int, columns: Int) -> [Range<Int>] {
        var low = [Int](repeating: Int.max, count: rows)
        var high = [Int](repeating: Int.min, count: rows)
        for (row, column) in coarse.steps {
            for fineRow in (2 * row)...min(2 * row + 1, rows - 1) {
                low[fineRow] = min(low[fineRow], 2 * column)
                high[fineRow] = max(high[fineRow], min(2 * column + 1, columns - 1))
            }
        }
        var window: [Range<Int>] = []
        window.reserveCapacity(rows)
        for row in 0..<rows {
            let from = max(0, (low[max(0, row - bandRadius)...min(rows - 1, row + bandRadius)].min() ?? 0) - bandRadius)
            let to = min(columns - 1, (high[max(0, row - bandRadius)...min(rows - 1, row + bandRadius)].max() ?? columns - 1) + bandRadius)
            window.append(from..<(to + 1))
        }
        window[0] = 0..<window[0].upperBound
        window[rows - 1] = window[rows - 1].lowerBound..<columns
        // Monotone: each row's window starts no earlier, and ends no earlier, than the row before's.
        for row in 1..<rows where window[row].lowerBound < window[row - 1].lowerBound {
            window[row] = window[row - 1].lowerBound..<max(window[row].upperBound, window[row - 1].lowerBound + 1)
        }
        for row in stride(from: rows - 2, through: 0, by: -1) where window[row].upperBound > window[row + 1].upperBound {
            window[row] = window[row].lowerBound..<window[row + 1].upperBound
        }
        return window
    }

    /// Dynamic programming over the cells of `window` (per row, the columns searched).
    static func search(_ a: [Float], rows: Int, _ b: [Float], columns: Int, width: Int,
                       window: [Range<Int>]) -> Path {
        var offsets = [Int](repeating: 0, count: rows + 1)
        for row in 0..<rows { offsets[row + 1] = offsets[row] + window[row].count }
        var total = [Float](repeating: .infinity, count: offsets[rows])
        var local = [Float](repeating: 0, count: offsets[rows])
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                total.withUnsafeMutableBufferPointer { total in
                    local.withUnsafeMutableBufferPointer { local in
                        for row in 0..<rows {
                            let span = window[row], base = offsets[row]
                            let above = row > 0 ? window[row - 1] : 0..<0
                            let aboveBase = row > 0 ? offsets[row - 1] : 0
                            for column in span {
                                var distance: Float = 0
                                for k in 0..<width {
                                    let d = a[row * width + k] - b[column * width + k]
                                    distance += d * d
                                }
                                distance = distance.squareRoot()
                                let cell = base + column - span.lowerBound
                                local[cell] = distance
                                if row == 0 && column == 0 {
                                    total[cell] = distance
                                    continue
                                }
                                var best = Float.infinity
                                if column > span.lowerBound { best = total[cell - 1] }
                                if above.contains(column) { best = min(best, total[aboveBase + column - above.lowerBound]) }
                                if column > 0, above.contains(column - 1) {
                                    best = min(best, total[aboveBase + column - 1 - above.lowerBound])
                                }
                                total[cell] = best + distance
                            }
                        }
                    }
                }
            }
        }
        // Back from the end, each step to the cheapest of the three cells it could have come from.
        func cost(_ row: Int, _ column: Int) -> Float {
            guard row >= 0, column >= 0, window[row].contains(column) else { return .infinity }
            return total[offsets[row] + column - window[row].lowerBound]
        }
        var steps: [(row: Int, column: Int)] = [(rows - 1, columns - 1)]
        var costs: [Float] = [local[offsets[rows - 1] + columns - 1 - window[rows - 1].lowerBound]]
        var (row, column) = (rows - 1, columns - 1)
        while row > 0 || column > 0 {
            let diagonal = cost(row - 1, column - 1), up = cost(row - 1, column), left = cost(row, column - 1)
            if diagonal <= up && diagonal <= left {
                row -= 1
                column -= 1
            } else if up <= left {
                row -= 1
            } else {
                column -= 1
            }
            steps.append((row, column))
            costs.append(local[offsets[row] + column - window[row].lowerBound])
        }
        return Path(steps: steps.reversed(), cellCosts: costs.reversed())
    }
}
