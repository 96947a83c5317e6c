import Foundation
import Testing
@testable import LessonpackAlign

@Suite struct DynamicTimeWarpingTests {
    @Test func aStretchedSequenceMatchesItsOriginal() {
        let a: [Float] = [0, 1, 2, 3]
        let b: [Float] = [0, 0, 1, 1, 2, 3, 3]
        let path = DynamicTimeWarping.align(a, rows: 4, b, columns: 7, width: 1)
        #expect(path.steps.map { [$0.row, $0.column] } == [[0, 0], [0, 1], [1, 2], [1, 3], [2, 4], [3, 5], [3, 6]])
        #expect(path.cellCosts.allSatisfy { $0 == 0 })
        #expect(path.rowsPerColumn(columns: 7) == [0...0, 0...0, 1...1, 1...1, 2...2, 3...3, 3...3])
    }

    @Test func aPauseInOneSequenceIsAbsorbedByTheOther() {
        // The recording (rows) pauses longer at 0 than the synthesis (columns) does.
        let a: [Float] = [5, 5, 0, 0, 0, 0, 0, 7, 7]
        let b: [Float] = [5, 0, 7]
        let rows = DynamicTimeWarping.align(a, rows: 9, b, columns: 3, width: 1).rowsPerColumn(columns: 3)
        #expect(rows == [0...1, 2...6, 7...8])
    }

    /// Long sequences are searched coarse to fine; on a smooth warp the banded path is the full search's.
    @Test func theBandedSearchFindsTheFullSearchsPath() {
        let rows = 1700, columns = 1300, width = 2
        func features(_ count: Int, warp: (Double) -> Double) -> [Float] {
            (0..<count).flatMap { index -> [Float] in
                let t = warp(Double(index) / Double(count - 1)) * 40
                return [Float(sin(t)), Float(cos(1.7 * t))]
            }
        }
        let a = features(rows) { $0 * $0 * 0.3 + $0 * 0.7 }
        let b = features(columns) { $0 }
        #expect(rows * columns > DynamicTimeWarping.fullSearchCells)
        let banded = DynamicTimeWarping.align(a, rows: rows, b, columns: columns, width: width)
        let full = DynamicTimeWarping.search(a, rows: rows, b, columns: columns, width: width,
                                             window: Array(repeating: 0..<columns, count: rows))
        let bandedRows = banded.rowsPerColumn(columns: columns), fullRows = full.rowsPerColumn(columns: columns)
        let worst = zip(bandedRows, fullRows).map { abs($0.lowerBound - $1.lowerBound) }.max() ?? 0
        #expect(worst <= 2)
    }
}
