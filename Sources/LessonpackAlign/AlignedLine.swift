/// When one transcript line is spoken in a recording, as forced alignment found it: trimmed to its speech (the start
/// is where its first word starts, not where the silence before it does).
package struct AlignedLine: Hashable, Sendable {
    /// Seconds from the start of the recording.
    package var start: Double
    package var end: Double
    /// Why this line's timing is doubtful, in words a teacher understands; nil when the alignment is confident.
    package var doubt: String?

    package init(start: Double, end: Double, doubt: String? = nil) {
        self.start = start
        self.end = end
        self.doubt = doubt
    }
}
