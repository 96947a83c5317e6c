import Foundation
import LessonpackProgress
import LessonpackRuntime
import LessonpackTestSupport
@testable import LessonpackPlayer

/// A session on the sample module, with its own data folder and no sound.
func makeSession(in folder: TemporaryFolder, seed: UInt64 = 1) throws -> PlayerSession {
    let loaded = try LoadedModule.open(Paths.sampleModule, cacheFolder: folder.child("cache"))
    let store = try ProgressStore(folder: folder.child("data"))
    return try PlayerSession(loaded: loaded, store: store, sound: SoundOutput(configured: "none"),
                             recorder: CommandRecorder(configured: "none"), seed: seed,
                             workFolder: folder.child("recordings"), at: Date())
}

/// Plays keys into the app and keeps every frame it draws.
final class ScriptedDisplay: Display {
    var keys: [Key]
    var frames: [Frame] = []
    let size: (rows: Int, columns: Int)

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
