import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackSystem

/// The page's Import: a file the author picked, through the same importers `lessonpack import` runs, written only
/// when nothing went wrong. The file's name only chooses its format (by extension); it is never opened as a path.
package enum StudioImport {
    package enum Kind: String, Sendable, Codable { case transcript, questions, glossary, lesson }

    package struct Outcome: Sendable {
        package var report: [String]
        package var diagnostics: [PlacedDiagnostic]
        package var written: Bool
    }

    package static let sizeLimit = 16 << 20

    /// `objective`: the objective imported test items assess, chosen on the page; `objectives`: the module's, so that
    /// a missing choice is asked for in the form's words before the file is read.
    /// `name`: the file's name; nil for a lesson pasted into the page's box.
    package static func run(_ kind: Kind, bytes: [UInt8], name: String?, target: String?, objective: String? = nil,
                            objectives: [String] = [], into folder: String) throws(StudioError) -> Outcome {
        guard bytes.count <= sizeLimit else {
            throw StudioError(.tooLarge, "an imported file may be at most \(sizeLimit >> 20) MB")
        }
        // Diagnostics name the file as the author knows it, without any folder the browser might have added.
        if kind == .lesson {
            return try lesson(StudioLessonDocument(bytes: bytes, fileName: name), into: folder)
        }
        let file = String((name ?? "import").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "import").prefix(200)
        let name = String(file)
        var reading: [Diagnostic]
        let plan: ImportPlan?
        switch kind {
        case .transcript:
            let read = TranscriptFormat.guess(forFile: name).read(bytes, file: name)
            reading = read.diagnostics
            plan = read.hasErrors ? nil : TranscriptImport.plan(read.items, from: name, into: folder, defaultSpeaker: nil)
        case .questions:
            guard let target = QuestionImport.Target(rawValue: target ?? "test") else {
                throw StudioError(.badRequest, "questions go to the Test bank ('test') or Questions and answers ('qa')")
            }
            let chosen = objective.flatMap { $0.isEmpty ? nil : $0 }
            if target == .test, chosen == nil, objectives.count != 1 {
                // The importer would ask for a command-line option; the page has a field for it.
                let reason = objectives.isEmpty
                    ? "Nothing was imported: test items assess an objective, and the module has none yet. Add one " +
                      "under Module, Objectives, then import again."
                    : "Nothing was imported: choose under Objective which of the module's objectives (" +
                      objectives.joined(separator: ", ") + ") these test items assess, then import again."
                return Outcome(report: [reason], diagnostics: [], written: false)
            }
            let read = QuestionFormat.guess(bytes, file: name).read(bytes, file: name)
            reading = read.diagnostics
            plan = read.hasErrors ? nil : QuestionImport.plan(read.items, from: name, into: folder, target: target,
                                                              objective: target == .test ? chosen : nil)
        case .lesson:
            preconditionFailure("a lesson is read above")
        case .glossary:
            let read = GlossaryImport.read(bytes, file: name)
            reading = read.diagnostics
            plan = read.hasErrors ? nil : GlossaryImport.plan(read.items, from: name, into: folder)
        }
        reading += plan?.diagnostics ?? []
        guard let plan, !reading.contains(where: { $0.severity == .error }) else {
            return Outcome(report: ["Nothing was imported: fix the problems below and import the file again."],
                           diagnostics: placed(reading, folder), written: false)
        }
        do {
            try plan.apply()
        } catch {
            throw StudioError(.cannotWrite, error.description)
        }
        let report = plan.report.isEmpty ? ["Nothing new: the module already holds everything in \(name)."]
            : plan.report.map(StudioWording.reportLine)
        return Outcome(report: report, diagnostics: placed(reading, folder), written: !plan.files.isEmpty)
    }

    /// A whole lesson document (or a pasted lesson, `fileName` nil) into the open module: every part the document
    /// covers replaces the module's, the rest stays; clips it names and the module lacks are made as quiet stand-ins.
    package static func lesson(_ document: StudioLessonDocument, into folder: String) throws(StudioError) -> Outcome {
        let (read, diagnostics) = try document.read(context: LessonImport.context(of: folder))
        var reading = diagnostics
        guard let read else {
            return Outcome(report: ["Nothing was imported: correct the mistakes below in the document and import it again."],
                           diagnostics: placed(reading, folder), written: false)
        }
        let plan = LessonImport.plan(read, from: document.shownName, into: folder)
        reading += plan.diagnostics
        guard !plan.hasErrors else {
            return Outcome(report: ["Nothing was imported: the module could not take the lesson (see below)."],
                           diagnostics: placed(reading, folder), written: false)
        }
        do {
            try LessonImport.apply(plan, to: folder)
        } catch {
            throw StudioError(.cannotWrite, "\(error)")
        }
        return Outcome(report: plan.report.map(StudioWording.reportLine), diagnostics: placed(reading, folder),
                       written: !plan.files.isEmpty)
    }

    private static func placed(_ diagnostics: [Diagnostic], _ folder: String) -> [PlacedDiagnostic] {
        diagnostics.sortedForDisplay().map { PlacedDiagnostic($0, folder: folder, module: nil) }
    }
}
