import ArgumentParser
import BundleArchive
import LessonpackDiagnostics
import LessonpackLibrary

/// Where every diagnostic a command finds goes, as in swift-format's and DocC's engines: it applies `--werror`,
/// sorts and counts, shows each batch on standard error as it comes (text) or keeps it for the document (JSON), and
/// decides the exit status: 0 success, 1 problems found, 2 the work could not be done (usage, unreadable input,
/// I/O). Commands hand it what they find and print only their results, on standard output.
final class DiagnosticsEngine {
    let format: OutputFormat
    let warningsAsErrors: Bool
    /// Per code, what the configuration file chose (`UserConfiguration`): applied before `--werror`.
    var severities: [DiagnosticCode: UserConfiguration.ChosenSeverity] = [:]
    /// `-q`: warnings are counted but not shown, and commands leave out their summaries.
    let quiet: Bool
    /// `-v`: commands add the counts at the end, even when there is nothing.
    let verbose: Bool
    /// The JSON document goes to standard error, and alone there: the command's standard output is a session
    /// (`play`) or a result of its own (`studio`'s address).
    let documentOnStandardError: Bool
    private let writer: DiagnosticConsoleWriter
    private(set) var diagnostics: [Diagnostic] = []
    /// 2 once the work could not be done; a failure about the input itself may say 1.
    private var failureStatus: Int32 = 0

    init(format: OutputFormat, colour: ColourMode, warningsAsErrors: Bool = false, quiet: Bool = false,
         verbose: Bool = false, documentOnStandardError: Bool = false) {
        self.format = format
        self.documentOnStandardError = documentOnStandardError
        self.warningsAsErrors = warningsAsErrors
        self.quiet = quiet
        self.verbose = verbose
        writer = DiagnosticConsoleWriter(style: Style(enabled: colour.enabled(for: 2)))
    }

    var isJSON: Bool { format == .json }
    var errorCount: Int { diagnostics.errorCount }
    var warningCount: Int { diagnostics.warningCount }
    var hasErrors: Bool { diagnostics.hasErrors }
    /// "2 errors, 1 warning".
    var counts: String { LessonpackCLI.counts(diagnostics) }

    /// 0 success, 1 problems found, 2 the work could not be done.
    var status: Int32 { max(failureStatus, hasErrors ? 1 : 0) }

    /// Takes what was found, in the order a person fixes things. An error whose code is in `unreadable` means an
    /// input could not be read at all (missing, not a regular file, not a ZIP): the work could not be done.
    @discardableResult
    func emit(_ found: [Diagnostic], unreadable: Set<DiagnosticCode> = []) -> [Diagnostic] {
        var batch = found.sortedForDisplay().applying(severities)
        if warningsAsErrors { batch = batch.promotingWarningsToErrors() }
        diagnostics += batch
        if batch.contains(where: { $0.severity == .error && unreadable.contains($0.code) }) { failureStatus = 2 }
        if !isJSON { show(batch) }
        return batch
    }

    /// The work could not be done: the failure's diagnostics, shown on standard error in both formats (a script
    /// reading JSON still sees why in its log; where the document itself goes to standard error, it alone says
    /// why), and exit status `status` (by default a `CommandFailure`'s own, else 2).
    func fail(_ failure: some DiagnosticError, status: Int32? = nil) {
        let batch = failure.reportedDiagnostics
        diagnostics += batch
        failureStatus = max(failureStatus, status ?? (failure as? CommandFailure)?.status ?? 2)
        if !(isJSON && documentOnStandardError) { show(batch) }
    }

    /// Whether `code` came up as an error.
    func hasError(_ code: DiagnosticCode) -> Bool { diagnostics.contains { $0.severity == .error && $0.code == code } }

    /// A line of the command's summary ("3 files: 1 formatted"), on standard output for text, unless `-q`.
    func summarise(_ line: String) {
        if !isJSON && !quiet { Console.out(line) }
    }

    /// Ends the command: under `--format json` prints the one document (`body`'s keys in the shared frame), and
    /// throws the exit status unless it is 0. `ok` defaults to "the status is 0".
    func finish<Body: Encodable>(command: String, body: Body, ok: Bool? = nil) throws {
        if !isJSON && verbose { Console.error("\(command): \(counts)") }
        if isJSON {
            Console.json(JSONReport(command: command, ok: ok ?? (status == 0), diagnostics: diagnostics, body: body).rendered(),
                         toError: documentOnStandardError)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Ends a command that has no results to report.
    func finish(command: String) throws { try finish(command: command, body: NoBody()) }

    /// Ends a command that could not start: the frame alone under JSON; returns the status.
    func finishFailure(command: String) -> Int32 {
        if isJSON {
            Console.json(JSONReport(command: command, ok: false, diagnostics: diagnostics, body: NoBody()).rendered(),
                         toError: documentOnStandardError)
        }
        return max(status, 1)
    }

    private func show(_ batch: [Diagnostic]) {
        for diagnostic in batch where !(quiet && diagnostic.severity != .error) {
            Console.styled(writer.render(diagnostic), terminator: "", toError: true)
        }
    }
}

/// The frame alone, for a command with nothing of its own to report.
struct NoBody: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

extension DiagnosticsEngine {
    /// The codes that say a bundle or a library could not be read or reached at all.
    static let unreadableBundle: Set<DiagnosticCode> = [.zipUnreadable, .zipNotAZip, .installFailed, .libraryBusy]
}
