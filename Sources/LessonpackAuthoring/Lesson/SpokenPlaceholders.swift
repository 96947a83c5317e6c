import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// Spoken questions and answers with no recording yet, spoken by espeak-ng for now, so a new module can be tried
/// with sound before the teacher records them (`--speak`). Only clips that are missing are made; a teacher's own
/// recording is never replaced.
package enum SpokenPlaceholders {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The clips spoken, by path under media/.
    @discardableResult
    package static func speakQuestions(in folder: String, espeak: ExternalTool? = ExternalTool.find("espeak-ng")) throws
        -> [String] {
        guard let espeak else {
            throw Failure(description: "espeak-ng, which speaks questions for now, is not installed (Debian's 'espeak-ng')")
        }
        let module = try ModuleLoader.load(folder: folder).module
        let media = MediaFolder(moduleFolder: folder)
        var wanted: [(path: String, text: String)] = []
        for question in module.questions {
            wanted.append((question.audio, question.text))
            for answer in question.answers { wanted.append((answer.audio, answer.text)) }
        }
        var spoken: [String] = []
        for (path, text) in wanted where path.lowercased().hasSuffix(".wav") && MediaFolder.problem(with: path) == nil
            && media.entry(path) == .missing && !text.isEmpty {
            try speak(text, to: path, in: folder, espeak: espeak)
            spoken.append(path)
        }
        return spoken
    }

    /// Speaks one text into `path` under the module's media/ (a .wav the module names), replacing what is there:
    /// the studio's *Speak it for now* on a question or answer whose clip is missing or still a stand-in. The caller
    /// decides that the clip is not the teacher's own recording.
    package static func speak(_ text: String, to path: String, in folder: String,
                              espeak: ExternalTool? = ExternalTool.find("espeak-ng")) throws {
        guard let espeak else {
            throw Failure(description: "espeak-ng, which speaks questions for now, is not installed (Debian's 'espeak-ng')")
        }
        guard path.lowercased().hasSuffix(".wav"), MediaFolder.problem(with: path) == nil else {
            throw Failure(description: "media/\(path) cannot be spoken into: espeak-ng makes .wav clips")
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw Failure(description: "there is no text to speak")
        }
        // The clip's folder is opened (made if missing) from the module's without following a link, and the clip
        // written through it: a folder of media/ swapped for a link cannot send it out of the module.
        let place = try MediaFolder(moduleFolder: folder).folder(holding: path, create: true).folder
        // The text goes on standard input, never on the command line, where a leading '-' would be an option.
        let output = try espeak.run(["--stdin", "--stdout"], input: Data(text.utf8), timeout: 60, outputLimit: 64 << 20)
        guard output.succeeded, !output.standardOutput.isEmpty else {
            throw Failure(description: "espeak-ng could not speak '\(text)': \(output.errorText)")
        }
        try AtomicFile.write(output.standardOutput, named: (path as NSString).lastPathComponent, in: place)
    }
}

extension SpokenPlaceholders.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.speakingFailed, description)] }
}

extension DiagnosticCode {
    /// `--speak`: espeak-ng is not installed, or could not speak a question or an answer.
    package static let speakingFailed: DiagnosticCode = "speaking-failed"
}
