import Foundation

/// A program driven line by line from a test: write to its input, wait for its output to say something, kill it.
package final class InteractiveProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var collected = Data()

    package init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        // A UTF-8 terminal, whatever the machine running the tests says (a test may ask for another).
        merged["LC_ALL"] = "C.UTF-8"
        merged.merge(environment) { _, new in new }
        process.environment = merged
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collected.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    package func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits until the output contains `text` `count` times; false on timeout.
    @discardableResult
    package func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if self.text.components(separatedBy: text).count - 1 >= count { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// SIGKILL: no chance to tidy up, as in a crash or a pulled plug.
    package func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
    }

    package func closeInput() { try? input.fileHandleForWriting.close() }

    /// The process's id, to signal it.
    package var pid: Int32 { process.processIdentifier }

    package func waitUntilExit(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
