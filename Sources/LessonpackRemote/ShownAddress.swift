import Foundation

/// Web addresses as they may be printed or logged: any user name and password in them replaced by `***`, since an
/// address a user typed may carry them (`http://user:password@host/`), and a credential is never printed.
package enum ShownAddress {
    /// `text` (an address, or a message that quotes some) with the user information of each address's authority
    /// (everything before its `@`) replaced.
    package static func inText(_ text: String) -> String {
        var shown = ""
        var rest = text[...]
        while let scheme = rest.range(of: "://") {
            shown += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authorityEnd = rest.firstIndex { "/?#'\" \n\t".contains($0) } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") {
                shown += "***"
                rest = rest[at...]
            }
        }
        return shown + rest
    }
}
