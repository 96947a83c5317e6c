/// One stand-alone lesson built around one filmed conversation: everything its activities need, as plain
/// values. Source locations live apart, in `ModuleSource`, so this type is the same whether it was read from a
/// source folder or loaded from a compiled bundle.
package struct Module: Hashable, Sendable, Storable {
    package var id: String
    package var title: String
    /// Kept as written; `SemanticVersion(version)` parses it (the `invalid-version` rule reports when it can't).
    package var version: String
    package var level: String
    /// The language the module teaches, a BCP 47 tag as written ("en-GB"); nil when module.plist has none, which
    /// means English (`taughtLanguage`). Kept as written rather than defaulted so that a module without the key
    /// compiles byte for byte as before; the `invalid-language-tag` rule checks its form.
    package var language: String?
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
    /// The lines the author chose for each activity that lets them choose (`ActivityKind.chosenLinesKey`), by id, in
    /// the author's order; a kind with no entry uses every line. Written under each kind's own key in module.plist
    /// and the compiled module, and left out where there is no choice, so modules without one build as they
    /// always have.
    package var chosenLines: [ActivityKind: [String]]
    /// Whether the video offers role play, as module.plist's `roleplay` says; nil when it says nothing, which means
    /// yes for a conversation of two or more speakers (`offersRolePlay`). Left out when nil, so modules without the
    /// key build byte for byte as before.
    package var rolePlay: Bool?

    package init(id: String = "", title: String = "", version: String = "", level: String = "", summary: String = "",
                language: String? = nil, video: String? = nil, speakers: [Speaker] = [], objectives: [Objective] = [],
                activities: [ActivityKind] = [], transcript: [TranscriptLine] = [], definitions: [Definition] = [],
                phrasebook: [FocusBox] = [], videoTask: [VideoTaskStatement] = [], questions: [Question] = [],
                test: TestBank = TestBank(), media: [MediaFile] = [], passMark: Int? = nil, chosenLines: [ActivityKind: [String]] = [:],
                rolePlay: Bool? = nil) {
        self.id = id
        self.title = title
        self.version = version
        self.level = level
        self.summary = summary
        self.language = language
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
        self.chosenLines = chosenLines
        self.rolePlay = rolePlay
    }

    /// Whether the learner can play a speaker in the video: the author has not switched it off, and the conversation
    /// has someone to answer (two speakers or more). Every line has its own clip, so each can be heard apart.
    package var offersRolePlay: Bool {
        (rolePlay ?? true) && speakers.count >= 2 && video != nil && !transcript.isEmpty
    }

    /// The tag of the language the module teaches: what module.plist says, or "en".
    package var taughtLanguage: String { language ?? "en" }

    /// The lines `kind` uses: the author's choice (ids the transcript does not have, and a line named again, are
    /// left out, and `check` reports them), or every line.
    package func lines(for kind: ActivityKind) -> [TranscriptLine] {
        guard let chosen = chosenLines[kind] else { return transcript }
        var named: Set<String> = []
        return chosen.filter { named.insert($0).inserted }.compactMap { id in transcript.first { $0.id == id } }
    }
}

#if !hasFeature(Embedded)
extension Module {
    private enum CodingKeys: String, CodingKey {
        case id, title, version, level, summary, video, speakers, objectives, activities, transcript, definitions
        case phrasebook, videoTask, questions, test, media, passMark, language
        case rolePlay = "roleplay"
    }

    /// A kind's own key for its chosen lines, which is not one of `CodingKeys`.
    private struct ChosenLinesKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    // Written out by hand only because each kind's chosen lines sit under that kind's own key, beside the others,
    // as module.plist writes them; every other field is encoded as the compiler would.
    package init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        id = try fields.decode(String.self, forKey: .id)
        title = try fields.decode(String.self, forKey: .title)
        version = try fields.decode(String.self, forKey: .version)
        level = try fields.decode(String.self, forKey: .level)
        summary = try fields.decode(String.self, forKey: .summary)
        language = try fields.decodeIfPresent(String.self, forKey: .language)
        video = try fields.decodeIfPresent(String.self, forKey: .video)
        speakers = try fields.decode([Speaker].self, forKey: .speakers)
        objectives = try fields.decode([Objective].self, forKey: .objectives)
        activities = try fields.decode([ActivityKind].self, forKey: .activities)
        transcript = try fields.decode([TranscriptLine].self, forKey: .transcript)
        definitions = try fields.decode([Definition].self, forKey: .definitions)
        phrasebook = try fields.decode([FocusBox].self, forKey: .phrasebook)
        videoTask = try fields.decode([VideoTaskStatement].self, forKey: .videoTask)
        questions = try fields.decode([Question].self, forKey: .questions)
        test = try fields.decode(TestBank.self, forKey: .test)
        media = try fields.decode([MediaFile].self, forKey: .media)
        passMark = try fields.decodeIfPresent(Int.self, forKey: .passMark)
        rolePlay = try fields.decodeIfPresent(Bool.self, forKey: .rolePlay)
        let chosen = try decoder.container(keyedBy: ChosenLinesKey.self)
        chosenLines = [:]
        for kind in ActivityKind.allCases {
            guard let key = kind.chosenLinesKey else { continue }
            chosenLines[kind] = try chosen.decodeIfPresent([String].self, forKey: ChosenLinesKey(stringValue: key))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(id, forKey: .id)
        try fields.encode(title, forKey: .title)
        try fields.encode(version, forKey: .version)
        try fields.encode(level, forKey: .level)
        try fields.encode(summary, forKey: .summary)
        try fields.encodeIfPresent(video, forKey: .video)
        try fields.encode(speakers, forKey: .speakers)
        try fields.encode(objectives, forKey: .objectives)
        try fields.encode(activities, forKey: .activities)
        try fields.encode(transcript, forKey: .transcript)
        try fields.encode(definitions, forKey: .definitions)
        try fields.encode(phrasebook, forKey: .phrasebook)
        try fields.encode(videoTask, forKey: .videoTask)
        try fields.encode(questions, forKey: .questions)
        try fields.encode(test, forKey: .test)
        try fields.encode(media, forKey: .media)
        try fields.encodeIfPresent(passMark, forKey: .passMark)
        try fields.encodeIfPresent(language, forKey: .language)
        try fields.encodeIfPresent(rolePlay, forKey: .rolePlay)
        var chosen = encoder.container(keyedBy: ChosenLinesKey.self)
        for kind in ActivityKind.allCases {
            guard let key = kind.chosenLinesKey, let lines = chosenLines[kind] else { continue }
            try chosen.encode(lines, forKey: ChosenLinesKey(stringValue: key))
        }
    }
}
#endif

package struct Speaker: Hashable, Sendable, Storable {
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
package struct Objective: Hashable, Sendable, Storable {
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
package enum ActivityKind: String, CaseIterable, Hashable, Sendable, Storable {
    case video
    case videoTask = "video-task"
    case vocabulary
    case audioGame = "audio-game"
    case pronunciation
    case dictation
    case questions
    case dictionary
    case test

    /// The module.plist key under which authors may choose the lines this activity uses (by default, every line);
    /// nil for an activity that lets them choose none. Everything that reads, writes, checks or edits a module
    /// handles the key from here.
    package var chosenLinesKey: String? {
        switch self {
        case .dictation: "dictationLines"
        case .video, .videoTask, .vocabulary, .audioGame, .pronunciation, .questions, .dictionary, .test: nil
        }
    }
}
