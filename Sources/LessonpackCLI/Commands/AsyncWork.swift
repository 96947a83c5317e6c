import Dispatch
import Synchronization

/// The command line is synchronous (ArgumentParser's `run`); the HTTP client is not. Runs one piece of async work
/// to its end and hands back what it made (a `Result`, for work that can fail: the work itself must close its
/// clients before it returns, so nothing is still open when the command exits).
enum AsyncWork {
    static func wait<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let result = Mutex<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }!
    }
}
