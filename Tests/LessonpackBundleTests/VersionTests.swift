import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackBundle

@Suite struct DiffAndVersionTests {
    let base = try! ModuleLoader.load(folder: Paths.sampleModule).module

    func changed(_ edit: (inout Module) -> Void) -> Module {
        var module = base
        edit(&module)
        return module
    }

    @Test func identicalModulesNeedNoBump() {
        let check = VersionPolicy.check(old: base, new: base)
        #expect(check.diff.changes.isEmpty)
        #expect(check.diff.requiredBump == .none)
        #expect(check.refusal == nil)
    }

    @Test func aCorrectedTextIsAPatch() {
        let new = changed { $0.transcript[2].text = "Nice to meet you too. I'm Helen Clarke." }
        let diff = ModuleDiff.between(base, new)
        #expect(diff.changes == [.init(area: .transcript, kind: .changed, key: "l03",
                                       detail: "text: \"Nice to meet you too. I'm Helen Clarke, the front office …\" → \"Nice to meet you too. I'm Helen Clarke.\"")])
        #expect(diff.requiredBump == .patch)
        #expect(VersionPolicy.check(old: base, new: new).refusal
            == "the content changed (1 change, a patch change) but the version went from 1.0.0 to 1.0.0: it must be at least 1.0.1")
        #expect(VersionPolicy.check(old: base, new: changed { $0.transcript[2].text = "x"; $0.version = "1.0.1" }).refusal == nil)
    }

    @Test func anAddedItemIsMinorAndARemovedOneMajor() {
        let added = changed { module in
            module.test.items.append(TestItem(id: "t31", objective: "greet", text: "New.", kind: .statement(isCorrect: true)))
            module.version = "1.0.1"
        }
        #expect(ModuleDiff.between(base, added).requiredBump == .minor)
        #expect(VersionPolicy.check(old: base, new: added).refusal?.hasSuffix("it must be at least 1.1.0") == true)

        let removed = changed { $0.test.items.removeLast(); $0.version = "1.1.0" }
        let diff = ModuleDiff.between(base, removed)
        #expect(diff.changes == [.init(area: .test, kind: .removed, key: "t30")])
        #expect(diff.requiredBump == .major)
        #expect(VersionPolicy.check(old: base, new: removed).refusal?.hasSuffix("it must be at least 2.0.0") == true)
        #expect(VersionPolicy.check(old: base, new: changed { $0.test.items.removeLast(); $0.version = "2.0.0" }).refusal == nil)
    }

    @Test func removingContentNobodysHistoryUsesIsMinor() {
        let new = changed { $0.definitions.removeLast() }
        #expect(ModuleDiff.between(base, new).requiredBump == .minor)
    }

    @Test func changedMediaIsNoticed() {
        let new = changed { $0.media[3].sha256 = String(repeating: "a", count: 64) }
        #expect(ModuleDiff.between(base, new).changes.map(\.area) == [.media])
    }

    @Test func versionsMayNotGoBackwards() {
        #expect(VersionPolicy.check(old: base, new: changed { $0.version = "0.9.0" }).refusal
            == "version 0.9.0 is older than the previous release 1.0.0")
    }

    @Test func bumpsApplyAsSemverSays() {
        let version = SemanticVersion(major: 1, minor: 2, patch: 3)
        #expect(VersionBump.patch.applied(to: version).description == "1.2.4")
        #expect(VersionBump.minor.applied(to: version).description == "1.3.0")
        #expect(VersionBump.major.applied(to: version).description == "2.0.0")
    }
}
