import LessonpackDiagnostics
import LessonpackModel

/// Every rule `check` runs, with the codes it reports, and how serious each code is. Severity belongs to the code,
/// here and nowhere else: a rule says what it found and where, never whether that is an error. docs/format.md's
/// tables are tested against this list, code for code and severity for severity.
package enum RuleCatalogue {
    package struct Entry: Sendable {
        package let rule: any CheckRule
        package let errors: [DiagnosticCode]
        package let warnings: [DiagnosticCode]

        package var codes: [DiagnosticCode] { errors + warnings }
    }

    private static func rule(_ rule: any CheckRule, errors: [DiagnosticCode] = [], warnings: [DiagnosticCode] = [])
        -> Entry {
        Entry(rule: rule, errors: errors, warnings: warnings)
    }

    /// In no particular order: diagnostics are sorted by place before anyone sees them.
    package static let entries: [Entry] = [
        rule(ActivityListRule(), errors: [.duplicateActivity, .activityOrder, .noActivities]),
        rule(EmptyActivityRule(), errors: [.emptyActivity]),
        rule(ModuleSizeRule(), errors: [.tooManyEntries]),
        rule(SemanticVersionRule(), errors: [.invalidVersion]),
        rule(LevelRule(), errors: [.invalidLevel]),
        rule(LanguageTagRule(), errors: [.invalidLanguageTag]),
        rule(SpeakerColourRule(), errors: [.invalidColour]),
        rule(UniqueIDRule(), errors: [.duplicateID]),
        rule(UndeclaredSpeakerRule(), errors: [.undeclaredSpeaker]),
        rule(UnusedSpeakerRule(), warnings: [.unusedSpeaker]),
        rule(TimingOrderRule(), errors: [.timingOrder]),
        rule(TimingOverlapRule(), errors: [.timingOverlap]),
        rule(TimingWithinVideoRule(), errors: [.timingBeyondVideo]),
        rule(ClipSpanRule(), warnings: [.clipSpanMismatch]),
        rule(UnknownDurationRule(), warnings: [.unknownDuration]),
        rule(MediaReferenceRule(), errors: [.mediaNotInManifest, .mediaKindMismatch, .invalidMediaPath]),
        rule(MediaIntegrityRule(),
             errors: [.mediaFileMissing, .mediaSizeMismatch, .mediaHashMismatch, .invalidMediaPath]),
        rule(UnlistedMediaRule(), warnings: [.unlistedMedia]),
        rule(UnusedMediaRule(), warnings: [.unusedMedia]),
        rule(MediaNameRule(), errors: [.invalidMediaPath, .mediaNameClash, .mediaTooLarge]),
        rule(UndefinedTermRule(), errors: [.undefinedTerm]),
        rule(TermNotInLineRule(), errors: [.termNotInLine, .overlappingTerms]),
        rule(UnusedDefinitionRule(), warnings: [.unusedDefinition]),
        rule(DefinitionFormatRule(), errors: [.definitionFormat]),
        rule(VideoTaskCountRule(), errors: [.videoTaskCount]),
        rule(LineReferenceRule(), errors: [.unknownLine, .noLineReference]),
        rule(ChosenLinesRule(), errors: [.unknownChosenLine, .noChosenLines, .duplicateChosenLine]),
        rule(AnswerCountRule(), errors: [.answerCount]),
        rule(CorrectAnswerRule(), errors: [.correctAnswerCount]),
        rule(DistinctAnswersRule(), errors: [.duplicateAnswer]),
        rule(ChoiceRule(), errors: [.invalidChoices, .answerNotAChoice]),
        rule(TestBankSizeRule(), errors: [.testBankTooSmall]),
        rule(UnknownObjectiveRule(), errors: [.unknownObjective]),
        rule(UnassessedObjectiveRule(), errors: [.unassessedObjective]),
        rule(PassMarkRule(), warnings: [.passMarkWithoutTest]),
        rule(RolePlayRule(), warnings: [.rolePlayWithoutConversation]),
        rule(PlaceholderTextRule(), warnings: [.placeholderText]),
        rule(PlaceholderMediaRule(), warnings: [.placeholderMedia]),
        rule(UncertainTimingRule(), warnings: [.uncertainTiming]),
    ]

    /// What `CompiledValuesRule` reports of a compiled module's values: in sources, reading reports the same with
    /// the same codes (docs/format.md, "Reading the module"). `CompiledModuleTests` breaks a module for each.
    package static let compiledValues = rule(CompiledValuesRule(), errors: CompiledValuesRule.codes)

    /// Each code's severity, from `entries`.
    package static let severities: [DiagnosticCode: Severity] = {
        var severities: [DiagnosticCode: Severity] = [:]
        for entry in entries + [compiledValues] {
            for code in entry.errors { severities[code] = .error }
            for code in entry.warnings { severities[code] = severities[code] ?? .warning }
        }
        return severities
    }()

    /// How serious a finding with `code` is. A code missing from the catalogue is reported as an error, and the
    /// rule fixture tests fail on it.
    package static func severity(of code: DiagnosticCode) -> Severity { severities[code] ?? .error }
}
