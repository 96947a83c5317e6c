import Foundation

/// Goodness-of-fit for the shuffle tests: Pearson's chi-square against a uniform expectation.
package enum Statistics {
    package static func chiSquare(observed: [Int], expected: Double) -> Double {
        observed.reduce(0) { $0 + pow(Double($1) - expected, 2) / expected }
    }

    /// The chi-square value exceeded with probability 0.001 at `degreesOfFreedom` (Wilson–Hilferty): a test that
    /// fails above it is wrong about uniformity, not unlucky, with odds of a thousand to one.
    package static func criticalValue(degreesOfFreedom df: Int) -> Double {
        let k = Double(df)
        let z = 3.090_232  // the standard normal's 0.999 quantile
        return k * pow(1 - 2 / (9 * k) + z * (2 / (9 * k)).squareRoot(), 3)
    }

    /// Whether `observed` counts are consistent with every cell being equally likely.
    package static func looksUniform(_ observed: [Int]) -> Bool {
        let total = observed.reduce(0, +)
        let expected = Double(total) / Double(observed.count)
        return chiSquare(observed: observed, expected: expected) < criticalValue(degreesOfFreedom: observed.count - 1)
    }
}
