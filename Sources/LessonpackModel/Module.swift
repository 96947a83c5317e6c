/// One stand-alone lesson built around one filmed conversation: everything the eight activities need, as plain
/// values. Source locations live apart, in `ModuleSource`, so this type is the same whether it was read from a
/// source folder or loaded from a compiled bundle.
package struct Module: Hashable, Sendable, Codable {
    package var id: String
    package var title: String
    /// Kept as written; `SemanticVersion(version)` parses it (the `invalid-version` rule reports when it can't).
    package var version: String
    package var level: String
    package var summary: String
    /// The conversation video, a path under `media/`.
    package var video: String?
    package var speakers: [Speaker]
    package var objectives: [Objective]
    package var activities: [ActivityKind]
    package var transcript: [TranscriptLine]
    package var definitions: [Definition]
    package var phrasebook: [FocusBox]
    package var videoTask: [VideoTaskStatement]
    package var questions: [Question]
    package var test: TestBank
    package var media: [MediaFile]
    /// The test score, in percent, at or above which an attempt passes; nil when the module sets none (then a test
    /// is completed, never passed or failed).
    package var passMark: Int?
    /// The lines the dictation reads out, by id, in the author's order; nil for every line. Left out of the compiled
    /// module when nil, so modules without it build as they always have.
    package var dictationLines: [String]?

    package init(id: String = "", title: String = "", version: String = "", level: String = "", summary: String = "",
                video: String? = nil, speakers: [Speaker] = [], objectives: [Objective] = [],
                activities: [ActivityKind] = [], transcript: [TranscriptLine] = [], definitions: [Definition] = [],
                phrasebook: [FocusBox] = [], videoTask: [VideoTaskStatement] = [], questions: [Question] = [],
                test: TestBank = TestBank(), media: [MediaFile] = [], passMark: Int? = nil, dictationLines: [String]? = nil) {
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
        self.passMark = passMark
        self.dictationLines = dictationLines
    }

    /// The lines the dictation reads out: the author's choice (ids the transcript does not have, and a line named
    /// again, are left out, and `check` reports them), or every line.
    package var linesForDictation: [TranscriptLine] {
        guard let chosen = dictationLines else { return transcript }
        var named: Set<String> = []
        return chosen.filter { named.insert($0).inserted }.compactMap { id in transcript.first { $0.id == id } }
    }
}

package struct Speaker: Hashable, Sendable, Codable {
    package var id: String
    package var name: String
    /// `#RRGGBB`: the colour of this speaker's tiles and subtitles.
    package var colour: String

    package init(id: String, name: String, colour: String) {
        self.id = id
        self.name = name
        self.colour = colour
    }
}

/// A learning objective in the PC³ form: what the learner will do (performance), in what situation (condition),
/// with what language (content), and how well (criteria).
package struct Objective: Hashable, Sendable, Codable {
    package var id: String
    package var performance: String
    package var condition: String
    package var content: String
    package var criteria: String

    package init(id: String, performance: String, condition: String, content: String, criteria: String) {
        self.id = id
        self.performance = performance
        self.condition = condition
        self.content = content
        self.criteria = criteria
    }
}

/// The activities, in the order a module presents them (their standard position). What each one means (its title,
/// engine, presenter and views) is its descriptor's: LessonpackActivities' `ActivityRegistry` lists them.
package enum ActivityKind: String, CaseIterable, Hashable, Sendable, Codable {
    case video
    case videoTask = "video-task"
    case vocabulary
    case audioGame = "audio-game"
    case pronunciation
    case dictation
    case questions
    case dictionary
    case test
}
