import LessonpackActivities
import LessonpackModel
import LessonpackCore

/// The dictation driven at random for `ReplayPropertyTests`: lines heard, slowed, written whole or with words
/// dropped, now and then a line the module does not have, and sometimes an early finish.
extension DictationEngine: RandomlyDriven {
    static func randomAction(for engine: DictationEngine, in module: Module, random: inout SeededRandom) -> Action {
        let line = random.chance(90) ? random.pick(module.transcript) : TranscriptLine(id: "l99", speaker: "", text: "",
                                                                                       start: 0, end: 0, audio: "")
        switch random.below(8) {
        case 0: return .hear(line: line.id)
        case 1: return .hearSlowly(line: line.id, speed: random.chance(50) ? 0.75 : 0.5)
        case 7: return random.chance(20) ? .finish : .write(line: line.id, text: "")
        default:
            // The line with a word or two dropped, as a learner might write it.
            let words = line.text.split(separator: " ").filter { _ in random.chance(80) }
            return .write(line: line.id, text: words.joined(separator: " "))
        }
    }
}

extension DictationEngine {
    static var randomSteps: Int { 40 }
}
