import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// Brings a lesson document into a module folder: every part the document covers replaces the module's (starter
/// placeholders included; nothing is appended after them), and every other part stays as it is. The files are
/// rewritten through `SourceDocument`, so the comments of what stays are kept.
package enum LessonImport {
    /// Reads and interprets the document at `path` (a regular file, read once through the descriptor checked).
    /// `context` is what the module already holds, for a document that refers to it.
    package static func read(_ path: String, format: LessonDocumentFormat? = nil,
                             context: LessonInterpreter.Context = LessonInterpreter.Context())
        -> (lesson: Lesson?, diagnostics: [Diagnostic]) {
        let whole = SourceLocation(file: path)
        guard let format = format ?? LessonDocumentFormat.guess(forFile: path) else {
            return (nil, [.error(.lessonUnreadable, "a lesson document is Markdown or text (.md, .txt), Word (.docx), " +
                                 "OpenDocument (.odt) or a web page (.html)", at: whole)])
        }
        let bytes: [UInt8]
        switch BoundedFile.read(path, limit: PandocLessonReader.documentLimit) {
        case .success(let read): bytes = read
        case .failure(let failure): return (nil, [.error(.lessonUnreadable, failure.description, at: whole)])
        }
        return interpret(bytes, file: path, format: format, context: context)
    }

    /// The same for a document already in memory (pasted into the studio, or read from standard input).
    package static func interpret(_ bytes: [UInt8], file: String, format: LessonDocumentFormat,
                                  context: LessonInterpreter.Context = LessonInterpreter.Context())
        -> (lesson: Lesson?, diagnostics: [Diagnostic]) {
        switch PandocLessonReader.read(bytes, file: file, format: format) {
        case .failure(let failure): return (nil, [failure.diagnostic])
        case .success(let document):
            let (lesson, diagnostics) = LessonInterpreter.interpret(document, context: context)
            return (diagnostics.hasErrors ? nil : lesson, diagnostics)
        }
    }

    /// What the module at `folder` already holds that a document may refer to without holding it.
    package static func context(of folder: String) -> LessonInterpreter.Context {
        guard let module = try? ModuleLoader.load(folder: folder).module else { return LessonInterpreter.Context() }
        return LessonInterpreter.Context(lineIDs: module.transcript.map(\.id), objectives: module.objectives,
                                         speakers: module.speakers, terms: module.definitions.map(\.term))
    }

    /// The files to write. Nothing is written until `apply`, and nothing at all when the plan has errors.
    package static func plan(_ lesson: Lesson, from file: String, into folder: String) -> ImportPlan {
        var plan = ImportPlan()
        do {
            try build(&plan, lesson, from: file, into: folder)
        } catch {
            plan.diagnostics.append(error.diagnostic)
        }
        return plan
    }

    /// Writes the plan, then makes a stand-in for every clip the module names and does not have (the questions
    /// spoken by espeak-ng when `speak` says so, quiet clips otherwise), and scans the media again, marking the
    /// stand-ins as placeholders, so the module checks as soon as it is imported and lists what is left to record.
    /// Returns the clips spoken.
    @discardableResult
    package static func apply(_ plan: ImportPlan, to folder: String, speak: Bool = false) throws -> [String] {
        try plan.apply()
        let spoken = speak ? try SpokenPlaceholders.speakQuestions(in: folder) : []
        let made = try ModuleTemplate.makePlaceholderAudio(in: folder)
        try MediaScanner.write(MediaScanner.scan(folder: folder), folder: folder,
                               placeholders: Set(spoken).union(made.keys))
        return spoken
    }

    private static func build(_ plan: inout ImportPlan, _ lesson: Lesson, from file: String,
                              into folder: String) throws(ImportFailure) {
        var moduleDocument = try moduleDocument(in: folder)
        let current: Module
        do {
            current = try ModuleLoader.load(folder: folder).module
        } catch {
            throw ImportFailure(.error(.importTarget, error.description, at: SourceLocation(file: folder)))
        }
        let merged = merge(lesson, into: current)
        let values = ModuleSourceWriter.values(of: merged)

        var moduleKeys: [String] = []
        if lesson.title != nil { moduleKeys.append("title") }
        if lesson.level != nil { moduleKeys.append("level") }
        if lesson.summary != nil { moduleKeys.append("summary") }
        if lesson.speakers != nil { moduleKeys.append("speakers") }
        if lesson.objectives != nil { moduleKeys.append("objectives") }
        if lesson.passMark != nil { moduleKeys.append("passMark") }
        if lesson.rolePlay != nil { moduleKeys.append("roleplay") }
        for key in moduleKeys { moduleDocument.value[key] = values[.module]?[key] }
        try plan.write(moduleDocument)

        // Every file whose content changed: the parts the lesson covers, and the references into them that other
        // parts hold (a statement's lines when the transcript is replaced, a test item's objective, a line's speaker).
        let before = ModuleSourceWriter.values(of: current)
        for role in [SourceFile.transcript, .definitions, .phrasebook, .videoTask, .questions, .test] {
            guard let value = values[role], value != before[role] else { continue }
            var document = try SourceDocument.load(role, in: folder)
                ?? SourceDocument(path: ModuleLayout.join(folder, role.path), role: role, value: .dictionary([]),
                                  comments: PlistComments())
            // Key by key, so a comment above a key the lesson does not set stays where it was.
            for entry in value.entries ?? [] { document.value[entry.key] = entry.value }
            if role == .definitions { document.value = value }
            try plan.write(document)
        }
        plan.report.append("from \((file as NSString).lastPathComponent): " + lesson.coveredParts.joined(separator: ", "))
    }

    /// The module with every part the lesson covers replaced. When the conversation has as many lines as before
    /// (a corrected document brought in again), each line keeps the times, clip and timing doubt of the line it
    /// replaces, where those were set; otherwise the lines are placed evenly over the video until the video times
    /// them, since a line added or taken away moves every line after it.
    package static func merge(_ lesson: Lesson, into current: Module) -> Module {
        var module = current
        if let title = lesson.title { module.title = title }
        if let level = lesson.level { module.level = level }
        if let summary = lesson.summary { module.summary = summary }
        if let passMark = lesson.passMark { module.passMark = passMark }
        if let rolePlay = lesson.rolePlay { module.rolePlay = rolePlay }
        if let speakers = lesson.speakers { module.speakers = speakers }
        if let objectives = lesson.objectives { module.objectives = objectives }
        if let definitions = lesson.definitions { module.definitions = definitions }
        if let phrasebook = lesson.phrasebook { module.phrasebook = phrasebook }
        if let videoTask = lesson.videoTask { module.videoTask = videoTask }
        if let questions = lesson.questions { module.questions = questions }
        if let test = lesson.test { module.test = test }
        keepReferences(of: lesson, from: current, in: &module)
        if let lines = lesson.transcript {
            let duration = module.video.flatMap { video in module.media.first { $0.path == video }?.duration } ?? 6
            let slot = duration / Double(max(lines.count, 1))
            module.transcript = lines.enumerated().map { index, line in
                var placed = line
                if lines.count == current.transcript.count, current.transcript[index].id == line.id,
                   current.transcript[index].end > current.transcript[index].start {
                    placed.start = current.transcript[index].start
                    placed.end = current.transcript[index].end
                    placed.audio = current.transcript[index].audio
                    placed.uncertainTiming = current.transcript[index].uncertainTiming
                } else {
                    placed.start = ((Double(index) + 0.05) * slot * 1000).rounded() / 1000
                    placed.end = ((Double(index) + 0.95) * slot * 1000).rounded() / 1000
                }
                return placed
            }
        }
        return module
    }

    /// When the lesson replaces a part that others refer to and not those others (the transcript but not the video
    /// task, the objectives but not the test, the speakers but not the transcript), each reference keeps pointing at
    /// the same place: the second line stays the second line, the first objective the first. So a lesson that holds
    /// only a conversation does not leave the starter's statements pointing at lines that are gone.
    private static func keepReferences(of lesson: Lesson, from current: Module, in module: inout Module) {
        func remap(_ id: String, old: [String], new: [String]) -> String {
            guard !new.contains(id), !new.isEmpty else { return id }
            let index = old.firstIndex(of: id) ?? 0
            return new[min(index, new.count - 1)]
        }
        if let lines = lesson.transcript, lesson.videoTask == nil {
            let old = current.transcript.map(\.id), new = lines.map(\.id)
            for index in module.videoTask.indices {
                var seen: Set<String> = []
                module.videoTask[index].lines = module.videoTask[index].lines.map { remap($0, old: old, new: new) }
                    .filter { seen.insert($0).inserted }
            }
        }
        if let objectives = lesson.objectives, lesson.test == nil {
            let old = current.objectives.map(\.id), new = objectives.map(\.id)
            for index in module.test.items.indices {
                module.test.items[index].objective = remap(module.test.items[index].objective, old: old, new: new)
            }
        }
        if let speakers = lesson.speakers, lesson.transcript == nil {
            let old = current.speakers.map(\.id), new = speakers.map(\.id)
            for index in module.transcript.indices {
                module.transcript[index].speaker = remap(module.transcript[index].speaker, old: old, new: new)
            }
        }
    }
}
