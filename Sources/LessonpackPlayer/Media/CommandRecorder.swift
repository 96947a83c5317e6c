import Foundation
import LessonpackDiagnostics
import LessonpackSystem

/// Records the learner through a program installed on the machine: arecord, sox or ffmpeg, or a configured
/// command (`{output}` is the WAV file to write, `{seconds}` how long to record at most). The recorder runs in the
/// background, so the screen goes on counting down, and the learner may stop it early.
package struct CommandRecorder: Sendable {
    package let unavailableReason: String?
    private let template: CommandTemplate?
    private let executable: String?

    package init(configured: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if configured == "none" {
            (template, executable, unavailableReason) = (nil, nil, "recording is turned off")
            return
        }
        if let configured {
            let template = CommandTemplate(configured)
            let program = template.program.flatMap { $0.hasPrefix("/") ? $0 : ExternalTool.find($0, environment: environment)?.path }
            (self.template, executable) = (template, program)
            unavailableReason = program == nil ? "the configured recorder '\(template.program ?? "")' is not installed" : nil
            return
        }
        let candidates: [(String, String)] = [
            ("arecord", "arecord -q -f S16_LE -r 16000 -c 1 -d {whole-seconds} {output}"),
            ("sox", "sox -q -d -r 16000 -c 1 -b 16 {output} trim 0 {seconds}"),
            ("ffmpeg", "ffmpeg -v error -y -f alsa -i default -t {seconds} -ac 1 -ar 16000 {output}"),
        ]
        let found = candidates.lazy.compactMap { name, command in
            ExternalTool.find(name, environment: environment).map { ($0.path, CommandTemplate(command)) }
        }.first
        (executable, template) = (found?.0, found?.1)
        if found == nil {
            unavailableReason = "no recorder is installed (arecord, sox or ffmpeg): recording is off"
        } else if !SoundOutput.hasSoundDevice(environment: environment) {
            unavailableReason = "no sound device was found: recording is off"
        } else {
            unavailableReason = nil
        }
    }

    /// Starts recording into `path` (a WAV file) for at most `seconds`. Interrupting the process ends the recording
    /// early with the file properly closed.
    package func start(to path: String, seconds: Double) throws(PlayerProblem) -> ChildProcess {
        if let unavailableReason { throw PlayerProblem(.recordingUnavailable, unavailableReason) }
        guard let template, let executable else { throw PlayerProblem(.recordingUnavailable, "no recorder") }
        let arguments = template.arguments(["output": path, "seconds": String(format: "%.1f", seconds),
                                            "whole-seconds": String(Int(min(max(1, seconds), 3_600).rounded(.up)))])
        do { return try ChildProcess(executable: executable, arguments: arguments) } catch {
            throw PlayerProblem(.recordingFailed, "cannot start the recorder: \(SystemErrorText.describe(error))")
        }
    }
}
