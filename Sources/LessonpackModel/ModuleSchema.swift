import PropertyList

/// The keys each kind of dictionary in a module's sources may hold, in the order docs/format.md lists them and
/// `lessonpack fmt` writes them. The decoders read the same lists, so a key cannot be known to one and not the
/// other.
public enum ModuleSchema {
    public static let module = ["id", "title", "version", "level", "summary", "video", "speakers", "objectives",
                                "activities"]
    public static let speaker = ["id", "name", "colour"]
    public static let objective = ["id", "performance", "condition", "content", "criteria"]
    public static let transcript = ["lines"]
    public static let line = ["id", "speaker", "text", "start", "end", "audio", "terms"]
    public static let phrasebook = ["boxes"]
    public static let box = ["title", "text"]
    public static let videoTask = ["statements"]
    public static let statement = ["id", "text", "correct", "lines"]
    public static let questions = ["questions"]
    public static let question = ["id", "text", "audio", "answers", "feedback"]
    public static let answer = ["text", "audio", "correct"]
    public static let test = ["draw", "items"]
    public static let testItem = ["id", "objective", "text", "correct", "choices", "answer", "explanation"]
    public static let media = ["files"]
    public static let mediaFile = ["kind", "size", "sha256", "duration"]

    /// The key order of the dictionary at `path` in `file`; nil where the order of the keys is itself content
    /// (definitions.plist's terms, media.plist's files) or the dictionary is not one the format defines.
    public static func keyOrder(in file: SourceFile, at path: [PlistPathStep]) -> [String]? {
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
