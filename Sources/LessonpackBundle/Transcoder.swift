import Foundation
import LessonpackModel
import LessonpackSystem

/// `build --transcode`: re-encodes media for size with ffmpeg (speech audio to mono Opus, video to H.264 at a
/// modest size) and caches each result under the hash of its input and settings, so rebuilding is quick. A file
/// is kept as it was whenever re-encoding does not make it smaller.
package struct Transcoder: Sendable {
    package struct Preset: Sendable, Equatable {
        package var audioBitrate: String
        package var videoHeight: Int
        package var videoQuality: Int
        package var videoAudioBitrate: String

        /// Speech needs little: 24 kbit/s mono Opus is clear; 360p video shows two people talking.
        package static let speech = Preset(audioBitrate: "24k", videoHeight: 360, videoQuality: 28, videoAudioBitrate: "48k")

        package func audioArguments(_ input: String, _ output: String) -> [String] {
            ["-nostdin", "-v", "error", "-y", "-i", input, "-vn", "-ac", "1", "-c:a", "libopus", "-b:a", audioBitrate,
             "-application", "voip", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact",
             "-threads", "1", "-f", "ogg", output]
        }

        package func videoArguments(_ input: String, _ output: String) -> [String] {
            ["-nostdin", "-v", "error", "-y", "-i", input, "-vf", "scale=-2:'min(\(videoHeight),ih)'",
             "-c:v", "libx264", "-preset", "slow", "-crf", "\(videoQuality)", "-pix_fmt", "yuv420p",
             "-c:a", "aac", "-b:a", videoAudioBitrate, "-ac", "1", "-movflags", "+faststart", "-map_metadata", "-1",
             "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact", "-threads", "1", "-f", "mp4",
             output]
        }
    }

    let ffmpeg: ExternalTool
    let version: String
    let cacheFolder: String
    package let preset: Preset
    /// How many encodes run at once: one per core, unless the caller already runs several builds side by side.
    package var width = OrderedParallelMap.defaultWidth

    /// Finds ffmpeg, or says clearly that it is missing.
    package static func make(cacheFolder: String, preset: Preset = .speech,
                            ffmpeg: ExternalTool? = ExternalTool.find("ffmpeg")) throws(BundleError) -> Transcoder {
        guard let ffmpeg else {
            throw BundleError(.transcodeFailed, "--transcode needs ffmpeg, which is not installed (scripts/setup installs it; " +
                              "on Debian: apt-get install ffmpeg); nothing was built")
        }
        let output = try? ffmpeg.run(["-version"], timeout: 30)
        let version = output.map { String(decoding: $0.standardOutput, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "" } ?? ""
        return Transcoder(ffmpeg: ffmpeg, version: version, cacheFolder: cacheFolder, preset: preset)
    }

    /// The default cache: $XDG_CACHE_HOME/lessonpack/transcode, or ~/.cache/lessonpack/transcode.
    package static func defaultCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache"
        return base + "/lessonpack/transcode"
    }

    struct Outcome {
        var module: Module
        var sources: [String: MediaSource]
        var reports: [TranscodeReport]
    }

    func transcode(_ module: Module, sources: [String: MediaSource], progress: (@Sendable (BuildProgress) -> Void)?)
        throws(BundleError) -> Outcome {
        var outcome = Outcome(module: module, sources: sources, reports: [])
        let candidates = module.media.filter { $0.kind == .audio || $0.kind == .video }
        var renamed: [String: String] = [:]
        var taken = Set(module.media.map(\.path))
        // ffmpeg runs on every core, one file each; results are taken in the manifest's order, so names and
        // reports come out the same however the encodes finish.
        var done = 0
        try OrderedParallelMap.run(candidates, width: width, transform: { file in
            (file, sources[file.path].map { source in
                Result { () throws(BundleError) in try encoded(file, source: try source.checkedPath()) }
            })
        }, consume: { (file: MediaFile, encoding: Result<(path: String, cached: Bool), BundleError>?) throws(BundleError) in
            done += 1
            progress?(.transcoding(file.path, index: done, of: candidates.count))  // reported as each one is done
            guard let (output, cached) = try encoding?.get() else { return }
            let newSize = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? nil
            guard let newSize, newSize < file.size, let sha256 = FileDigest.sha256(ofFileAt: output) else {
                outcome.reports.append(TranscodeReport(path: file.path, newPath: file.path, originalSize: file.size,
                                                       newSize: newSize ?? file.size, kept: true, cached: cached))
                return
            }
            let newPath = freePath(for: file, taken: &taken)
            renamed[file.path] = newPath
            outcome.sources[newPath] = .made(output)
            if let position = outcome.module.media.firstIndex(where: { $0.path == file.path }) {
                outcome.module.media[position] = MediaFile(path: newPath, kind: file.kind, size: newSize, sha256: sha256,
                                                           duration: file.duration)
            }
            outcome.reports.append(TranscodeReport(path: file.path, newPath: newPath, originalSize: file.size,
                                                   newSize: newSize, kept: false, cached: cached))
        })
        outcome.module = Self.renaming(outcome.module, renamed)
        outcome.module.media.sort { $0.path < $1.path }
        return outcome
    }

    /// The encoded file for `file`, from the cache when this input was encoded with these settings before.
    private func encoded(_ file: MediaFile, source: String) throws(BundleError) -> (path: String, cached: Bool) {
        let isAudio = file.kind == .audio
        let settings = isAudio ? preset.audioArguments("in", "out") : preset.videoArguments("in", "out")
        let key = FileDigest.sha256(of: Array((file.sha256 + "\n" + version + "\n" + settings.joined(separator: " ")).utf8))
        let output = "\(cacheFolder)/\(key).\(isAudio ? "opus" : "mp4")"
        if FileManager.default.fileExists(atPath: output) { return (output, true) }
        do {
            try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        } catch {
            throw BundleError(.transcodeFailed, "cannot create the transcoding cache \(cacheFolder): \(SystemErrorText.describe(error))")
        }
        // Two clips with the same content may be encoded at once: each writes its own temporary file.
        let temporary = output + ".\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).tmp"
        let arguments = isAudio ? preset.audioArguments(source, temporary) : preset.videoArguments(source, temporary)
        let result: ExternalTool.Output
        do { result = try ffmpeg.run(arguments, timeout: 3600) } catch {
            throw BundleError(.transcodeFailed, "cannot run ffmpeg: \(SystemErrorText.describe(error))")
        }
        guard result.succeeded, rename(temporary, output) == 0 else {
            unlink(temporary)
            let reason = result.timedOut ? "it took too long" : result.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw BundleError(.transcodeFailed, "ffmpeg could not re-encode media/\(file.path): \(reason)")
        }
        return (output, false)
    }

    /// `lines/l01.wav` → `lines/l01.opus`, unless that name is taken.
    private func freePath(for file: MediaFile, taken: inout Set<String>) -> String {
        let base = (file.path as NSString).deletingPathExtension
        let fileExtension = file.kind == .audio ? "opus" : "mp4"
        var candidate = base + "." + fileExtension
        if candidate != file.path, taken.contains(candidate) { candidate = base + ".transcoded." + fileExtension }
        taken.insert(candidate)
        return candidate
    }

    /// The module with every media reference renamed.
    static func renaming(_ module: Module, _ renamed: [String: String]) -> Module {
        guard !renamed.isEmpty else { return module }
        var module = module
        func rename(_ path: String) -> String { renamed[path] ?? path }
        module.video = module.video.map(rename)
        for index in module.transcript.indices { module.transcript[index].audio = rename(module.transcript[index].audio) }
        for index in module.questions.indices {
            module.questions[index].audio = rename(module.questions[index].audio)
            for answer in module.questions[index].answers.indices {
                module.questions[index].answers[answer].audio = rename(module.questions[index].answers[answer].audio)
            }
        }
        return module
    }
}

/// One media file's fate under --transcode.
package struct TranscodeReport: Sendable, Equatable {
    package var path: String
    package var newPath: String
    package var originalSize: Int
    package var newSize: Int
    /// The original was kept because re-encoding did not make it smaller.
    package var kept: Bool
    /// The encoding came from the cache.
    package var cached: Bool
}
