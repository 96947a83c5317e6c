/// How large a module's media may be: the limits every bundle reader enforces, known to the checker too, so that
/// `check` refuses, at the line of media.plist that says it, a file `verify` would refuse in the bundle.
package enum MediaLimits {
    /// One file: a filmed conversation of a few minutes is a few hundred megabytes at most.
    package static let maxFileBytes = 4 << 30
    /// A whole module.
    package static let maxTotalBytes = 16 << 30
}
