@_exported import LessonpackCore
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
