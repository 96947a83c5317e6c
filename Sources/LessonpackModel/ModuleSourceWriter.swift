import LessonpackDiagnostics
import PropertyList

/// A module written back out as its source files, the inverse of the decoders: key for key in the order
/// `ModuleSchema` gives (the layout `lessonpack fmt` writes): a bundle turned back into a folder an author can edit,
/// a module the studio changed written back to its files.
extension Module {
    /// Whether the module's sources have `file`: module.plist, the transcript and the media manifest always; the
    /// others when the module has content for them or lists an activity that needs them.
    package func hasContent(for file: SourceFile) -> Bool {
        switch file {
        case .module, .transcript, .media: true
        case .definitions: !definitions.isEmpty || file.isRequired(for: activities)
        case .phrasebook: !phrasebook.isEmpty || file.isRequired(for: activities)
        case .videoTask: !videoTask.isEmpty || file.isRequired(for: activities)
        case .questions: !questions.isEmpty || file.isRequired(for: activities)
        case .test: !test.items.isEmpty || file.isRequired(for: activities)
        }
    }
}

extension Definition {
    /// The definition as definitions.plist writes it: "(part of speech) meaning".
    package var sourceText: String { partOfSpeech.isEmpty ? meaning : "(\(partOfSpeech)) \(meaning)" }
}

