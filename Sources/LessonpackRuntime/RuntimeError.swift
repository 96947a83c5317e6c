/// Why a module cannot be opened or a media file cannot be provided, in a sentence for the learner's screen.
public struct RuntimeError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
