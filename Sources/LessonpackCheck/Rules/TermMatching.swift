import LessonpackDiagnostics
import LessonpackModel

/// How terms are compared: as `TermLayout` compares them for the vocabulary activity.
enum TermMatching {
    static func key(_ term: String) -> String { TermLayout.key(term) }

    /// Where a highlighted term is first written in a line's `terms`, or the list when it is not one of them.
    static func path(of term: String, line index: Int, in module: Module) -> ModulePath {
        module.transcript[index].terms.firstIndex(of: term).map { .transcript(index, .term($0)) }
            ?? .transcript(index, .terms)
    }
}
