import Foundation
import LessonpackBundle
import LessonpackDiagnostics

/// How the bundle and library commands report what they found: one line per problem, `FILE: error: message [code]`,
/// the same shape as `check`'s, escaped for the terminal like everything quoted from a bundle.
/// A quiet reporter only collects, for a command whose `--format json` document carries the diagnostics.
final class BundleReporting {
    let writer: DiagnosticConsoleWriter
    let quiet: Bool
    /// Everything reported so far, in order.
    private(set) var reported: [Diagnostic] = []

    init(colour: ColourMode = .auto, descriptor: Int32 = 2, quiet: Bool = false) {
        writer = DiagnosticConsoleWriter(style: Style(enabled: colour.enabled(for: descriptor)))
        self.quiet = quiet
    }

    func report(_ diagnostics: [Diagnostic], toError: Bool = true) {
        reported += diagnostics
        guard !quiet else { return }
        for diagnostic in diagnostics { Console.styled(writer.render(diagnostic), terminator: "", toError: toError) }
    }

    /// Exit status 2 when a file could not be read at all (missing, not a regular file, not a ZIP), else 1.
    static func status(for diagnostics: [Diagnostic]) -> Int32 {
        let unreadable: Set<String> = ["zip-unreadable", "zip-not-a-zip", "install-failed", "library-busy"]
        return diagnostics.contains { unreadable.contains($0.code.rawValue) } ? 2 : 1
    }
}
