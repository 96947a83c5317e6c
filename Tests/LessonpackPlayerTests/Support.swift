import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackRuntime
import LessonpackTestSupport
@testable import LessonpackPlayer

/// A session on the sample module (or `module`), with its own data folder and no sound. Only one session holds a
/// data folder at a time: let go of one before making the next on the same folder.
func makeSession(in folder: TemporaryFolder, seed: UInt64 = 1, module: String = Paths.sampleModule,
                 recorder: String = "none") throws -> PlayerSession {
    let loaded = try LoadedModule.open(module, cacheFolder: folder.child("cache"))
    let lock = try PlayerLock(folder: folder.child("data"))
    let store = try ProgressStore(folder: folder.child("data"))
    return try PlayerSession(loaded: loaded, store: store, lock: lock, sound: SoundOutput(configured: "none"),
                             recorder: CommandRecorder(configured: recorder), seed: seed,
                             workFolder: folder.child("recordings"), at: Date())
}

/// Opens an activity and hands back its run, typed.
func open<Presenter: ActivityPresenter>(_ presenter: Presenter.Type, in session: PlayerSession,
                                        at now: Date = Date()) throws -> ActivityRun<Presenter> {
    let opened = try session.open(Presenter.Engine.kind, at: now)
    guard let run = opened.run as? ActivityRun<Presenter> else { fatalError("the registry opened another presenter") }
    return run
}

/// Plays keys into the app and keeps every frame it draws.
final class ScriptedDisplay: Display {
    var keys: [Key]
    var frames: [Frame] = []
    let size: (rows: Int, columns: Int)
    /// Draw as for a terminal that is not set up for UTF-8.
    var ascii = false

    init(keys: [Key], rows: Int = 30, columns: Int = 100) {
        self.keys = keys
        size = (rows, columns)
    }

    func show(_ frame: Frame) { frames.append(frame) }

    func nextKey(timeout: Double) -> Key? {
        keys.isEmpty ? .interrupt : keys.removeFirst()
    }

    var lastScreen: String { frames.last?.text.joined(separator: "\n") ?? "" }
}

extension Array where Element == Key {
    static func typing(_ text: String) -> [Key] { text.map { $0 == " " ? .space : .character($0) } }
}

/// Plays lines into plain mode and keeps what it prints.
func playPlain(_ lines: [String], in folder: TemporaryFolder, seed: UInt64 = 1) throws -> String {
    let session = try makeSession(in: folder, seed: seed)
    var input = lines[...]
    var output = ""
    PlainDriver(session: session, readLine: { input.popFirst() }, write: { output += $0 }, echo: true).run()
    session.close()
    return output
}
