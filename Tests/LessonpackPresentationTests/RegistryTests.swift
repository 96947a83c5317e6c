import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import Testing

/// The registry and the presenters' table agree: each kind is described once, by its own engine, and presented by
/// a presenter of that engine; titles are told apart and numbered as the module lists the activities.
@Suite struct RegistryTests {
    @Test(arguments: ActivityKind.allCases) func eachKindIsDescribedAndPresentedByItsOwnEngine(_ kind: ActivityKind) {
        #expect(ActivityRegistry.descriptor(for: kind).kind == kind)
        #expect(ActivityRegistry.descriptor(for: kind).engine.kind == kind)
        #expect(kind.presenter.presents == kind)
    }

    @Test func theRegistryListsEveryKindOnceInTheStandardOrder() {
        #expect(ActivityRegistry.all.map(\.kind) == ActivityKind.allCases)
        #expect(ActivityRegistry.all.map(\.position) == Array(ActivityKind.allCases.indices))
        #expect(Set(ActivityRegistry.all.map(\.title)).count == ActivityKind.allCases.count)
    }

    @Test func anActivityIsNumberedByItsPlaceInTheModule() {
        let module = Module(activities: [.video, .test])
        #expect(Wording.numbered(.test, in: module, Strings(.en)) == "2. Test")
        #expect(Wording.numbered(.video, in: module, Strings(.en)) == "1. Video")
    }
}

extension ActivityPresenter {
    static var presents: ActivityKind { Engine.kind }
}
