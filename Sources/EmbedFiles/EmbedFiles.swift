import Foundation

/// `EmbedFiles OUTPUT FILE…`: writes a Swift file declaring `EmbeddedWeb.files`, each file's name and bytes, for the
/// EmbedWebPlugin. The bytes go in as base64, which no file's content can break out of, decoded once when first used.
@main
enum EmbedFiles {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: EmbedFiles OUTPUT FILE...\n".utf8))
            exit(2)
        }
        var source = """
            // Generated on every build by Plugins/EmbedWebPlugin from Sources/LessonpackStudioServer/Web.
            import Foundation

            /// The studio's pages, inside the binary: an installed lessonpack serves them with no source tree.
            enum EmbeddedWeb {
                static let files: [(path: String, bytes: [UInt8])] = encoded.map { name, base64 in
                    (name, [UInt8](Data(base64Encoded: base64)!))
                }

                private static let encoded: [(String, String)] = [

            """
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            let name = url.lastPathComponent
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                FileHandle.standardError.write(Data("EmbedFiles: \(path): a page's file name is letters, digits, '-', '_' and '.'\n".utf8))
                exit(1)
            }
            source += "        (\"\(name)\", \"\(try Data(contentsOf: url).base64EncodedString())\"),\n"
        }
        source += "    ]\n}\n"
        try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }
}
