import LessonpackModel

/// Whether a new version number is enough for what changed since the previous release.
package struct VersionCheck: Sendable {
    package var diff: ModuleDiff
    package var previousVersion: String
    package var newVersion: String
    /// The smallest acceptable new version.
    package var required: SemanticVersion?
    /// Why the build must stop, or nil when the version is fine.
    package var refusal: String?
}

package enum VersionPolicy {
    /// Compares `next` with the module in the bundle at `previous`.
    package static func check(previous: String, next: Module) throws(BundleError) -> VersionCheck {
        let old = try BundleReader.open(previous).module
        return check(old: old, new: next)
    }

    package static func check(old: Module, new: Module) -> VersionCheck {
        let diff = ModuleDiff.between(old, new)
        var result = VersionCheck(diff: diff, previousVersion: old.version, newVersion: new.version)
        guard old.id == new.id else {
            result.refusal = "the previous bundle is module '\(old.id)', not '\(new.id)'"
            return result
        }
        guard let oldVersion = SemanticVersion(old.version), let newVersion = SemanticVersion(new.version) else {
            result.refusal = "cannot compare versions '\(old.version)' and '\(new.version)'"
            return result
        }
        let bump = diff.requiredBump
        let required = bump.applied(to: oldVersion)
        result.required = required
        if newVersion < oldVersion {
            result.refusal = "version \(new.version) is older than the previous release \(old.version)"
        } else if bump != .none, newVersion < required {
            let count = diff.changes.count
            result.refusal = "the content changed (\(count) change\(count == 1 ? "" : "s"), a \(bump) change) but the " +
                "version went from \(old.version) to \(new.version): it must be at least \(required)"
        }
        return result
    }
}
