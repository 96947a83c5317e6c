/// What ids look like: other files refer to them, and learners' progress is kept under them.
package enum Identifier {
    package static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    /// A module id names bundle files and learners' libraries, so it is stricter: lowercase letters, digits and
    /// inner hyphens, e.g. `job-interview`.
    package static func isValidModuleID(_ text: String) -> Bool {
        !text.isEmpty && text.first != "-" && text.last != "-"
            && text.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }
}
