import LessonpackActivities
import LessonpackModel

/// Each kind's presenter, for front ends that open an activity by its kind (the studio's preview). The rest of what
/// a kind means is its descriptor's (`ActivityRegistry`, below the presenters); the switch has no default, so a new
/// kind does not compile until its presenter is named here.
extension ActivityKind {
    package var presenter: any ActivityPresenter.Type {
        switch self {
        case .video: VideoPresenter.self
        case .videoTask: VideoTaskPresenter.self
        case .vocabulary: VocabularyPresenter.self
        case .audioGame: AudioGamePresenter.self
        case .pronunciation: PronunciationPresenter.self
        case .dictation: DictationPresenter.self
        case .questions: QuestionsPresenter.self
        case .dictionary: DictionaryPresenter.self
        case .test: TestPresenter.self
        }
    }
}

extension Wording {
    /// "2. Video task": an activity as titles show it, numbered by its place in the module's list, in the terminal
    /// and in the studio's preview alike.
    package static func numbered(_ kind: ActivityKind, in module: Module, _ strings: Strings) -> String {
        "\((module.activities.firstIndex(of: kind) ?? kind.descriptor.position) + 1). \(title(kind, strings))"
    }

    /// An activity's title in the learner's language ("Video task").
    package static func title(_ kind: ActivityKind, _ strings: Strings) -> String {
        switch kind {
        case .video: strings.text("activity.video")
        case .videoTask: strings.text("activity.video-task")
        case .vocabulary: strings.text("activity.vocabulary")
        case .audioGame: strings.text("activity.audio-game")
        case .pronunciation: strings.text("activity.pronunciation")
        case .dictation: strings.text("activity.dictation")
        case .questions: strings.text("activity.questions")
        case .dictionary: strings.text("activity.dictionary")
        case .test: strings.text("activity.test")
        }
    }
}
