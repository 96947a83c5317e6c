import ArgumentParser
import BundleArchive
import LessonpackDiagnostics
import LessonpackSystem
import Testing
@testable import LessonpackCLI

/// The one engine every command reports through: what it counts, promotes and sorts, and the exit status it decides.
@Suite struct DiagnosticsEngineTests {
    let warning = Diagnostic.warning("w", "a warning", at: SourceLocation(file: "b.plist", line: 1, column: 1))
    let error = Diagnostic.error("e", "an error", at: SourceLocation(file: "a.plist", line: 9, column: 1))

    func engine(werror: Bool = false) -> DiagnosticsEngine {
        DiagnosticsEngine(format: .json, colour: .never, warningsAsErrors: werror)
    }

    @Test func warningsAloneSucceedAndAnErrorIsAProblemFound() {
        let engine = engine()
        engine.emit([warning])
        #expect(engine.status == 0 && engine.warningCount == 1)
        engine.emit([error])
        #expect(engine.status == 1 && engine.counts == "1 error, 1 warning")
    }

    @Test func werrorPromotesAndEachBatchComesSortedByPlace() {
        let engine = engine(werror: true)
        let shown = engine.emit([warning, error])
        #expect(shown.map(\.location.file) == ["a.plist", "b.plist"])
        #expect(engine.errorCount == 2 && engine.status == 1)
    }

    @Test func anUnreadableInputOrAFailureMeansTheWorkCouldNotBeDone() {
        let unreadable = engine()
        unreadable.emit([.failure(.zipUnreadable, "gone", file: "x.lessonpack")], unreadable: DiagnosticsEngine.unreadableBundle)
        #expect(unreadable.status == 2)

        let failed = engine()
        failed.fail(AtomicFile.Failure(path: "out", reason: "no room"))
        #expect(failed.status == 2 && failed.diagnostics.map(\.code) == [.outputWriteFailed])

        let aboutTheInput = engine()
        aboutTheInput.fail(CommandFailure(.versionNotRaised, "not built", status: 1))
        #expect(aboutTheInput.status == 1)
    }

    @Test func finishThrowsTheStatusOnlyWhenThereIsOne() throws {
        let fine = engine()
        fine.emit([warning])
        try fine.finish(command: "test")
        let broken = engine()
        broken.emit([error])
        #expect(throws: ExitCode(1)) { try broken.finish(command: "test") }
    }

    @Test func aFailureThatConcernsNoFileIsTheProgramsOwnWord() {
        let writer = DiagnosticConsoleWriter(style: Style(enabled: false))
        #expect(writer.render(.failure(.keyFileExists, "k exists")) == "lessonpack: error: k exists [key-file-exists]\n")
    }
}
