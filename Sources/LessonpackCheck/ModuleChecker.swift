import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// `lessonpack check`: read a module folder, then run every rule over it.
package enum ModuleChecker {
    /// Every rule, in no particular order: diagnostics are sorted by place before anyone sees them.
    package static let rules: [any CheckRule] = [
        ActivityListRule(), EmptyActivityRule(), ModuleSizeRule(), SemanticVersionRule(), LevelRule(), SpeakerColourRule(),
        UniqueIDRule(), UndeclaredSpeakerRule(), UnusedSpeakerRule(),
        TimingOrderRule(), TimingOverlapRule(), TimingWithinVideoRule(), ClipSpanRule(), UnknownDurationRule(),
        MediaReferenceRule(), MediaIntegrityRule(), UnlistedMediaRule(), UnusedMediaRule(), MediaNameRule(),
        UndefinedTermRule(), TermNotInLineRule(), UnusedDefinitionRule(), DefinitionFormatRule(),
        VideoTaskCountRule(), LineReferenceRule(), DictationLinesRule(),
        AnswerCountRule(), CorrectAnswerRule(), DistinctAnswersRule(), ChoiceRule(),
        TestBankSizeRule(), UnknownObjectiveRule(), UnassessedObjectiveRule(), PassMarkRule(),
        PlaceholderTextRule(), PlaceholderMediaRule(), UncertainTimingRule(),
    ]

    package struct Result: Sendable {
        package var source: ModuleSource
        /// Reading problems and rule findings together, sorted by file, line and column.
        package var diagnostics: [Diagnostic]
    }

    /// `digests` remembers media hashes between checks of the same folder (the studio checks after every save).
    package static func check(folder: String, digests: DigestMemo? = nil) throws(ModuleLoader.Failure) -> Result {
        let source = try ModuleLoader.load(folder: folder)
        return Result(source: source, diagnostics: check(source, digests: digests))
    }

    /// `mediaOnDisk: false` leaves out the rules that look at the media folder (for a module read from a bundle).
    package static func check(_ source: ModuleSource, mediaOnDisk: Bool = true, digests: DigestMemo? = nil) -> [Diagnostic] {
        let context = CheckContext(source: source, mediaOnDisk: mediaOnDisk, digests: digests)
        var diagnostics = source.diagnostics
        for rule in rules where mediaOnDisk || !type(of: rule).readsMediaFolder { diagnostics += rule.check(context) }
        return diagnostics.sortedForDisplay()
    }
}
