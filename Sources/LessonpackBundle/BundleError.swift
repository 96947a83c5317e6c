/// Why a bundle cannot be built, opened or trusted: one or more problems, each a sentence naming the entry.
public struct BundleError: Error, CustomStringConvertible, Equatable, Sendable {
    public var problems: [String]

    public init(_ problem: String) { problems = [problem] }
    public init(problems: [String]) { self.problems = problems }

    public var description: String { problems.joined(separator: "\n") }
}
