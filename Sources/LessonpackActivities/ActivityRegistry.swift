import LessonpackModel

/// The one list of activity kinds: each kind's descriptor. The switch has no default, so a kind added to
/// `ActivityKind` does not compile until it is described here; everything else asks this registry (the presenters
/// and the player's views keep tables of their own where the types they name live, each as exhaustive).
package enum ActivityRegistry {
    package static func descriptor(for kind: ActivityKind) -> ActivityDescriptor {
        switch kind {
        case .video: VideoEngine.descriptor
        case .videoTask: VideoTaskEngine.descriptor
        case .vocabulary: VocabularyEngine.descriptor
        case .audioGame: AudioGameEngine.descriptor
        case .pronunciation: PronunciationEngine.descriptor
        case .dictation: DictationEngine.descriptor
        case .questions: QuestionsEngine.descriptor
        case .dictionary: DictionaryEngine.descriptor
        case .test: TestEngine.descriptor
        }
    }

    /// An activity's title and what the module holds for it, as `inspect` lists them.
    package static func summary(_ kind: ActivityKind, in module: Module) -> (title: String, counts: [String]) {
        let descriptor = descriptor(for: kind)
        return (descriptor.title, descriptor.counts(module))
    }

    /// Every kind's descriptor, in the standard order.
    package static var all: [ActivityDescriptor] { ActivityKind.allCases.map(descriptor(for:)) }
}

extension ActivityKind {
    package var descriptor: ActivityDescriptor { ActivityRegistry.descriptor(for: self) }
    package var title: String { descriptor.title }
}
