import Foundation
import LessonpackAuthoring
import LessonpackModel
import LessonpackSystem

/// *Speak it for now*: a question or answer with no recording yet, or only a stand-in, spoken by espeak-ng so the
/// module can be tried with sound before the teacher records it. The clip is marked `placeholder` in media.plist,
/// so `check` keeps it on the to-do list; a teacher's own recording is never replaced.
package enum StudioSpeech {
    package struct Spoken: Sendable, Encodable, Equatable {
        /// The clip field, and the media path spoken into.
        package var field: String
        package var path: String
    }

    /// `field`: `questions.N.audio` or `questions.N.answers.M.audio`. Speaks the text into the clip the field names
    /// when that is a .wav missing or still a stand-in; when the field is empty (or names a missing clip of another
    /// kind), into `qa/<question id>.wav` (`-a`, `-b`, `-c` for the answers), which then fills the field by its name.
    package static func speak(field: String, in folder: String, module: Module,
                              speak: (_ text: String, _ path: String) throws -> Void) throws(StudioError) -> Spoken {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 || parts.count == 5, parts[0] == "questions", parts.last == "audio",
              let index = Int(parts[1]), module.questions.indices.contains(index) else {
            throw StudioError(.badRequest, "only a question's or an answer's clip can be spoken for now")
        }
        let question = module.questions[index]
        var text = question.text, current = question.audio, name = question.id
        var subject = "Question \(index + 1)"
        if parts.count == 5 {
            guard parts[2] == "answers", let answer = Int(parts[3]), question.answers.indices.contains(answer),
                  answer < 26 else {
                throw StudioError(.badRequest, "only a question's or an answer's clip can be spoken for now")
            }
            let letter = String(UnicodeScalar(UInt8(97 + answer)))
            text = question.answers[answer].text
            current = question.answers[answer].audio
            name += "-" + letter
            subject += ", answer \(letter.uppercased())"
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw StudioError(.badRequest, "\(subject) has no text to speak yet: write it first")
        }
        let media = MediaFolder(moduleFolder: folder)
        let placeholders = Set(module.media.filter(\.isPlaceholder).map(\.path))
        func isStandIn(_ path: String) -> Bool {
            MediaFolder.problem(with: path) == nil && (media.entry(path) == .missing || placeholders.contains(path))
        }
        let target: String
        if !current.isEmpty, current.lowercased().hasSuffix(".wav"), isStandIn(current) {
            target = current
        } else if current.isEmpty || (MediaFolder.problem(with: current) == nil && media.entry(current) == .missing) {
            target = "qa/\(name).wav"
            guard isStandIn(target) else {
                throw StudioError(.exists, "media/\(target) is already a recording: choose it as \(subject)'s clip")
            }
        } else if isStandIn(current) {
            throw StudioError(.badRequest, "\(subject)'s clip is a stand-in that is not a .wav: choose (no clip) as " +
                              "its clip, then Speak it for now")
        } else {
            throw StudioError(.exists, "\(subject) already has its own recording: Speak it for now only stands in " +
                              "for a recording that is missing")
        }
        do {
            try speak(text, target)
        } catch {
            throw StudioError(.cannotSpeak, "\(subject) could not be spoken: \(error)")
        }
        return Spoken(field: field, path: target)
    }
}
