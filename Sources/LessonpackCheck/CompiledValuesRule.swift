import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    /// A compiled module (a bundle's module.json) that no source folder could have produced.
    package static let moduleJSONInvalid: DiagnosticCode = "module-json-invalid"
}

/// What reading judges of every value it reads from sources, judged of a module that arrived compiled, whose values
/// no reader has seen: ids an id may be, texts that are not empty, times within a video, numbers within their range,
/// and nothing a source file cannot say (a control character XML cannot hold, a list with the same media file twice,
/// a definition that would read back as another). A compiled module that passes holds only what `check` accepts from
/// sources, so the player and the other rules can rely on what reading promises. Sources are left to reading, which
/// reports the same codes at the place each value is written.
struct CompiledValuesRule: CheckRule {
    static let codes: [DiagnosticCode] = [.invalidID, .emptyValue, .invalidTime, .invalidNumber, .missingKey,
                                          .moduleJSONInvalid]

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.map == nil else { return [] }
        var values = Values(context: context)
        values.judge(context.module)
        return values.found
    }
}

/// One walk over a module's values, collecting what reading would have refused.
private struct Values {
    let context: CheckContext
    var found: [Diagnostic] = []

    init(context: CheckContext) { self.context = context }

    mutating func judge(_ module: Module) {
        if !module.id.isEmpty, !Identifier.isValidModuleID(module.id) {
            report(.invalidID, "'\(module.id)' is not a valid module id: use lowercase letters, digits and '-', e.g. " +
                   "'job-interview'", at: .module(.id))
        }
        text(module.id, .module(.id))
        text(module.title, .module(.title))
        text(module.version, .module(.version))
        text(module.level, .module(.level))
        text(module.summary, .module(.summary))
        if let video = module.video {
            text(video, .module(.video))
        } else if module.activities.contains(.video) {
            report(.missingKey, "the module lists the 'video' activity but names no video", at: .module(.video))
        }
        if let mark = module.passMark { bounded(mark, "passMark", meaning: "a percentage", at: .module(.passMark)) }
        for (index, speaker) in module.speakers.enumerated() {
            identifier(speaker.id, .speakers(index, .id))
            text(speaker.name, .speakers(index, .name))
            text(speaker.colour, .speakers(index, .colour))
        }
        for (index, objective) in module.objectives.enumerated() {
            identifier(objective.id, .objectives(index, .id))
            text(objective.performance, .objectives(index, .performance))
            text(objective.condition, .objectives(index, .condition))
            text(objective.content, .objectives(index, .content))
            text(objective.criteria, .objectives(index, .criteria))
        }
        for (index, line) in module.transcript.enumerated() { judge(line, index) }
        judgeDefinitions(module.definitions)
        for (index, box) in module.phrasebook.enumerated() {
            text(box.title, .phrasebook(index, .title))
            text(box.body, .phrasebook(index, .text))
        }
        for (index, statement) in module.videoTask.enumerated() {
            identifier(statement.id, .videoTask(index, .id))
            text(statement.text, .videoTask(index, .text))
            for (line, reference) in statement.lines.enumerated() {
                text(reference, .videoTask(index, .line(line)), mayBeEmpty: true)
            }
        }
        for (index, question) in module.questions.enumerated() { judge(question, index) }
        if module.test.draw < 1 { report(.invalidNumber, "'draw' must be at least 1", at: .test(.draw)) }
        for (index, item) in module.test.items.enumerated() { judge(item, index) }
        judgeMedia(module.media)
    }

    private mutating func judge(_ line: TranscriptLine, _ index: Int) {
        identifier(line.id, .transcript(index, .id))
        text(line.speaker, .transcript(index, .speaker))
        text(line.text, .transcript(index, .text))
        time(line.start, .transcript(index, .start))
        time(line.end, .transcript(index, .end))
        text(line.audio, .transcript(index, .audio))
        for (term, value) in line.terms.enumerated() { text(value, .transcript(index, .term(term)), mayBeEmpty: true) }
        if let doubt = line.uncertainTiming { text(doubt, .transcript(index, .uncertainTiming)) }
    }

    private mutating func judge(_ question: Question, _ index: Int) {
        identifier(question.id, .questions(index, .id))
        text(question.text, .questions(index, .text))
        text(question.audio, .questions(index, .audio))
        for (answerIndex, answer) in question.answers.enumerated() {
            text(answer.text, .questions(index, .answer(answerIndex, .text)))
            text(answer.audio, .questions(index, .answer(answerIndex, .audio)))
        }
        if let feedback = question.feedback { text(feedback, .questions(index, .feedback)) }
    }

