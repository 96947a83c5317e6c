import LessonpackDiagnostics
import PropertyList

extension DiagnosticCode {
    package static let unknownActivity: DiagnosticCode = "unknown-activity"
}

extension ModuleDecoder {
    /// module.plist: identity, speakers, objectives and the activity list.
    mutating func decodeModuleFile(_ root: PlistNode) {
        guard let fields = rootFields(root, file: .module, knownKeys: ModuleSchema.module) else { return }
        map.module = fields.origin
        module.id = fields.string("id") ?? ""
        if !module.id.isEmpty, !Identifier.isValidModuleID(module.id), let node = fields.origin.fields["id"] {
            report(.error(.invalidID, "'\(module.id)' is not a valid module id: use lowercase letters, digits and " +
                          "'-', e.g. 'job-interview'", at: node.location), about: .module(.id))
        }
        module.title = fields.string("title") ?? ""
        module.version = fields.string("version") ?? ""
        module.level = fields.string("level") ?? ""
        module.language = fields.string("language", required: false)
        module.summary = fields.string("summary") ?? ""
        decodeActivities(fields.array("activities"))
        module.passMark = boundedInteger(fields, "passMark", meaning: "a percentage")
        module.rolePlay = fields.bool("roleplay", required: false)
        for kind in ActivityKind.allCases {
            guard let key = kind.chosenLinesKey else { continue }
            module.chosenLines[kind] = fields.strings(key, required: false)
        }
        module.video = fields.string("video", required: module.activities.contains(.video))

        for speaker in entries(fields.array("speakers"), named: "speaker", knownKeys: ModuleSchema.speaker, path: {
            .speakers($0, $1.flatMap(ModulePath.SpeakerField.init(rawValue:)) ?? .entry)
        }) {
            module.speakers.append(Speaker(id: speaker.identifier() ?? "", name: speaker.string("name") ?? "",
                                           colour: speaker.string("colour") ?? ""))
            map.speakers.append(speaker.origin)
            speaker.finish()
        }
        for objective in entries(fields.array("objectives"), named: "objective", knownKeys: ModuleSchema.objective, path: {
            .objectives($0, $1.flatMap(ModulePath.ObjectiveField.init(rawValue:)) ?? .entry)
        }) {
            module.objectives.append(Objective(
                id: objective.identifier() ?? "", performance: objective.string("performance") ?? "",
                condition: objective.string("condition") ?? "", content: objective.string("content") ?? "",
                criteria: objective.string("criteria") ?? ""))
            map.objectives.append(objective.origin)
            objective.finish()
        }
        fields.finish()
    }

    /// An optional whole number from 1 to 100 (a pass mark in percent, a test item's weight): out of range is an
    /// error at the value, and the value is left out rather than clamped, so nothing is scored by a number the author
    /// did not write.
    func boundedInteger(_ fields: FieldReader, _ key: String, range: ClosedRange<Int> = 1...100,
                        meaning: String) -> Int? {
        guard let value = fields.integer(key, required: false) else { return nil }
        guard range.contains(value) else {
            if let node = fields.origin.fields[key] {
                report(.error(.invalidNumber, "'\(key)' is \(value); it must be \(meaning) from \(range.lowerBound) " +
                              "to \(range.upperBound)", at: node.location), about: fields.path(key))
            }
            return nil
        }
        return value
    }

    private mutating func decodeActivities(_ nodes: [PlistNode]?) {
        let names = ActivityKind.allCases.map(\.rawValue)
        for node in nodes ?? [] where !node.isInvalid {
            guard let name = node.string else {
                report(.error(.wrongType, "each activity must be a <string>, found <\(node.elementName)>",
                              at: node.location), about: .module(.activities))
                continue
            }
            guard let activity = ActivityKind(rawValue: name) else {
                let hint = DidYouMean.suggestion(for: name, among: names).map { "did you mean '\($0)'?" }
                    ?? "the activities are " + names.map { "'\($0)'" }.joined(separator: ", ")
                report(.error(.unknownActivity, "unknown activity '\(name)'; \(hint)", at: node.location),
                       about: .module(.activities))
                continue
            }
            module.activities.append(activity)
            map.activities.append(node.mark)
        }
    }
}
