import LessonpackActivities
import LessonpackModel

/// An activity a module may list, as the page offers it: its name in module.plist and its title. The page keeps no
/// list of its own: the registry's, in the standard order, comes with every state.
package struct ActivityChoice: Sendable, Encodable, Equatable {
    package var name: String
    package var title: String

    package static let all = ActivityRegistry.all.map { ActivityChoice(name: $0.kind.rawValue, title: $0.title) }
}