    private mutating func judge(_ item: TestItem, _ index: Int) {
        identifier(item.id, .testItems(index, .id))
        text(item.objective, .testItems(index, .objective))
        text(item.text, .testItems(index, .text))
        if case .multipleChoice(let choices, let answer) = item.kind {
            for (choice, value) in choices.enumerated() {
                text(value, .testItems(index, .choice(choice)), mayBeEmpty: true)
            }
            text(answer, .testItems(index, .answer))
        }
        if let explanation = item.explanation { text(explanation, .testItems(index, .explanation)) }
        if let weight = item.weight {
            bounded(weight, "weight", meaning: "a whole number", at: .testItems(index, .weight))
        }
    }

    /// Terms are keys of one dictionary, and each text must read back as the definition it was.
    private mutating func judgeDefinitions(_ definitions: [Definition]) {
        var seen: Set<String> = []
        for (index, definition) in definitions.enumerated() {
            text(definition.term, .definitions(index, .term), mayBeEmpty: true)
            if !seen.insert(definition.term).inserted {
                report(.moduleJSONInvalid, "'\(definition.term)' is defined twice; definitions.plist can hold a term " +
                       "once", at: .definitions(index, .term))
            }
            let written = definition.sourceText
            text(written, .definitions(index, .meaning), mayBeEmpty: true)
            let read = Definition.parse(written)
            if read?.partOfSpeech ?? "" != definition.partOfSpeech || read?.meaning ?? written != definition.meaning {
                report(.moduleJSONInvalid, "the definition of '\(definition.term)' does not read back as written: its " +
                       "part of speech and meaning cannot be told apart in a source", at: .definitions(index, .meaning))
            }
        }
    }

    /// Paths are keys of one dictionary; `placeholder` is true or left out.
    private mutating func judgeMedia(_ media: [MediaFile]) {
        var seen: Set<String> = []
        for (index, file) in media.enumerated() {
            text(file.path, .media(index, .entry), mayBeEmpty: true)
            if !seen.insert(file.path).inserted {
                report(.moduleJSONInvalid, "media '\(file.path)' is listed twice; media.plist can list a file once",
                       at: .media(index, .entry))
            }
            text(file.sha256, .media(index, .sha256))
            if let duration = file.duration, !duration.isFinite {
                report(.moduleJSONInvalid, "the duration of media '\(file.path)' is not a number",
                       at: .media(index, .duration))
            }
            if file.placeholder == false {
                report(.moduleJSONInvalid, "media '\(file.path)' is marked as no placeholder, which sources say only by " +
                       "leaving 'placeholder' out", at: .media(index, .placeholder))
            }
        }
    }

    /// A text a source file can hold, and, unless it may be, not empty (as reading requires of required texts).
    private mutating func text(_ value: String, _ path: ModulePath, mayBeEmpty: Bool = false) {
        if let scalar = value.unicodeScalars.first(where: Self.cannotBeWritten) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            report(.moduleJSONInvalid, "it holds the control character U+\(code), which a module's sources cannot hold",
                   at: path)
        } else if !mayBeEmpty, value.allSatisfy(\.isWhitespace) {
            report(.emptyValue, "this text is empty", at: path)
        }
    }

    /// What XML 1.0 has no way to write, not even as a character reference.
    private static func cannotBeWritten(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    private mutating func identifier(_ value: String, _ path: ModulePath) {
        if !value.isEmpty, !Identifier.isValid(value) {
            report(.invalidID, "'\(value)' is not a valid id: use letters, digits, '-', '_' and '.' only, e.g. 'line-01'",
                   at: path)
        }
        text(value, path)
    }

    private mutating func time(_ seconds: Double, _ path: ModulePath) {
        guard seconds.isFinite, (0...TimeText.longest).contains(seconds) else {
            report(.invalidTime, "a time in the video runs from 0 to 99:59:59.999, not \(seconds) seconds", at: path)
            return
        }
    }

    private mutating func bounded(_ value: Int, _ key: String, meaning: String, at path: ModulePath) {
        if !(1...100).contains(value) {
            report(.invalidNumber, "'\(key)' is \(value); it must be \(meaning) from 1 to 100", at: path)
        }
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at path: ModulePath) {
        found.append(context.problem(code, message, at: path))
    }
}
