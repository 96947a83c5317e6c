/// The commit this binary was built from (see BuildCommitPlugin): twelve hex digits, `+changes` after them when the
/// source had edits not committed, or nil when it was not built from a git checkout.
package enum BuildCommit {
    package static let current: String? = recordedBuildCommit
}
