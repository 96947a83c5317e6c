import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// `lessonpack new DIR --from LESSON [--video VIDEO]`: a complete module from a teacher's lesson document and their
/// filmed conversation. The starter supplies what the document does not cover; the document replaces the rest; the
/// video, when given, becomes the module's, and forced alignment times every line and cuts its clip. Made whole or
/// not at all: any failure after the folder is created removes it again.
package enum LessonModule {
    package struct Outcome: Sendable {
        package var report: [String] = []
        package var diagnostics: [Diagnostic] = []
    }

    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
        /// Problems found on the way (the document's, the alignment's), to show with the failure.
        package var diagnostics: [Diagnostic]
        package var code: DiagnosticCode = .newModuleWriteFailed
    }

    /// `align` times the lines from the module's video and cuts their clips, in the module folder it is given; it
    /// returns what it did and what it doubted.
    package typealias Aligner = @Sendable (_ folder: String) throws -> (report: [String], diagnostics: [Diagnostic])

    package static func create(at destination: String, id: String, title: String?, lesson: Lesson, from file: String,
                               video: String?, speak: Bool = false, align: Aligner?) throws(Failure) -> Outcome {
        let chosenTitle = lesson.title ?? title ?? ModuleTemplate.suggestedTitle(forID: id)
        do {
            try ModuleTemplate.create(from: .starter, at: destination, id: id, title: chosenTitle)
        } catch {
            throw Failure(description: error.description, diagnostics: [], code: error.reportedDiagnostics[0].code)
        }
        do {
            return try fill(destination, lesson: lesson, from: file, video: video, speak: speak, align: align)
        } catch {
            // The folder is ours: it did not exist, or was empty, a moment ago. Removed from its parent's descriptor
            // without following a link inside it: one swapped in meanwhile loses nothing it leads to.
            let url = URL(fileURLWithPath: destination).standardizedFileURL
            try? OpenFolder(url.deletingLastPathComponent().path).removeTree(url.lastPathComponent)
            throw error
        }
    }

    private static func fill(_ folder: String, lesson: Lesson, from file: String, video: String?, speak: Bool,
                             align: Aligner?) throws(Failure) -> Outcome {
        var outcome = Outcome()
        if let video {
            let name = try adopt(video: video, into: folder)
            outcome.report.append("the video: media/\(name)")
        }
        let plan = LessonImport.plan(lesson, from: file, into: folder)
        outcome.diagnostics += plan.diagnostics
        guard !plan.hasErrors else {
            throw Failure(description: "the lesson could not be brought into the new module", diagnostics: plan.diagnostics,
                          code: .lessonNotBroughtIn)
        }
        do {
            try plan.apply()
            try removeUnusedStarterMedia(in: folder)
        } catch {
            throw Failure(description: "cannot write \(folder): \(error)", diagnostics: outcome.diagnostics)
        }
        outcome.report += plan.report
        if video != nil, let align {
            do {
                let aligned = try align(folder)
                outcome.report += aligned.report
                outcome.diagnostics += aligned.diagnostics
            } catch {
                throw Failure(description: "the lines could not be timed from the video: \(error)",
                              diagnostics: outcome.diagnostics, code: .lessonAlignFailed)
            }
            if outcome.diagnostics.hasErrors {
                throw Failure(description: "the lines could not be timed from the video", diagnostics: outcome.diagnostics,
                              code: .lessonAlignFailed)
            }
        }
        do {
            let spoken = try LessonImport.apply(ImportPlan(), to: folder, speak: speak)
            if !spoken.isEmpty {
                outcome.report.append("\(spoken.count) question and answer clip\(spoken.count == 1 ? "" : "s") spoken by " +
                                      "espeak-ng for now")
            }
        } catch {
            throw Failure(description: "cannot write \(folder): \(error)", diagnostics: outcome.diagnostics)
        }
        return outcome
    }

    /// Copies the teacher's video into media/ as the module's video (`conversation` with the video's own
    /// extension), replacing the starter's placeholder, and names it in module.plist.
    private static func adopt(video: String, into folder: String) throws(Failure) -> String {
        let fileExtension = (video as NSString).pathExtension.lowercased()
        guard MediaKind(fileExtension: fileExtension) == .video else {
            throw Failure(description: "\(video) is not a video Lessonpack takes (docs/format.md lists the extensions: " +
                          "mp4, webm, …)", diagnostics: [], code: .lessonVideoInvalid)
        }
        let name = "conversation.\(fileExtension)"
        let media = MediaFolder(moduleFolder: folder)
        do {
            guard case .success(let source) = ReadableFile.open(video) else {
                throw Failure(description: "\(video): cannot be read (it must be a regular file)", diagnostics: [],
                              code: .lessonVideoInvalid)
            }
            guard source.size <= MediaLimits.maxFileBytes else {
                throw Failure(description: "\(video) is larger than a module's video may be (4 GB)", diagnostics: [],
                              code: .lessonVideoInvalid)
            }
            // Through the descriptor that was checked, in blocks: a video is hundreds of megabytes. Into media/
            // held open, reached without a link, so it cannot be led out of the module.
            let mediaFolder = try media.folder(holding: name, create: true).folder
            try? mediaFolder.removeFile("conversation.mp4")
            let copy = try AtomicFile.Staged(named: name, in: mediaFolder)
            do {
                try source.forEachChunk { chunk in try copy.write(chunk) }
                try copy.commit()
            } catch {
                copy.discard()
                throw error
            }
            var module = try moduleDocument(in: folder)
            module.value["video"] = .string(name)
            var plan = ImportPlan()
            try plan.write(module)
            try plan.apply()
            try MediaScanner.write(MediaScanner.scan(folder: folder), folder: folder)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot copy \(video) into the module: \(error)", diagnostics: [],
                          code: .lessonVideoInvalid)
        }
        return name
    }

    /// The starter's placeholder clips that the lesson's parts no longer name (the module was made a moment ago,
    /// so everything under media/ is the starter's or the lesson's).
    private static func removeUnusedStarterMedia(in folder: String) throws {
        let module = try ModuleLoader.load(folder: folder).module
        var named: Set<String> = Set(module.transcript.map(\.audio))
        if let video = module.video { named.insert(video) }
        for question in module.questions { named.formUnion([question.audio] + question.answers.map(\.audio)) }
        let media = MediaFolder(moduleFolder: folder)
        // Each removed through its folder, opened without following a link: a folder swapped for a link after the
        // listing loses nothing outside the module.
        for path in media.allFiles() where !named.contains(path) {
            try media.folder(holding: path).folder.removeFile((path as NSString).lastPathComponent)
        }
    }
}

extension LessonModule.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { diagnostics + [.failure(code, description + "; nothing was written")] }
}

extension DiagnosticCode {
    /// The lesson document was read, but the module made from it would have errors (they are listed).
    package static let lessonNotBroughtIn: DiagnosticCode = "lesson-not-brought-in"
    /// The video given with `new --from … --video` is not one a module takes, or cannot be read or copied.
    package static let lessonVideoInvalid: DiagnosticCode = "lesson-video-invalid"
    /// The lines of a new module could not be timed from its video.
    package static let lessonAlignFailed: DiagnosticCode = "lesson-align-failed"
}
