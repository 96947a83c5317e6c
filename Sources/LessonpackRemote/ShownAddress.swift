import Foundation

/// Web addresses as they may be printed or logged: any user name and password in them replaced by `***`, since an
/// address a user typed may carry them (`http://user:password@host/`), and a credential is never printed.
package enum ShownAddress {
    /// `address` with the user information of its authority (everything before its `@`) replaced.
    package static func of(_ address: String) -> String {
        inText(address)
    }

    /// Every address in `text` (a message that quotes one) shown as `of` shows it.
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
