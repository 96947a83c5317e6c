import Foundation
import LessonpackSystem

/// Runs blocking work (waiting for a build, a browser, a server's start) on a thread of its own and suspends the
/// test meanwhile. Swift Testing runs every test on the concurrency pool, which has as many threads as the machine
/// has cores: on a two-core machine, two tests blocked in a long wait stop every other test. CI saw it: while the
/// package and browser tests waited for their children, the trickle and sync tests, which take a second alone, could
/// not run for two minutes and ran into their time limits. A test that waits long waits here.
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// `offThePool` for work that cannot fail.
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

extension ExternalTool {
    /// `run`, waited for off the concurrency pool.
    package func run(_ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
                     input: Data? = nil, capture: Bool = true, timeout: TimeInterval = 60) async throws -> Output {
        try await offThePool {
            try self.run(arguments, in: directory, environment: environment, input: input, capture: capture,
                         timeout: timeout)
        }
    }
}

extension LessonpackBinary {
    /// `run`, waited for off the concurrency pool: what every async test uses.
    package static func run(_ arguments: [String], in directory: String? = nil,
                            environment: [String: String] = [:], standardInput: String? = nil,
                            timeout: TimeInterval = 120) async throws -> Result {
        try await offThePool {
            try run(arguments, in: directory, environment: environment, standardInput: standardInput, timeout: timeout)
        }
    }

    /// `runTool`, waited for off the concurrency pool.
    package static func runTool(_ path: String, _ arguments: [String], in directory: String? = nil,
                                environment: [String: String] = [:], standardInput: String? = nil,
                                timeout: TimeInterval = 120) async throws -> Result {
        try await offThePool {
            try runTool(path, arguments, in: directory, environment: environment, standardInput: standardInput,
                        timeout: timeout)
        }
    }
}

extension InteractiveProcess {
    /// `waitFor`, polling off the concurrency pool.
    package func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 20) async -> Bool {
        await offThePool { self.waitFor(text, count: count, timeout: timeout) }
    }

    /// `waitUntilExit`, polling off the concurrency pool.
    package func waitUntilExit(timeout: TimeInterval = 20) async -> Int32? {
        await offThePool { self.waitUntilExit(timeout: timeout) }
    }
}

/// The learning core for the browser (scripts/build-wasm), built once for the whole test run: the web player's,
/// the LMS packages' and the package script's tests all need it, and a build takes minutes.
package enum PageCore {
    /// The folder is part of the result so that it lives as long as the run: tests read the core until the end.
    private static let build = Task { () async throws -> (TemporaryFolder, String) in
        let folder = TemporaryFolder("page-core")
        let core = folder.child("lessonpack-core.wasm")
        let built = try await LessonpackBinary.runTool(Paths.inPackage("scripts/build-wasm"), [core], timeout: 600)
        guard built.status == 0 else {
            throw LessonpackBinary.RunFailure(description: "the learning core could not be built for the browser: " +
                                              built.standardError)
        }
        return (folder, core)
    }

    /// The path of the built core; throws, saying why, when it cannot be built.
    package static func path() async throws -> String { try await build.value.1 }
}

extension RalphLRS {
    /// `init(in:)`, waited for off the concurrency pool: Ralph takes seconds to start, more on a loaded machine.
    package static func started(in folder: String) async throws -> RalphLRS {
        try await offThePool { try RalphLRS(in: folder) }
    }

    /// `start`, waited for off the concurrency pool.
    package func start() async throws { try await offThePool { try self.start() } }

    /// `validateStored`, waited for off the concurrency pool.
    package func validateStored() async throws -> (status: Int32, output: String) {
        try await offThePool { try self.validateStored() }
    }
}

extension NginxServer {
    /// `init(serving:in:)`, waited for off the concurrency pool.
    package static func started(serving root: String, in folder: String) async throws -> NginxServer {
        try await offThePool { try NginxServer(serving: root, in: folder) }
    }
}

/// Lets one test at a time drive a browser. Each Chromium is several busy processes, and on a two-core machine the
/// studio's, the web player's and the LMS packages' browser tests all at once, beside the builds, slowed the pages
/// until a finger's drag in the web player was lost (CI). Waiting here suspends: no thread is held.
package enum BrowserTurn {
    private actor Turn {
        private var taken = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func take() async {
            guard taken else {
                taken = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func give() {
            if waiting.isEmpty { taken = false } else { waiting.removeFirst().resume() }
        }
    }

    private static let turn = Turn()

    /// Runs `body` when no other test is driving a browser.
    package static func run<T>(_ body: () async throws -> T) async throws -> T {
        await turn.take()
        do {
            let value = try await body()
            await turn.give()
            return value
        } catch {
            await turn.give()
            throw error
        }
    }
}
