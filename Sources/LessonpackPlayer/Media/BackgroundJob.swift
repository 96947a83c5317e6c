import Foundation

/// Work that takes a moment (decoding, pitch tracking, slowing a clip down) run on a thread of its own, so the
/// screen keeps drawing; the input loop asks, as it goes, whether it is done.
final class BackgroundJob<Output: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var output: Output?
    private let finished = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Output) {
        DispatchQueue.global(qos: .userInitiated).async {
            let made = work()
            self.lock.withLock { self.output = made }
            self.finished.signal()
        }
    }

    /// What the work made, once it is done; nil while it runs.
    var result: Output? { lock.withLock { output } }

    /// Waits for the work, for front ends that cannot draw meanwhile.
    func wait() -> Output {
        finished.wait()
        finished.signal()
        return result!
    }
}