package enum ModuleSourceWriter {
    /// A value the model holds that its source file cannot: a control character XML cannot carry, in a module
    /// read from a bundle's module.json rather than from sources.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// Every source file the module has content for, as property list values.
    package static func values(of module: Module) -> [SourceFile: PlistValue] {
        var files: [SourceFile: PlistValue] = [:]
        for file in SourceFile.allCases where module.hasContent(for: file) {
            files[file] = switch file {
            case .module: moduleFile(module)
            case .transcript: transcript(module)
            case .media: media(module)
            case .definitions:
                .dictionary(module.definitions.map { definition in
                    PlistEntry(definition.term, .string(definition.sourceText))
                })
            case .phrasebook:
                dictionary(["boxes": .array(module.phrasebook.map { box in
                    dictionary(["title": .string(box.title), "text": .string(box.body)], order: ModuleSchema.box)
                })], order: ModuleSchema.phrasebook)
            case .videoTask:
                dictionary(["statements": .array(module.videoTask.map { statement in
                    dictionary(["id": .string(statement.id), "text": .string(statement.text),
                                "correct": .bool(statement.isCorrect),
                                "lines": .array(statement.lines.map(PlistValue.string))],
                               order: ModuleSchema.statement)
                })], order: ModuleSchema.videoTask)
            case .questions: questions(module)
            case .test: test(module)
            }
        }
        return files
    }

    /// The source files as the XML a source folder holds.
    package static func sources(of module: Module) throws(Failure) -> [SourceFile: [UInt8]] {
        var files: [SourceFile: [UInt8]] = [:]
        for (file, value) in values(of: module) {
            do { files[file] = Array(try PlistXMLWriter.xml(value).utf8) } catch {
                throw Failure(description: "\(file.path) cannot be written: \(error.description)")
            }
        }
        return files
    }

    private static func moduleFile(_ module: Module) -> PlistValue {
        var fields: [String: PlistValue] = [
            "id": .string(module.id), "title": .string(module.title), "version": .string(module.version),
            "level": .string(module.level), "summary": .string(module.summary),
            "speakers": .array(module.speakers.map { speaker in
                dictionary(["id": .string(speaker.id), "name": .string(speaker.name), "colour": .string(speaker.colour)],
                           order: ModuleSchema.speaker)
            }),
            "objectives": .array(module.objectives.map { objective in
                dictionary(["id": .string(objective.id), "performance": .string(objective.performance),
                            "condition": .string(objective.condition), "content": .string(objective.content),
                            "criteria": .string(objective.criteria)], order: ModuleSchema.objective)
            }),
            "activities": .array(module.activities.map { .string($0.rawValue) }),
        ]
        fields["video"] = module.video.map(PlistValue.string)
        fields["language"] = module.language.map(PlistValue.string)
        fields["passMark"] = module.passMark.map { .integer(PlistInteger($0)) }
        fields["roleplay"] = module.rolePlay.map(PlistValue.bool)
        for (kind, lines) in module.chosenLines {
            guard let key = kind.chosenLinesKey else { continue }
            fields[key] = .array(lines.map(PlistValue.string))
        }
        return dictionary(fields, order: ModuleSchema.module)
    }

    private static func transcript(_ module: Module) -> PlistValue {
        dictionary(["lines": .array(module.transcript.map { line in
            var fields: [String: PlistValue] = [
                "id": .string(line.id), "speaker": .string(line.speaker), "text": .string(line.text),
                "start": .real(line.start), "end": .real(line.end), "audio": .string(line.audio),
            ]
            if !line.terms.isEmpty { fields["terms"] = .array(line.terms.map(PlistValue.string)) }
            fields["uncertainTiming"] = line.uncertainTiming.map(PlistValue.string)
            return dictionary(fields, order: ModuleSchema.line)
        })], order: ModuleSchema.transcript)
    }

    private static func questions(_ module: Module) -> PlistValue {
        dictionary(["questions": .array(module.questions.map { question in
            var fields: [String: PlistValue] = [
                "id": .string(question.id), "text": .string(question.text), "audio": .string(question.audio),
                "answers": .array(question.answers.map { answer in
                    var answerFields: [String: PlistValue] = ["text": .string(answer.text), "audio": .string(answer.audio)]
                    if answer.isCorrect { answerFields["correct"] = .bool(true) }
                    return dictionary(answerFields, order: ModuleSchema.answer)
                }),
            ]
            fields["feedback"] = question.feedback.map(PlistValue.string)
            return dictionary(fields, order: ModuleSchema.question)
        })], order: ModuleSchema.questions)
    }

    private static func test(_ module: Module) -> PlistValue {
        dictionary(["draw": .integer(PlistInteger(module.test.draw)), "items": .array(module.test.items.map { item in
            var fields: [String: PlistValue] = [
                "id": .string(item.id), "objective": .string(item.objective), "text": .string(item.text),
            ]
            switch item.kind {
            case .statement(let isCorrect):
                fields["correct"] = .bool(isCorrect)
            case .multipleChoice(let choices, let answer):
                fields["choices"] = .array(choices.map(PlistValue.string))
                fields["answer"] = .string(answer)
            }
            fields["explanation"] = item.explanation.map(PlistValue.string)
            fields["weight"] = item.weight.map { .integer(PlistInteger($0)) }
            return dictionary(fields, order: ModuleSchema.testItem)
        })], order: ModuleSchema.test)
    }

    private static func media(_ module: Module) -> PlistValue {
        dictionary(["files": .dictionary(module.media.map { file in
            var fields: [String: PlistValue] = [
                "kind": .string(file.kind.rawValue), "size": .integer(PlistInteger(file.size)), "sha256": .string(file.sha256),
            ]
            fields["duration"] = file.duration.map(PlistValue.real)
            if file.isPlaceholder { fields["placeholder"] = .bool(true) }
            return PlistEntry(file.path, dictionary(fields, order: ModuleSchema.mediaFile))
        })], order: ModuleSchema.media)
    }

    /// A dictionary with its keys in the schema's order.
    private static func dictionary(_ fields: [String: PlistValue], order: [String]) -> PlistValue {
        .dictionary(order.compactMap { key in fields[key].map { PlistEntry(key, $0) } })
    }
}

extension DiagnosticCode {
    /// A module's value cannot be written as its source file (`unpack` of a bundle whose module.json holds a
    /// control character XML cannot carry).
    package static let moduleSourceUnwritable: DiagnosticCode = "module-source-unwritable"
}

extension ModuleSourceWriter.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.moduleSourceUnwritable, description)] }
}
