import LessonpackModel

/// Every module the learner has met, each with the history of the activities they opened, in the modules' id
/// order and the activities' standard order: what `progress` reports, read from the store without writing.
package struct ProgressOverview: Sendable, Equatable {
    package struct Module: Sendable, Equatable {
        package var id: String
        /// The title the module had when it was last played.
        package var title: String
        /// Every version played, oldest first.
        package var versions: [String]
        package var activities: [ActivityHistory]
    }

    package var modules: [Module]

    package init(_ store: ProgressStore) throws(ProgressError) {
        var modules: [String: Module] = [:]
        for seen in try store.modules() {
            modules[seen.id, default: Module(id: seen.id, title: seen.title, versions: [], activities: [])]
                .versions.append(seen.version)
            modules[seen.id]?.title = seen.title
        }
        for id in modules.keys {
            let histories = try store.history(moduleID: id)
            modules[id]?.activities = ActivityKind.allCases.compactMap { histories[$0] }
        }
        self.modules = modules.values.sorted { $0.id < $1.id }
    }
}
