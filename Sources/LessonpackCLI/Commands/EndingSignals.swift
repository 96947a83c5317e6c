import Foundation
import LessonpackSystem

/// Ctrl-C, a closed terminal or `kill` end plain play as they always did, but first stop the media players and
/// recorders: those run in process groups of their own, so the terminal's signals no longer reach them. (The full
/// screen catches these signals itself and closes tidily.)
enum EndingSignals {
    /// Keep the result alive for as long as the signals should be handled.
    static func install() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                ChildProcess.stopEverything()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
