import Dispatch
import Foundation

/// Runs independent jobs (checking a module, reading a file, building a bundle) on every core and hands back the
/// results in the order the jobs were given, so output reads the same as a one-at-a-time run.
///
/// Workers keep taking the next job while the caller consumes results in order; a worker may run at most a
/// window of jobs ahead of the caller, so memory stays bounded however many jobs there are, and one slow job
/// holds up only the results after it, never the other workers.
package enum OrderedParallelMap {
    /// How many jobs run at once by default: one per core.
    package static var defaultWidth: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `transform` on every item, up to `width` at a time, and `consume` with each result in item order on
    /// the calling thread. An error thrown by `consume` stops the jobs not yet started and is thrown from here.
    package static func run<Item: Sendable, Output: Sendable, Failure: Error>(
        _ items: [Item], width: Int = defaultWidth,
        transform: @escaping @Sendable (Item) -> Output, consume: (Output) throws(Failure) -> Void) throws(Failure) {
        let width = max(1, min(width, items.count))
        if width == 1 {
            for item in items { try consume(transform(item)) }
            return
        }
        // Wide enough that a worker can go on past a slow job while the caller waits for it: files come in
        // families (eight small ones around one long transcript), and a narrow window made the long ones serial.
        let state = State<Output>(window: max(64, width * 16))
        let workers = DispatchGroup()
        // Threads of their own rather than Dispatch's pool, which may be busy with other work (or sized to
        // fewer threads than asked for) and would quietly run the jobs one at a time.
        for _ in 0..<width {
            workers.enter()
            let worker = Thread {
                while let index = state.takeJob(count: items.count) {
                    state.deliver(transform(items[index]), at: index)
                }
                workers.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        defer {
            state.stop()
            workers.wait()
        }
        for index in items.indices {
            try consume(state.result(at: index))
        }
    }

    private final class State<Output: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private let window: Int
        private var results: [Int: Output] = [:]
        private var nextJob = 0
        private var consumed = 0
        private var stopped = false

        init(window: Int) { self.window = window }

        /// The next job's index, once it is within the window of the caller; nil when there is none left.
        func takeJob(count: Int) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped, nextJob < count, nextJob >= consumed + window { condition.wait() }
            guard !stopped, nextJob < count else { return nil }
            nextJob += 1
            return nextJob - 1
        }

        func deliver(_ output: Output, at index: Int) {
            condition.lock()
            results[index] = output
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the result of job `index`, which the caller asks for in order.
        func result(at index: Int) -> Output {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            consumed = index + 1
            condition.broadcast()
            return results.removeValue(forKey: index)!
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
