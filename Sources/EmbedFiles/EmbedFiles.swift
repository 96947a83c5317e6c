import Foundation

/// `EmbedFiles --bytes|--text OUTPUT FILE…`: writes a Swift file for the EmbedWebPlugin.
/// - `--bytes` declares `EmbeddedWeb.files`, each file's name and bytes. The bytes go in as base64, which no file's
///   content can break out of, decoded once when first used.
/// - `--text` declares `EmbeddedStrings.files`, each file's name and its UTF-8 text as an escaped string literal:
///   reading it needs nothing but the standard library (no Foundation), as Embedded Swift requires.
@main
enum EmbedFiles {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2, ["--bytes", "--text"].contains(arguments[0]) else {
            FileHandle.standardError.write(Data("usage: EmbedFiles --bytes|--text OUTPUT FILE...\n".utf8))
            exit(2)
        }
        let asText = arguments[0] == "--text"
        var source = asText ? """
            // Generated on every build by Plugins/EmbedWebPlugin from the target's Strings folder.

            /// The string catalogues, inside the binary: each file's name and text.
            enum EmbeddedStrings {
                static let files: [(name: String, text: String)] = [

            """ : """
            // Generated on every build by Plugins/EmbedWebPlugin from the target's Web folder.
            import Foundation

            /// The target's web page, inside the binary: an installed lessonpack serves or writes it with no source tree.
            enum EmbeddedWeb {
                static let files: [(path: String, bytes: [UInt8])] = encoded.map { name, base64 in
                    (name, [UInt8](Data(base64Encoded: base64)!))
                }

                private static let encoded: [(String, String)] = [

            """
        for path in arguments.dropFirst(2) {
            let url = URL(fileURLWithPath: path)
            let name = url.lastPathComponent
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                FileHandle.standardError.write(Data("EmbedFiles: \(path): a file's name is letters, digits, '-', '_' and '.'\n".utf8))
                exit(1)
            }
            let data = try Data(contentsOf: url)
            if asText {
                guard let text = String(data: data, encoding: .utf8) else {
                    FileHandle.standardError.write(Data("EmbedFiles: \(path): not UTF-8 text\n".utf8))
                    exit(1)
                }
                source += "        (\"\(name)\", \(literal(text))),\n"
            } else {
                source += "        (\"\(name)\", \"\(data.base64EncodedString())\"),\n"
            }
        }
        source += "    ]\n}\n"
        try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
    }

    /// `text` as a Swift string literal: quotes, backslashes and control characters escaped, so no content can end
    /// the literal; every other character (Japanese included) as it is.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
