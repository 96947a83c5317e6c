import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackCore
import LessonpackSystem

/// The previews a studio has under way, by the id the page holds, and the recordings the browser made in them.
/// Bounded: an author clicking through every activity all afternoon keeps the most recent ones.
package actor PreviewSessions {
    private var runs: [String: any PreviewRunning] = [:]
    private var order: [String] = []
    private var next = 1
    /// Recordings made in previews: a private temporary folder, removed when the studio stops.
    private var folder: String?
    private static let limit = 32
    /// A minute of Opus is well under a megabyte; a browser's WAV of the longest line is under this.
    package static let recordingLimit = 20 << 20

    package init() {}

    /// Starts previewing `kind` in `module`, dealt from `seed` (a random one when nil).
    /// `moduleFolder`: where the module's media are, for the pronunciation preview's intonation analysis.
    package func start(_ kind: ActivityKind, module: Module, moduleFolder: String? = nil, seed: UInt64?,
                       at now: Date) throws(StudioError) -> [UInt8] {
        let id = "p\(next)"
        next += 1
        let seed = seed ?? UInt64.random(in: 0...UInt64.max)
        // The last preview of this activity in this module, or the last finished one when the kind deals after
        // that (the test, which also shows it as "my last results"), as the player chooses from the learner's
        // attempts. A new preview deals after it: the test draws the items the last one did not show first.
        let finishedOnly = kind.descriptor.dealsAfter == .lastFinishedAttempt
        let previous = order.reversed().compactMap { runs[$0] }.first {
            $0.kind == kind && $0.moduleID == module.id && (!finishedOnly || $0.finishedSetup != nil)
        }
        let run = Self.run(kind.presenter, id: id, module: module, moduleFolder: moduleFolder, seed: seed,
                           lastResult: previous?.latestResult,
                           previous: finishedOnly ? previous?.finishedSetup : previous?.latestSetup, at: now)
        runs[id] = run
        order.append(id)
        if order.count > Self.limit { forget(order.removeFirst()) }
        return try run.enter(at: now)
    }

    package func send(_ event: [UInt8], to id: String, at now: Date) throws(StudioError) -> [UInt8] {
        try run(id).send(event, at: now)
    }

    /// The browser could not record `line` (no microphone, permission refused): the activity is told why.
    package func recordingFailed(line: String, reason: String, in id: String, at now: Date) throws(StudioError) -> [UInt8] {
        let reason = String(reason.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 } ?? false) }.prefix(200))
        return try run(id).recordingFailed(line: line, reason: reason.isEmpty ? "the browser could not record" : reason,
                                           at: now)
    }

    /// Keeps a recording the browser made for `line` of preview `id` and gives it to the activity.
    package func recorded(_ bytes: [UInt8], contentType: String, line: String, in id: String,
                          at now: Date) throws(StudioError) -> [UInt8] {
        let run = try run(id)
        guard run.awaitedRecording == line else {
            throw StudioError(.badRequest, "no recording of line '\(line.prefix(40))' was asked for")
        }
        guard let fileExtension = Self.recordingExtension(contentType) else {
            throw StudioError(.wrongType, "a recording must be Ogg, WebM or WAV audio, not '\(contentType.prefix(60))'")
        }
        // The name is the studio's own (the preview and a time), never text from the request.
        let folder = try recordingsFolder()
        let path = ModuleLayout.join(folder, "\(id)-\(now.timeIntervalSince1970.bitPattern).\(fileExtension)")
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw StudioError(.cannotWrite, error.description)
        }
        // Played back with the type the studio chose from its own list, never the request's header as sent.
        let servedType = ["ogg": "audio/ogg", "webm": "audio/webm", "wav": "audio/wav"][fileExtension] ?? "application/octet-stream"
        // A new take replaces the last one of the line, on disk too.
        if let replaced = recordings.updateValue((path, servedType), forKey: Self.recordingKey(id, line)) {
            try? FileManager.default.removeItem(atPath: replaced.path)
        }
        return try run.recorded(line: line, file: path, at: now)
    }

    private var recordings: [String: (path: String, contentType: String)] = [:]

    /// The last recording of `line` in preview `id`, to play it back.
    package func recording(line: String, in id: String) throws(StudioError) -> (bytes: [UInt8], contentType: String) {
        guard let entry = recordings[Self.recordingKey(id, line)] else {
            throw StudioError(.notFound, "there is no recording of that line in this preview")
        }
        switch BoundedFile.read(entry.path, limit: Self.recordingLimit, links: .refuse) {
        case .success(let bytes): return (bytes, entry.contentType)
        case .failure(let failure): throw StudioError(.notFound, failure.description)
        }
    }

    /// Removes the recordings; called when the studio stops.
    package func close() {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
        folder = nil
        runs.removeAll()
    }

    /// A preview dropped to keep the number bounded, with its recordings.
    private func forget(_ id: String) {
        runs[id] = nil
        for (key, recording) in recordings where key.hasPrefix(id + "\n") {
            try? FileManager.default.removeItem(atPath: recording.path)
            recordings[key] = nil
        }
    }

    private func run(_ id: String) throws(StudioError) -> any PreviewRunning {
        guard let run = runs[id] else {
            throw StudioError(.noSuchPreview, "that preview has ended; start the activity again")
        }
        return run
    }

    private func recordingsFolder() throws(StudioError) -> String {
        if let folder { return folder }
        let made = try PrivateFolder.make("recordings")
        folder = made
        return made
    }

    private static func recordingKey(_ id: String, _ line: String) -> String { id + "\n" + line }

    private static func recordingExtension(_ contentType: String) -> String? {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return switch type {
        case "audio/ogg", "application/ogg": "ogg"
        case "audio/webm", "video/webm": "webm"
        case "audio/wav", "audio/x-wav", "audio/wave": "wav"
        default: nil
        }
    }

    /// A preview of the activity `presenter` presents: each kind's presenter is the presenters' registry's.
    private static func run<Presenter: ActivityPresenter>(_ presenter: Presenter.Type, id: String, module: Module,
                                                          moduleFolder: String?, seed: UInt64, lastResult: ActivityResult?,
                                                          previous: (any Sendable)?, at now: Date) -> any PreviewRunning {
        PreviewRun<Presenter>(id: id, module: module, moduleFolder: moduleFolder, seed: seed, lastResult: lastResult,
                              previous: previous, startedAt: now)
    }
}
