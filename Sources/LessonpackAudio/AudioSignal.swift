import LessonpackDiagnostics

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
    public enum Kind: Sendable {
        /// The file cannot be opened: missing, not a regular file, no permission.
        case cannotOpen
        /// The file opens but does not decode as audio, and ffmpeg cannot convert it.
        case unreadable
        /// The audio lasts longer than the analysis takes.
        case tooLong
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

extension AudioError: DiagnosticError {
    package var code: DiagnosticCode {
        switch kind {
        case .cannotOpen: .audioCannotOpen
        case .unreadable: .audioUndecodable
        case .tooLong: .audioTooLong
        }
    }

    package var reportedDiagnostics: [Diagnostic] { [.failure(code, reason, file: path)] }
}

extension DiagnosticCode {
    /// An audio file cannot be opened: missing, not a regular file, no permission.
    package static let audioCannotOpen: DiagnosticCode = "audio-cannot-open"
    /// An audio file does not decode (libsndfile cannot read it and ffmpeg cannot convert it).
    package static let audioUndecodable: DiagnosticCode = "audio-undecodable"
    /// An audio file lasts longer than the analysis takes.
    package static let audioTooLong: DiagnosticCode = "audio-too-long"
}
