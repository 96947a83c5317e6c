import Foundation
import LessonpackBundle
import TerminalText

/// One line on standard error that rewrites itself as a long build goes, only when standard error is a terminal
/// (a log file gets no carriage-return clutter).
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var shown = false

    init(enabled: Bool = Console.isTerminal(2)) { self.enabled = enabled }

    func show(_ progress: BuildProgress) {
        guard enabled else { return }
        let text: String
        switch progress {
        case .checking(let folder): text = "checking \(folder)"
        case .transcoding(let path, let index, let total): text = "[\(index)/\(total)] transcoded media/\(path)"
        case .packing(let path, let index, let total): text = "[\(index)/\(total)] packing \(path)"
        case .finished: return clear()
        }
        show(text: text)
    }

    /// `text` on the rewriting line when standard error is a terminal; otherwise as a line of its own, so a log
    /// shows the work going on.
    func show(text: String) {
        lock.lock()
        defer { lock.unlock() }
        if enabled {
            Console.styled("\r\u{1B}[K" + TerminalSafe.line(String(text.prefix(100))), terminator: "", toError: true)
            shown = true
        } else {
            Console.error(TerminalSafe.line(text))
        }
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if shown { Console.styled("\r\u{1B}[K", terminator: "", toError: true) }
        shown = false
    }
}
