import Foundation
/// A command line with placeholders, as a user configures a player or recorder: `mpv --no-video {file}`.
/// Split on spaces (no shell is involved, so nothing is interpreted); each `{name}` is replaced in place.
package struct CommandTemplate: Sendable, Equatable {
    package var words: [String]

    package init(_ text: String) { words = text.split(separator: " ").map(String.init) }
    package init(words: [String]) { self.words = words }

    package var program: String? { words.first }

    package func arguments(_ values: [String: String]) -> [String] {
        words.dropFirst().map { word in
            values.reduce(word) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
    }
}
