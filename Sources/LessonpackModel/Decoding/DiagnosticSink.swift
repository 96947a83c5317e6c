import LessonpackDiagnostics

/// Collects diagnostics while a module is read; the readers of each file share one.
final class DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []

    func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    func report(contentsOf more: [Diagnostic]) { diagnostics.append(contentsOf: more) }
}
