import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// The importers (questions, transcripts, glossaries) and the lesson document reader, each followed by the import
/// plan it makes for the module in `baseFolder`: whatever a plan without errors would write must be a property list
/// the module loader reads.
extension FuzzHarness {
    /// The first byte chooses the reader: GIFT, Aiken, Moodle XML, plain transcript, SubRip, WebVTT, glossary
    /// (CSV and its kin, Anki's text export); past the first seven values, questions go to the test instead of the
    /// questions and answers.
    public static func importer(_ bytes: [UInt8], baseFolder: String) {
        guard let selector = bytes.first else { return }
        let input = Array(bytes.dropFirst())
        let formats: [QuestionFormat] = [.gift, .aiken, .moodleXML]
        let transcripts: [TranscriptFormat] = [.plain, .subRip, .webVTT]
        switch Int(selector) % 7 {
        case let index where index < 3:
            let read = formats[index].read(input, file: "fuzz.\(formats[index].rawValue)")
            guard !read.hasErrors, !read.items.isEmpty else { return }
            let target: QuestionImport.Target = (Int(selector) / 7) % 2 == 0 ? .qa : .test
            requireReadable(QuestionImport.plan(read.items, from: "fuzz", into: baseFolder, target: target))
        case let index where index < 6:
            let read = transcripts[index - 3].read(input, file: "fuzz.\(transcripts[index - 3].rawValue)")
            guard !read.hasErrors, !read.items.isEmpty else { return }
            requireReadable(TranscriptImport.plan(read.items, from: "fuzz", into: baseFolder))
        default:
            let read = GlossaryImport.read(input, file: "fuzz.csv")
            guard !read.hasErrors, !read.items.isEmpty else { return }
            requireReadable(GlossaryImport.plan(read.items, from: "fuzz", into: baseFolder))
        }
    }

    /// pandoc's JSON AST of a lesson document (the first byte chooses which kind of document it came from), read
    /// into lines, interpreted against what the module in `baseFolder` holds, and planned into it.
    public static func lesson(_ bytes: [UInt8], baseFolder: String) {
        guard let selector = bytes.first else { return }
        let format = LessonDocumentFormat.allCases[Int(selector) % LessonDocumentFormat.allCases.count]
        guard case .success(let document) = PandocLessonReader.document(fromTree: Data(bytes.dropFirst()), file: "fuzz",
                                                                       format: format) else { return }
        let (lesson, diagnostics) = LessonInterpreter.interpret(document, context: LessonContexts.shared.context(of: baseFolder))
        guard !diagnostics.hasErrors else { return }
        requireReadable(LessonImport.plan(lesson, from: "fuzz", into: baseFolder))
    }

    private static func requireReadable(_ plan: ImportPlan) {
        guard !plan.hasErrors else { return }
        for file in plan.files where PlistReader.read(Array(file.text.utf8), file: file.path).hasErrors {
            fatalError("an import would write \(file.path), which does not read back:\n\(file.text)")
        }
    }
}

/// What a module already holds for a lesson to refer to, read once per folder: the lesson fuzzer runs it for every
/// input, and the regression tests from several threads.
private final class LessonContexts: @unchecked Sendable {
    static let shared = LessonContexts()
    private let lock = NSLock()
    private var contexts: [String: LessonInterpreter.Context] = [:]

    func context(of folder: String) -> LessonInterpreter.Context {
        lock.lock()
        defer { lock.unlock() }
        if let known = contexts[folder] { return known }
        let context = LessonImport.context(of: folder)
        contexts[folder] = context
        return context
    }
}
