import Foundation
import LessonpackAlign
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// Times a module's transcript from its video: each line's start and end found in the soundtrack by forced
/// alignment, its clip cut to `media/lines/<id>.opus`, transcript.plist rewritten with the times and clips (its
/// comments kept), and media.plist refreshed. `plan` works everything out and writes nothing; `apply` writes, and
/// nothing at all when the plan has errors. A line the aligner is unsure of gets an `uncertain-timing` warning at
/// its place in transcript.plist, for the teacher to check in the studio.
package enum ModuleAlignment {
    /// One line's clip: where in the soundtrack, and where it goes.
    package struct Clip: Sendable {
        package var lineID: String
        package var start: Double
        package var end: Double
        /// The clip's path in the module folder.
        package var path: String
    }

    /// One line's times as found, and why they are doubtful when they are.
    package struct Timing: Sendable, Encodable {
        package var id: String
        package var start: Double
        package var end: Double
        package var doubt: String?
    }

    package struct Result: Sendable {
        package var folder: String
        /// The soundtrack aligned with: the video's path as it was opened.
        package var soundtrack: String?
        package var lines: [Timing] = []
        package var clips: [Clip] = []
        /// Placeholder clips (quiet stand-ins Lessonpack made) that the new clips replace: removed by `apply`, as
        /// nothing of the teacher's is in them. Paths under media/.
        package var replacedPlaceholders: [String] = []
        /// transcript.plist rewritten (only when it changes), with the report and diagnostics of the whole plan.
        package var plan = ImportPlan()

        package var report: [String] { plan.report }
        package var diagnostics: [Diagnostic] { plan.diagnostics }
        package var hasErrors: Bool { plan.hasErrors }
        /// Every file `apply` writes: the clips, the rewritten plist files and media.plist.
        package var paths: [String] {
            clips.map(\.path) + plan.files.map(\.path) + (clips.isEmpty ? [] : [ModuleLayout.join(folder, SourceFile.media.path)])
        }

        /// Cuts every clip into a temporary file, then puts them all in place, then writes the plist files and
        /// rescans the media. A clip that cannot be cut stops everything before anything is in place. Refuses a
        /// plan with errors.
        package func apply() throws(ApplyFailure) {
            precondition(!hasErrors, "an alignment with errors is never applied")
            guard let soundtrack else { return }
            // media/lines is opened from the module's folder without following a link (and made when missing), and
            // every clip is written, renamed and removed through it: a folder swapped for a link meanwhile cannot
            // send a clip out of the module.
            let lines: OpenFolder
            do { lines = try MediaFolder(moduleFolder: folder).folder(holding: "lines/x.opus", create: true).folder } catch {
                let what = switch error.kind {
                case .linkInPath, .notAFolder: "a symbolic link or not a folder"
                case .missing, .io: "not writable (\(error.reason))"
                }
                throw ApplyFailure("\(error.path) is \(what); clips are written only into a real folder of the module")
            }
            let cutter: ClipCutter
            do { cutter = try ClipCutter() } catch { throw ApplyFailure(error.description) }
            var staged: [Swift.Result<AtomicFile.Staged, AlignError>] = []
            OrderedParallelMap.run(clips, transform: { clip in
                Swift.Result { () throws(AlignError) in
                    try cutter.cut(soundtrack, from: clip.start, to: clip.end, named: (clip.path as NSString).lastPathComponent,
                                   in: lines)
                }
            }, consume: { staged.append($0) })
            var ready: [AtomicFile.Staged] = []
            for result in staged {
                switch result {
                case .success(let file): ready.append(file)
                case .failure(let failure):
                    ready.forEach { $0.discard() }
                    staged.forEach { if case .success(let file) = $0 { file.discard() } }
                    throw ApplyFailure(failure.description)
                }
            }
            do {
                for file in ready { try file.commit() }
                try plan.apply()
            } catch {
                ready.forEach { $0.discard() }
                throw ApplyFailure(error.description)
            }
            let media = MediaFolder(moduleFolder: folder)
            for path in replacedPlaceholders where MediaFolder.problem(with: path) == nil {
                try? media.folder(holding: path).folder.removeFile((path as NSString).lastPathComponent)
            }
            do {
                try MediaScanner.write(MediaScanner.scan(folder: folder), folder: folder)
            } catch {
                throw ApplyFailure("the clips and transcript.plist were written, but media.plist could not be: " +
                                   "\(SystemErrorText.describe(error)); run 'lessonpack media scan \(folder)'")
            }
        }

    }

    /// Writing failed (a clip, a file): nothing the plan itself could foresee.
    package struct ApplyFailure: Error, CustomStringConvertible, Sendable {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// Aligns and writes in one go, for a module just made: returns the report and the diagnostics, and writes
    /// nothing when there is an error among them. Throws only when writing fails.
    package static func run(folder: String, video: String? = nil, voice: String = "en") throws(ApplyFailure)
        -> (report: [String], diagnostics: [Diagnostic]) {
        let result = plan(folder: folder, video: video, voice: voice)
        if !result.hasErrors { try result.apply() }
        return (result.report, result.diagnostics)
    }

    /// Works out the times, clips and files; writes nothing. `video` is a path the user named (from the current
    /// folder); without it, module.plist's `video`, under the module's media/.
    package static func plan(folder: String, video: String? = nil, voice: String = "en") -> Result {
        var result = Result(folder: folder)
        do {
            try build(&result, video: video, voice: voice)
        } catch {
            result.plan.diagnostics.append(error.diagnostic)
        }
        return result
    }

    private static func build(_ result: inout Result, video: String?, voice: String) throws(ImportFailure) {
        let folder = result.folder
        let source: ModuleSource
        do {
            source = try ModuleLoader.load(folder: folder)
        } catch {
            throw ImportFailure(.error(.alignTarget, error.description, at: SourceLocation(file: folder)))
        }
        let module: SourceDocument
        let loaded: SourceDocument?
        do {
            module = try moduleDocument(in: folder)
            loaded = try SourceDocument.load(.transcript, in: folder)
        } catch {
            var diagnostic = error.diagnostic
            diagnostic.code = .alignTarget
            throw ImportFailure(diagnostic)
        }
        let transcriptPath = ModuleLayout.join(folder, SourceFile.transcript.path)
        guard var transcript = loaded, let entries = transcript.value["lines"]?.array, !entries.isEmpty else {
            throw ImportFailure(.error(.alignNoLines, "the transcript has no lines to time: write them in " +
                                       "transcript.plist or import them ('lessonpack import transcript')",
                                       at: SourceLocation(file: transcriptPath)))
        }

        // Where each line is written, for the diagnostics about it.
        func location(_ index: Int) -> SourceLocation {
            source.map.transcript.indices.contains(index) && source.map.transcript.count == entries.count
                ? source.map.transcript[index].location : SourceLocation(file: transcriptPath)
        }
        var ids: [String] = [], texts: [String] = []
        for (index, entry) in entries.enumerated() {
            guard let id = entry["id"]?.string, Identifier.isValid(id), !id.hasPrefix(".") else {
                result.plan.diagnostics.append(.error(.alignTarget, "line \(index + 1) has no valid id, which its clip " +
                                                      "is named after: give it one (letters, digits, '-')", at: location(index)))
                continue
            }
            guard let text = entry["text"]?.string, text.contains(where: { $0.isLetter || $0.isNumber }) else {
                result.plan.diagnostics.append(.error(.alignNoLines, "line '\(id)' has no words to find in the video",
                                                      at: location(index)))
                continue
            }
            ids.append(id)
            texts.append(text)
        }
        if result.plan.hasErrors { return }

        let soundtrack = try locateVideo(video, source: source, module: module)
        let aligned: [AlignedLine]
        do {
            aligned = try ForcedAligner(voice: voice).align(soundtrack: soundtrack.path, lines: texts)
        } catch {
            throw ImportFailure(.error(error.code, error.reason, at: error.kind == .unreadableSoundtrack ||
                                       error.kind == .noSpeech ? soundtrack.location : SourceLocation(file: transcriptPath)))
        }
        result.soundtrack = soundtrack.path

        var updated: [PlistValue] = []
        var doubtful = 0
        var replaced: [String] = []
        let placeholders = Set(source.module.media.filter(\.isPlaceholder).map(\.path))
        // A placeholder a question still names is kept: only the lines' clips change here.
        let namedElsewhere = Set(source.module.questions.flatMap { [$0.audio] + $0.answers.map(\.audio) })
        for (index, (entry, line)) in zip(entries, aligned).enumerated() {
            let id = ids[index]
            var entry = entry
            entry["start"] = .string(TimeText.format(line.start))
            entry["end"] = .string(TimeText.format(line.end))
            // The doubt stays with the line, so check and the studio list it until the teacher changes its times.
            entry["uncertainTiming"] = line.doubt.map(PlistValue.string)
            let clip = "lines/\(id).opus"
            if let previous = entry["audio"]?.string, previous != clip,
               case .success = ReadableFile.kind(of: "media/" + previous, in: folder) {
                if placeholders.contains(previous), !namedElsewhere.contains(previous) {
                    if !result.replacedPlaceholders.contains(previous) { result.replacedPlaceholders.append(previous) }
                } else {
                    replaced.append("media/" + previous)
                }
            }
            entry["audio"] = .string(clip)
            updated.append(entry)
            result.lines.append(Timing(id: id, start: line.start, end: line.end, doubt: line.doubt))
            result.clips.append(Clip(lineID: id, start: line.start, end: line.end,
                                     path: ModuleLayout.join(folder, "media/lines/\(id).opus")))
            if let doubt = line.doubt {
                doubtful += 1
                result.plan.diagnostics.append(.warning(
                    .uncertainTiming, "the timing of line '\(id)' (\(TimeText.format(line.start))–" +
                    "\(TimeText.format(line.end))) is uncertain: \(doubt); check it in the studio", at: location(index)))
            }
        }
        transcript.value["lines"] = .array(updated)
        result.plan.report.append("aligned \(aligned.count) line\(aligned.count == 1 ? "" : "s") with \(soundtrack.path)" +
                                  (doubtful == 0 ? "" : " (\(doubtful) uncertain: check \(doubtful == 1 ? "it" : "them") in the studio)"))
        for timing in result.lines {
            result.plan.report.append("\(timing.id): \(TimeText.format(timing.start))–\(TimeText.format(timing.end)) → " +
                                      "media/lines/\(timing.id).opus" + (timing.doubt == nil ? "" : " (uncertain)"))
        }
        if !result.replacedPlaceholders.isEmpty {
            let count = result.replacedPlaceholders.count
            result.plan.report.append("\(count) placeholder clip\(count == 1 ? "" : "s") replaced and removed")
        }
        if !replaced.isEmpty {
            result.plan.report.append("the lines' earlier recordings are no longer named and are left where they are " +
                                      "(delete them if nothing else uses them): " + replaced.joined(separator: ", "))
        }
        try result.plan.write(transcript)
    }

    /// The soundtrack's file: the one the user named, or module.plist's `video` under media/ (refused when it is
    /// a link or not a regular file), with where it was named.
    private static func locateVideo(_ named: String?, source: ModuleSource, module: SourceDocument)
        throws(ImportFailure) -> (path: String, location: SourceLocation) {
        let folder = source.folder
        if let named {
            var status = stat()
            guard stat(named, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw ImportFailure(.error(.alignNoVideo, "\(named): \(FileManager.default.fileExists(atPath: named) ? "not a regular file" : "no such file")",
                                           at: SourceLocation(file: named)))
            }
            return (named, SourceLocation(file: named))
        }
        let where_ = source.map.module.location(of: "video")
        guard let video = module.value["video"]?.string, !video.isEmpty else {
            throw ImportFailure(.error(.alignNoVideo, "no video to align with: name one with --video, or set 'video' " +
                                       "in module.plist to a file under media/", at: where_))
        }
        let relative = "media/" + video
        switch ReadableFile.kind(of: relative, in: folder) {
        case .success(let mode) where mode & S_IFMT == S_IFREG:
            return (ModuleLayout.join(folder, relative), where_)
        case .success:
            throw ImportFailure(.error(.alignNoVideo, "\(relative) is not a regular file (a link or a folder is not read)",
                                       at: where_))
        case .failure(let failure):
            throw ImportFailure(.error(.alignNoVideo, "\(relative): \(failure)", at: where_))
        }
    }

}

extension ModuleAlignment.ApplyFailure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.alignWriteFailed, description)] }
}
