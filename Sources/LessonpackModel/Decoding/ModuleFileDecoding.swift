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
                          "'-', e.g. 'job-interview'", at: node.location))
        }
        module.title = fields.string("title") ?? ""
        module.version = fields.string("version") ?? ""
        module.level = fields.string("level") ?? ""
        module.summary = fields.string("summary") ?? ""
        decodeActivities(fields.array("activities"))
        module.video = fields.string("video", required: module.activities.contains(.video))

        for speaker in entries(fields.array("speakers"), named: "speaker", knownKeys: ModuleSchema.speaker) {
            module.speakers.append(Speaker(id: speaker.identifier() ?? "", name: speaker.string("name") ?? "",
                                           colour: speaker.string("colour") ?? ""))
            map.speakers.append(speaker.origin)
            speaker.finish()
        }
        for objective in entries(fields.array("objectives"), named: "objective", knownKeys: ModuleSchema.objective) {
            module.objectives.append(Objective(
                id: objective.identifier() ?? "", performance: objective.string("performance") ?? "",
                condition: objective.string("condition") ?? "", content: objective.string("content") ?? "",
                criteria: objective.string("criteria") ?? ""))
            map.objectives.append(objective.origin)
            objective.finish()
        }
        fields.finish()
    }

    private mutating func decodeActivities(_ nodes: [PlistNode]?) {
        let names = ActivityKind.allCases.map(\.rawValue)
        for node in nodes ?? [] where !node.isInvalid {
            guard let name = node.string else {
                report(.error(.wrongType, "each activity must be a <string>, found <\(node.elementName)>",
                              at: node.location))
                continue
            }
            guard let activity = ActivityKind(rawValue: name) else {
                let hint = DidYouMean.suggestion(for: name, among: names).map { "did you mean '\($0)'?" }
                    ?? "the activities are " + names.map { "'\($0)'" }.joined(separator: ", ")
                report(.error(.unknownActivity, "unknown activity '\(name)'; \(hint)", at: node.location))
                continue
            }
            module.activities.append(activity)
            map.activities.append(node.location)
        }
    }
}
