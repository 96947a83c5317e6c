/// A failure reading or writing a ZIP container, in words a person can act on.
public struct ArchiveError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}
