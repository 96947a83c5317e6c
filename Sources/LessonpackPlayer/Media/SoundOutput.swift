import Foundation
import LessonpackSystem

/// Plays audio and video through a program installed on the machine: mpv or ffplay for any format (video in a
/// window of its own when there is a desktop to open one on, its sound alone otherwise), paplay or aplay for WAV.
/// When there is none, or no sound device, `unavailableReason` says why once, and playing does nothing: every
/// activity stays usable without sound.
package final class SoundOutput: @unchecked Sendable {
    package let unavailableReason: String?
    private let template: CommandTemplate?
    private var videoTemplate: CommandTemplate?
    private let wavOnly: Bool
    private let executable: String?
    private var current: ChildProcess?
    /// Counts what has been played, so a stop scheduled for one clip never stops the next.
    private var generation = 0
    private let lock = NSLock()

    /// `configured` is a command template (`{file}`, `{start}` in seconds), "none", or nil to find a player.
    package init(configured: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if configured == "none" {
            (template, wavOnly, executable, unavailableReason) = (nil, false, nil, "sound is turned off")
            return
        }
        if let configured {
            let template = CommandTemplate(configured)
            let program = template.program.flatMap { $0.hasPrefix("/") ? $0 : ExternalTool.find($0, environment: environment)?.path }
            (self.template, wavOnly, executable) = (template, false, program)
            unavailableReason = program == nil ? "the configured player '\(template.program ?? "")' is not installed" : nil
            return
        }
        let candidates: [(String, String, Bool)] = [
            ("mpv", "mpv --no-video --no-terminal --really-quiet --start={start} {file}", false),
            ("ffplay", "ffplay -nodisp -autoexit -loglevel quiet -ss {start} {file}", false),
            ("paplay", "paplay {file}", true),
            ("aplay", "aplay -q {file}", true),
        ]
        let hasDesktop = environment["DISPLAY"].map { !$0.isEmpty } ?? false
            || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        let found = candidates.lazy.compactMap { name, command, wavOnly in
            ExternalTool.find(name, environment: environment).map { ($0.path, CommandTemplate(command), wavOnly) }
        }.first
        guard let found else {
            (template, wavOnly, executable) = (nil, false, nil)
            unavailableReason = "no audio player is installed (mpv, ffplay, paplay or aplay): sound is off"
            return
        }
        (executable, template, wavOnly) = (found.0, found.1, found.2)
        if hasDesktop, let name = found.1.program {
            videoTemplate = name == "mpv" ? CommandTemplate("mpv --no-terminal --really-quiet --start={start} {file}")
                : name == "ffplay" ? CommandTemplate("ffplay -autoexit -loglevel quiet -ss {start} {file}") : nil
        }
        unavailableReason = SoundOutput.hasSoundDevice(environment: environment) ? nil
            : "no sound device was found: sound is off"
    }

    package var isAvailable: Bool { unavailableReason == nil }

    /// Starts playing `file` from `start` seconds (up to `until` seconds when given), stopping whatever was playing;
    /// with `showingVideo`, in a window where there is a desktop. Returns why it cannot, or nil when it plays.
    @discardableResult
    package func play(_ file: String, from start: Double = 0, until end: Double? = nil, showingVideo: Bool = false) -> String? {
        stop()
        guard unavailableReason == nil, let template, let executable else { return unavailableReason ?? "there is no player" }
        if wavOnly, !file.lowercased().hasSuffix(".wav") {
            return "this player cannot play \((file as NSString).pathExtension) files"
        }
        let chosen = showingVideo ? videoTemplate ?? template : template
        let arguments = chosen.arguments(["file": file, "start": String(format: "%.2f", max(0, start))])
        lock.lock()
        defer { lock.unlock() }
        let process: ChildProcess
        do { process = try ChildProcess(executable: executable, arguments: arguments) } catch {
            return "the player cannot be started (\(error.description))"
        }
        current = process
        generation += 1
        if let end, end > start {
            // Any player, configured or found, stops where it is told: the clock stops it.
            let playing = generation
            DispatchQueue.global().asyncAfter(deadline: .now() + (end - start)) { [weak self] in
                self?.stop(ifStill: playing)
            }
        }
        return nil
    }

    package func stop() {
        lock.lock()
        let stopping = current
        current = nil
        lock.unlock()
        stopping?.stop()
    }

    private func stop(ifStill playing: Int) {
        lock.lock()
        let stopping = generation == playing ? current : nil
        if stopping != nil { current = nil }
        lock.unlock()
        stopping?.stop()
    }

    /// Reaps a player that has finished by itself, so that none is left defunct while the learner reads.
    package func tidy() {
        lock.lock()
        defer { lock.unlock() }
        if let current, !current.isRunning { self.current = nil }
    }

    /// The player running now, for tests that follow it.
    var currentProcessID: pid_t? {
        lock.lock()
        defer { lock.unlock() }
        return current?.pid
    }

    package var isPlaying: Bool {
        lock.lock()
        defer { lock.unlock() }
        return current?.isRunning ?? false
    }

    /// ALSA devices, or a PulseAudio / PipeWire server to talk to.
    static func hasSoundDevice(environment: [String: String]) -> Bool {
        let fileManager = FileManager.default
        if let cards = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8), !cards.contains("no soundcards"),
           !cards.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return true }
        if environment["PULSE_SERVER"] != nil { return true }
        if let runtime = environment["XDG_RUNTIME_DIR"],
           fileManager.fileExists(atPath: runtime + "/pulse/native") || fileManager.fileExists(atPath: runtime + "/pipewire-0") {
            return true
        }
        return false
    }
}
