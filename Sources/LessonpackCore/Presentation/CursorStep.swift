/// A selection moved by a step. Keyboards send ±1, but the browser's events carry any number a page (or anyone
/// with the token) writes, so neither the sum nor the remainder may trap.
enum CursorStep {
    /// Within 0..<count, stopping at either end; 0 when the list is empty.
    static func clamped(_ index: Int, by step: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let (sum, overflow) = index.addingReportingOverflow(step)
        return min(max(0, overflow ? (step > 0 ? count - 1 : 0) : sum), count - 1)
    }

    /// Round the list, past the last back to the first; 0 when the list is empty.
    static func wrapped(_ index: Int, by step: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let moved = index % count + step % count
        return (moved % count + count) % count
    }
}
