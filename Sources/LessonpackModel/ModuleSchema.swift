import PropertyList

/// The keys each kind of dictionary in a module's sources may hold, in the order docs/format.md lists them and
/// `lessonpack fmt` writes them. The decoders read the same lists, so a key cannot be known to one and not the
/// other.
package enum ModuleSchema {
    /// After the activity list, the key of each activity that lets authors choose its lines, in the standard order.
    package static let module = ["id", "title", "version", "level", "language", "summary", "video", "speakers", "objectives",
                                "activities"] + ActivityKind.allCases.compactMap(\.chosenLinesKey) + ["passMark", "roleplay"]
    package static let speaker = ["id", "name", "colour"]
    package static let objective = ["id", "performance", "condition", "content", "criteria"]
    package static let transcript = ["lines"]
    package static let line = ["id", "speaker", "text", "start", "end", "audio", "terms", "uncertainTiming"]
    package static let phrasebook = ["boxes"]
    package static let box = ["title", "text"]
    package static let videoTask = ["statements"]
    package static let statement = ["id", "text", "correct", "lines"]
    package static let questions = ["questions"]
    package static let question = ["id", "text", "audio", "answers", "feedback"]
    package static let answer = ["text", "audio", "correct"]
    package static let test = ["draw", "items"]
    package static let testItem = ["id", "objective", "weight", "text", "correct", "choices", "answer", "explanation"]
    package static let media = ["files"]
    package static let mediaFile = ["kind", "size", "sha256", "duration", "placeholder"]

    /// The key order of the dictionary at `path` in `file`; nil where the order of the keys is itself content
    /// (definitions.plist's terms, media.plist's files) or the dictionary is not one the format defines.
    package static func keyOrder(in file: SourceFile, at path: [PlistPathStep]) -> [String]? {
        // The path's shape, with "#" for any index and "*" for a key that is content: "lines/#".
        // In media.plist, the keys under "files" are paths.
        let shape = path.enumerated().map { position, step in
            switch step {
            case .index: "#"
            case .key(let key): file == .media && position == 1 && path.first == .key("files") ? "*" : key
            }
        }.joined(separator: "/")
        return switch (file, shape) {
        case (.module, ""): module
        case (.module, "speakers/#"): speaker
        case (.module, "objectives/#"): objective
        case (.transcript, ""): transcript
        case (.transcript, "lines/#"): line
        case (.phrasebook, ""): phrasebook
        case (.phrasebook, "boxes/#"): box
        case (.videoTask, ""): videoTask
        case (.videoTask, "statements/#"): statement
        case (.questions, ""): questions
        case (.questions, "questions/#"): question
        case (.questions, "questions/#/answers/#"): answer
        case (.test, ""): test
        case (.test, "items/#"): testItem
        case (.media, ""): media
        case (.media, "files/*"): mediaFile
        default: nil
        }
    }
}
