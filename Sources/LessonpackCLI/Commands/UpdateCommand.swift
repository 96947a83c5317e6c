import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackLibrary
import LessonpackProgress
import LessonpackRemote
import Synchronization
import TerminalText

struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Update the modules you installed from a publisher's web catalog.",
        discussion: """
            Fetches each catalog you installed from with 'install --catalog https://…/' (one conditional request \
            when it has not changed), checks its signature against the publisher's key you trusted, and downloads \
            only the bundles whose version rose, resuming a download that was cut off. A version older than the \
            one installed is refused unless --allow-downgrade. docs/publishing.md has the details.

            Examples:
              lessonpack update
              lessonpack update at-the-cafe --key publisher.pub
            """)

    @Argument(help: "Module ids to update (default: every module installed from a web catalog).")
    var modules: [String] = []

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let (library, trust) = try libraryOptions.open()
        try RemoteCatalogRun(library: library, trust: trust, engine: libraryOptions.output.engine()).update(modules)
    }
}

/// `install --catalog https://…` and `update`: the remote library driven from the synchronous command line, its
/// events rendered on standard error and its outcomes as `install` renders a catalog folder's.
struct RemoteCatalogRun {
    let library: ModuleLibrary
    let trust: ModuleLibrary.Trust
    let engine: DiagnosticsEngine

    func install(_ address: String) throws {
        let outcome = try run { remote, options throws(RemoteError) in [try await remote.install(catalog: address, options: options)] }
        try render(outcome, command: "install")
    }

    func update(_ ids: [String]) throws {
        let outcomes = try run { remote, options throws(RemoteError) in try await remote.update(only: ids, options: options) }
        if outcomes.isEmpty && !engine.isJSON {
            engine.summarise("No module was installed from a web catalog: 'lessonpack install --catalog https://…/' adds one.")
            return
        }
        try render(outcomes, command: "update")
    }

    private func run(_ work: @escaping @Sendable (RemoteLibrary, RemoteLibrary.Options) async throws(RemoteError)
                        -> [RemoteLibrary.SourceOutcome]) throws -> [RemoteLibrary.SourceOutcome] {
        let remote = RemoteLibrary(library: library)
        let progress = DownloadProgress(quiet: engine.isJSON || engine.quiet)
        let options = RemoteLibrary.Options(key: trust.key, allowDowngrade: trust.allowDowngrade) { progress.show($0) }
        let result = AsyncWork.wait { () async -> Result<[RemoteLibrary.SourceOutcome], RemoteError> in
            let outcome: Result<[RemoteLibrary.SourceOutcome], RemoteError>
            do throws(RemoteError) { outcome = .success(try await work(remote, options)) } catch { outcome = .failure(error) }
            await remote.shutdown()
            return outcome
        }
        progress.finish()
        switch result {
        case .success(let outcomes): return outcomes
        case .failure(let error): throw error
        }
    }

    private func render(_ outcomes: [RemoteLibrary.SourceOutcome], command: String) throws {
        var report = InstallJSON()
        var failed = false
        for outcome in outcomes {
            if let failure = outcome.failure {
                engine.emit([failure])
                failed = true
            }
            guard outcome.release != nil else { continue }
            let counts = CatalogCounts(outcome.modules, source: outcome.url, engine: engine, report: &report)
            failed = failed || counts.failed > 0
            engine.summarise("\(TerminalSafe.line(outcome.url)) release \(outcome.release ?? 0): \(counts.summary)")
        }
        try engine.finish(command: command, body: report, ok: !failed)
        if failed { throw ExitCode(1) }
    }
}

/// What the remote library says while it works: trust decisions always, downloads as a line that rewrites itself
/// on a terminal, or a line when each starts otherwise.
final class DownloadProgress: Sendable {
    private let quiet: Bool
    private let line = ProgressLine()
    private let terminal = Console.isTerminal(2)
    private let lastShown = Mutex<(file: String, percent: Int)>(("", -1))

    init(quiet: Bool) { self.quiet = quiet }

    func show(_ event: RemoteLibrary.Event) {
        switch event {
        case .trustedOnFirstUse(let url, let keyID):
            Console.error("note: trusting key \(keyID) for \(TerminalSafe.line(url)) from now on; check with your " +
                          "publisher that it is theirs, or pass --key with their public key")
        case .keyReplaced(let url, let from, let to):
            Console.error("warning: \(TerminalSafe.line(url)) was trusted with key \(from); from now on key \(to), " +
                          "the one you gave, is trusted instead")
        case .catalogUnchanged:
            break
        case .downloading(let file, let have, let size, let resumedFrom):
            guard !quiet else { return }
            let percent = size == 0 ? 100 : Int(Double(have) / Double(size) * 100)
            let changed = lastShown.withLock { last in
                defer { last = (file, percent) }
                return last.file != file || last.percent != percent
            }
            guard changed else { return }
            let name = TerminalSafe.line(file)
            if terminal {
                line.show(text: "downloading \(name): \(percent)% of \(Self.megabytes(size))")
            } else if resumedFrom > 0 {
                Console.error("resuming \(name) from \(Self.megabytes(resumedFrom)) of \(Self.megabytes(size))")
            } else if have == 0 {
                Console.error("downloading \(name) (\(Self.megabytes(size)))")
            }
        }
    }

    func finish() { line.clear() }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
