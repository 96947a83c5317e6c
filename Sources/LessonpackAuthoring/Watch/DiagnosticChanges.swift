import LessonpackDiagnostics

/// What is new and what is gone between two runs of check. A problem is the same problem when it is in the same
/// file with the same code and message, wherever it moved: adding a line above an error must not make it look
/// fixed and found again.
package struct DiagnosticChanges: Sendable {
    package var added: [Diagnostic] = []
    package var fixed: [Diagnostic] = []

    package var isEmpty: Bool { added.isEmpty && fixed.isEmpty }

    package init(from old: [Diagnostic], to new: [Diagnostic]) {
        var unmatched = Dictionary(grouping: old, by: Identity.init)
        for diagnostic in new {
            let identity = Identity(diagnostic)
            if var same = unmatched[identity], !same.isEmpty {
                same.removeFirst()
                unmatched[identity] = same
            } else {
                added.append(diagnostic)
            }
        }
        fixed = Array(unmatched.values.joined()).sortedForDisplay()
        added = added.sortedForDisplay()
    }

    private struct Identity: Hashable {
        var file: String
        var code: DiagnosticCode
        var message: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            code = diagnostic.code
            message = diagnostic.message
        }
    }
}
