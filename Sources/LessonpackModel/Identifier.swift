/// What ids look like: other files refer to them, and learners' progress is kept under them.
package enum Identifier {
    package static func isValid(_ text: String) -> Bool {
        // By the byte: every allowed character is one ASCII byte, and every line and item has an id to check.
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
            default: false
            }
        }
    }

    /// A module id names bundle files and learners' libraries, so it is stricter: lowercase letters, digits and
    /// inner hyphens, e.g. `job-interview`.
    package static func isValidModuleID(_ text: String) -> Bool {
        !text.isEmpty && text.first != "-" && text.last != "-"
            && text.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }
}
