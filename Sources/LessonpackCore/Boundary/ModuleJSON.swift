/// A module as the WebAssembly core receives it: JSON the core writes (natively, when a module is exported for the
/// web) and reads back (in the browser). Times are whole milliseconds, the only numbers being integers, so both
/// builds read exactly the same module. Reading is strict: anything missing or of the wrong type is no module.
package enum ModuleJSON {
    package static func write(_ module: Module) -> String {
        var json = CoreJSON()
        json.object { json in
            json.member("id", module.id)
            json.member("title", module.title)
            json.member("version", module.version)
            json.member("level", module.level)
            json.member("summary", module.summary)
            json.optionalMember("video", module.video)
            json.optionalMember("language", module.language)
            json.members("speakers", module.speakers) { json, speaker in
                json.member("id", speaker.id)
                json.member("name", speaker.name)
                json.member("colour", speaker.colour)
            }
            json.members("objectives", module.objectives) { json, objective in
                json.member("id", objective.id)
                json.member("performance", objective.performance)
                json.member("condition", objective.condition)
                json.member("content", objective.content)
                json.member("criteria", objective.criteria)
            }
            json.key("activities")
            json.array(module.activities.count) { json, index in json.value(module.activities[index].rawValue) }
            json.members("transcript", module.transcript) { json, line in
                json.member("id", line.id)
                json.member("speaker", line.speaker)
                json.member("text", line.text)
                json.member("startMs", milliseconds(line.start))
                json.member("endMs", milliseconds(line.end))
                json.member("audio", line.audio)
                json.member("terms", line.terms)
                json.optionalMember("uncertainTiming", line.uncertainTiming)
            }
            json.members("definitions", module.definitions) { json, definition in
                json.member("term", definition.term)
                json.member("partOfSpeech", definition.partOfSpeech)
                json.member("meaning", definition.meaning)
            }
            json.members("phrasebook", module.phrasebook) { json, box in
                json.member("title", box.title)
                json.member("body", box.body)
            }
            json.members("videoTask", module.videoTask) { json, statement in
                json.member("id", statement.id)
                json.member("text", statement.text)
                json.key("isCorrect")
                json.value(statement.isCorrect)
                json.member("lines", statement.lines)
            }
            json.members("questions", module.questions) { json, question in
                json.member("id", question.id)
                json.member("text", question.text)
                json.member("audio", question.audio)
                json.members("answers", question.answers) { json, answer in
                    json.member("text", answer.text)
                    json.member("audio", answer.audio)
                    json.key("isCorrect")
                    json.value(answer.isCorrect)
                }
                json.optionalMember("feedback", question.feedback)
            }
            json.key("test")
            json.object { json in
                json.member("draw", module.test.draw)
                json.members("items", module.test.items) { json, item in
                    json.member("id", item.id)
                    json.member("objective", item.objective)
                    json.member("text", item.text)
                    switch item.kind {
                    case .statement(let isCorrect):
                        json.key("isCorrect")
                        json.value(isCorrect)
                    case .multipleChoice(let choices, let answer):
                        json.member("choices", choices)
                        json.member("answer", answer)
                    }
                    json.optionalMember("explanation", item.explanation)
                    json.optionalMember("weight", item.weight)
                }
            }
            json.members("media", module.media) { json, file in
                // Not the size or the hash: the bundle's reader checked both, the engines use neither, and a size past
                // 2 GiB is a number the WebAssembly build's 32-bit Int cannot hold.
                json.member("path", file.path)
                json.member("kind", file.kind.rawValue)
                json.optionalMember("durationMs", file.duration.map(milliseconds))
                json.optionalMember("placeholder", file.placeholder)
            }
            json.optionalMember("passMark", module.passMark)
            json.optionalMember("roleplay", module.rolePlay)
            json.key("chosenLines")
            json.object { json in
                for kind in ActivityKind.allCases {
                    if let lines = module.chosenLines[kind] { json.member(kind.rawValue, lines) }
                }
            }
        }
        return json.text
    }

    /// The module `text` holds, or nil: also when it breaks a rule the engines rely on, which `lessonpack check`
    /// enforces on a module's source but a page's JSON has not been through.
    package static func read(_ text: String) -> Module? {
        guard let root = CoreJSONValue.parse(text) else { return nil }
        var reader = FieldReader()
        let module = reader.module(root)
        return reader.failed || !isPlayable(module) ? nil : module
    }

    /// Times as whole milliseconds, within what a 32-bit Int holds (24 days either way).
    package static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(max(-2_147_483_647, min(2_147_483_647, (seconds * 1000).rounded())))
    }

    /// What the engines take for granted: ids that name one thing each (a deal of two identical tiles never
    /// differs from the last), questions with answers, and numbers small enough that a score cannot overflow a
    /// 32-bit Int.
    package static func isPlayable(_ module: Module) -> Bool {
        func unique(_ ids: [String]) -> Bool { Set(ids).count == ids.count }
        let weights = module.test.items.map { $0.weight ?? 1 }
        return unique(module.transcript.map { $0.id }) && unique(module.videoTask.map { $0.id })
            && unique(module.questions.map { $0.id }) && unique(module.test.items.map { $0.id })
            && unique(module.speakers.map { $0.id }) && unique(module.objectives.map { $0.id })
            && module.questions.allSatisfy { question in
                !question.answers.isEmpty && question.answers.count <= 26 && question.answers.contains { $0.isCorrect }
            }
            && module.test.items.allSatisfy { item in
                guard case .multipleChoice(let choices, let answer) = item.kind else { return true }
                return !choices.isEmpty && choices.count <= 26 && choices.contains(answer)
            }
            && weights.allSatisfy { (1...100).contains($0) } && module.test.items.count <= 10_000
            && (0...10_000).contains(module.test.draw) && (module.passMark.map { (0...100).contains($0) } ?? true)
            && module.transcript.count <= 10_000 && module.questions.count <= 10_000 && module.videoTask.count <= 10_000
            && module.definitions.count <= 10_000
    }

    /// Reads fields, remembering whether any was missing or of the wrong type, so one check covers a whole module.
    private struct FieldReader {
        var failed = false

        mutating func string(_ value: CoreJSONValue?, _ key: String) -> String {
            guard let text = value?[key]?.string else { failed = true; return "" }
            return text
        }

        mutating func optionalString(_ value: CoreJSONValue?, _ key: String) -> String? {
            guard let field = value?[key] else { failed = true; return nil }
            if field.isNull { return nil }
            guard let text = field.string else { failed = true; return nil }
            return text
        }

        mutating func integer(_ value: CoreJSONValue?, _ key: String) -> Int {
            guard let number = value?[key]?.integer else { failed = true; return 0 }
            return number
        }

        mutating func optionalInteger(_ value: CoreJSONValue?, _ key: String) -> Int? {
            guard let field = value?[key] else { failed = true; return nil }
            if field.isNull { return nil }
            guard let number = field.integer else { failed = true; return nil }
            return number
        }

        /// Absent or null is nil: a key added later (`roleplay`) is missing from what an earlier build wrote.
        mutating func optionalBool(_ value: CoreJSONValue?, _ key: String) -> Bool? {
            guard let field = value?[key], !field.isNull else { return nil }
            guard let flag = field.bool else { failed = true; return nil }
            return flag
        }

        mutating func bool(_ value: CoreJSONValue?, _ key: String) -> Bool {
            guard let flag = value?[key]?.bool else { failed = true; return false }
            return flag
        }

        mutating func strings(_ value: CoreJSONValue?, _ key: String) -> [String] { strings(value?[key]) }

        /// An array of strings, itself.
        mutating func strings(_ array: CoreJSONValue?) -> [String] {
            elements(array) { reader, element in
                guard let text = element.string else { reader.failed = true; return "" }
                return text
            }
        }

        mutating func list<Element>(_ value: CoreJSONValue?, _ key: String,
                                    _ element: (inout FieldReader, CoreJSONValue) -> Element) -> [Element] {
            elements(value?[key], element)
        }

        private mutating func elements<Element>(_ array: CoreJSONValue?,
                                                _ element: (inout FieldReader, CoreJSONValue) -> Element) -> [Element] {
            guard let elements = array?.array else { failed = true; return [] }
            var result: [Element] = []
            for item in elements { result.append(element(&self, item)) }
            return result
        }

        mutating func module(_ root: CoreJSONValue) -> Module {
            var module = Module(id: string(root, "id"), title: string(root, "title"), version: string(root, "version"),
                                level: string(root, "level"), summary: string(root, "summary"),
                                language: optionalString(root, "language"), video: optionalString(root, "video"))
            module.speakers = list(root, "speakers") { reader, speaker in
                Speaker(id: reader.string(speaker, "id"), name: reader.string(speaker, "name"),
                        colour: reader.string(speaker, "colour"))
            }
            module.objectives = list(root, "objectives") { reader, objective in
                Objective(id: reader.string(objective, "id"), performance: reader.string(objective, "performance"),
                          condition: reader.string(objective, "condition"), content: reader.string(objective, "content"),
                          criteria: reader.string(objective, "criteria"))
            }
            module.activities = strings(root, "activities").compactMap { name in
                guard let kind = ActivityKind(rawValue: name) else { failed = true; return nil }
                return kind
            }
            module.transcript = list(root, "transcript") { reader, line in
                TranscriptLine(id: reader.string(line, "id"), speaker: reader.string(line, "speaker"),
                               text: reader.string(line, "text"), start: Double(reader.integer(line, "startMs")) / 1000,
                               end: Double(reader.integer(line, "endMs")) / 1000, audio: reader.string(line, "audio"),
                               terms: reader.strings(line, "terms"),
                               uncertainTiming: reader.optionalString(line, "uncertainTiming"))
            }
            module.definitions = list(root, "definitions") { reader, definition in
                Definition(term: reader.string(definition, "term"), partOfSpeech: reader.string(definition, "partOfSpeech"),
                           meaning: reader.string(definition, "meaning"))
            }
            module.phrasebook = list(root, "phrasebook") { reader, box in
                FocusBox(title: reader.string(box, "title"), body: reader.string(box, "body"))
            }
            module.videoTask = list(root, "videoTask") { reader, statement in
                VideoTaskStatement(id: reader.string(statement, "id"), text: reader.string(statement, "text"),
                                   isCorrect: reader.bool(statement, "isCorrect"), lines: reader.strings(statement, "lines"))
            }
            module.questions = list(root, "questions") { reader, question in
                Question(id: reader.string(question, "id"), text: reader.string(question, "text"),
                         audio: reader.string(question, "audio"),
                         answers: reader.list(question, "answers") { reader, answer in
                             Question.Answer(text: reader.string(answer, "text"), audio: reader.string(answer, "audio"),
                                             isCorrect: reader.bool(answer, "isCorrect"))
                         }, feedback: reader.optionalString(question, "feedback"))
            }
            let test = root["test"]
            module.test = TestBank(draw: integer(test, "draw"), items: list(test, "items") { reader, item in
                let kind: TestItem.Kind = item["choices"] == nil
                    ? .statement(isCorrect: reader.bool(item, "isCorrect"))
                    : .multipleChoice(choices: reader.strings(item, "choices"), answer: reader.string(item, "answer"))
                return TestItem(id: reader.string(item, "id"), objective: reader.string(item, "objective"),
                                text: reader.string(item, "text"), kind: kind,
                                explanation: reader.optionalString(item, "explanation"),
                                weight: reader.optionalInteger(item, "weight"))
            })
            module.media = list(root, "media") { reader, file in
                let kind = MediaKind(rawValue: reader.string(file, "kind"))
                if kind == nil { reader.failed = true }
                let placeholder: Bool?
                switch file["placeholder"] {
                case .bool(let flag)?: placeholder = flag
                case .null?: placeholder = nil
                default: reader.failed = true; placeholder = nil
                }
                return MediaFile(path: reader.string(file, "path"), kind: kind ?? .audio, size: 0, sha256: "",
                                 duration: reader.optionalInteger(file, "durationMs").map { Double($0) / 1000 },
                                 placeholder: placeholder)
            }
            module.passMark = optionalInteger(root, "passMark")
            module.rolePlay = optionalBool(root, "roleplay")
            if case .object(let chosen)? = root["chosenLines"] {
                for (name, lines) in chosen {
                    guard let kind = ActivityKind(rawValue: name), kind.chosenLinesKey != nil else { failed = true; continue }
                    module.chosenLines[kind] = strings(lines)
                }
            } else {
                failed = true
            }
            return module
        }
    }
}
