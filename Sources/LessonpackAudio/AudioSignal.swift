/// Mono samples in [-1, 1] at one rate: what every analysis here works on.
public struct AudioSignal: Sendable, Equatable {
    public var samples: [Float]
    public var sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var duration: Double { Double(samples.count) / Double(sampleRate) }
}

/// A failure a user can cause with the file they name: it says which file and what is wrong with it.
public struct AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case cannotOpen = "cannot-open"
        case unreadable = "unreadable-audio"
        case tooLong = "audio-too-long"
    }

    public var kind: Kind
    public var path: String
    public var reason: String

    public init(_ kind: Kind, path: String, _ reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
