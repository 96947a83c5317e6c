/// One stand-alone lesson built around one filmed conversation: everything the eight activities need, as plain
/// values. Source locations live apart, in `ModuleSource`, so this type is the same whether it was read from a
/// source folder or loaded from a compiled bundle.
public struct Module: Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    /// Kept as written; `SemanticVersion(version)` parses it (the `invalid-version` rule reports when it can't).
    public var version: String
    public var level: String
    public var summary: String
    /// The conversation video, a path under `media/`.
    public var video: String?
    public var speakers: [Speaker]
    public var objectives: [Objective]
    public var activities: [ActivityKind]
    public var transcript: [TranscriptLine]
    public var definitions: [Definition]
    public var phrasebook: [FocusBox]
    public var videoTask: [VideoTaskStatement]
    public var questions: [Question]
    public var test: TestBank
    public var media: [MediaFile]

    public init(id: String = "", title: String = "", version: String = "", level: String = "", summary: String = "",
                video: String? = nil, speakers: [Speaker] = [], objectives: [Objective] = [],
                activities: [ActivityKind] = [], transcript: [TranscriptLine] = [], definitions: [Definition] = [],
                phrasebook: [FocusBox] = [], videoTask: [VideoTaskStatement] = [], questions: [Question] = [],
                test: TestBank = TestBank(), media: [MediaFile] = []) {
        self.id = id
        self.title = title
        self.version = version
        self.level = level
        self.summary = summary
        self.video = video
        self.speakers = speakers
        self.objectives = objectives
        self.activities = activities
        self.transcript = transcript
        self.definitions = definitions
        self.phrasebook = phrasebook
        self.videoTask = videoTask
        self.questions = questions
        self.test = test
        self.media = media
    }
}

public struct Speaker: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    /// `#RRGGBB`: the colour of this speaker's tiles and subtitles.
    public var colour: String

    public init(id: String, name: String, colour: String) {
        self.id = id
        self.name = name
        self.colour = colour
    }
}

/// A learning objective in the PC³ form: what the learner will do (performance), in what situation (condition),
/// with what language (content), and how well (criteria).
public struct Objective: Hashable, Sendable, Codable {
    public var id: String
    public var performance: String
    public var condition: String
    public var content: String
    public var criteria: String

    public init(id: String, performance: String, condition: String, content: String, criteria: String) {
        self.id = id
        self.performance = performance
        self.condition = condition
        self.content = content
        self.criteria = criteria
    }
}

/// The eight activities, in the order a module presents them.
public enum ActivityKind: String, CaseIterable, Hashable, Sendable, Codable {
    case video
    case videoTask = "video-task"
    case vocabulary
    case audioGame = "audio-game"
    case pronunciation
    case questions
    case dictionary
    case test

    public var title: String {
        switch self {
        case .video: "Video"
        case .videoTask: "Video task"
        case .vocabulary: "Language and vocabulary"
        case .audioGame: "Audio game"
        case .pronunciation: "Pronunciation practice"
        case .questions: "Questions and answers"
        case .dictionary: "Dictionary and phrasebook"
        case .test: "Test"
        }
    }
}
