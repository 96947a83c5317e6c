import LessonpackActivities
import LessonpackModel

/// An activity a module may list, as the page offers it: its name in module.plist, its title, and the key under which
/// the author may choose its lines, if it lets them. The page keeps no list of its own: the registry's, in the
/// standard order, comes with every state.
package struct ActivityChoice: Sendable, Encodable, Equatable {
    package var name: String
    package var title: String
    /// `ActivityKind.chosenLinesKey`: absent for an activity that uses every line.
    package var linesKey: String?

    package static let all = ActivityRegistry.all.map {
        ActivityChoice(name: $0.kind.rawValue, title: $0.title, linesKey: $0.kind.chosenLinesKey)
    }
}
