/// A failure with no place in a file to point at (the progress store, a recorder), told in a sentence for the
/// user and carrying a stable code that tools and tests match instead of the words.
package struct CodedError: Error, CustomStringConvertible, Sendable {
    package var code: DiagnosticCode
    package var description: String

    package init(_ code: DiagnosticCode, _ description: String) {
        self.code = code
        self.description = description
    }
}
