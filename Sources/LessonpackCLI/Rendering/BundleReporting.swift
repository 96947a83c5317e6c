import Foundation
import LessonpackBundle
import LessonpackDiagnostics

/// How the bundle and library commands report what they found: one line per problem, `FILE: error: message [code]`,
/// the same shape as `check`'s, escaped for the terminal like everything quoted from a bundle.
struct BundleReporting {
    let writer: DiagnosticConsoleWriter

    init(colour: ColourMode = .auto, descriptor: Int32 = 2) {
        writer = DiagnosticConsoleWriter(style: Style(enabled: colour.enabled(for: descriptor)))
    }

    func report(_ diagnostics: [Diagnostic], toError: Bool = true) {
        for diagnostic in diagnostics { Console.styled(writer.render(diagnostic), terminator: "", toError: toError) }
    }

    /// Exit status 2 when a file could not be read at all (missing, not a regular file, not a ZIP), else 1.
    static func status(for diagnostics: [Diagnostic]) -> Int32 {
        let unreadable: Set<String> = ["zip-unreadable", "zip-not-a-zip", "install-failed", "library-busy"]
        return diagnostics.contains { unreadable.contains($0.code.rawValue) } ? 2 : 1
    }
}
