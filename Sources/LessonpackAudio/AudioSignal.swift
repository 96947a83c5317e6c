import Foundation
import LessonpackDiagnostics
import LessonpackSystem

/// Mono samples in [-1, 1] at one rate: what every analysis here works on.
package struct AudioSignal: Sendable, Equatable {
    package var samples: [Float]
    package var sampleRate: Int

    package init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    package var duration: Double { Double(samples.count) / Double(sampleRate) }
}

/// A failure a user can cause with the file they name: it says which file and what is wrong with it. The one error
/// of the audio stack: reading, mixing and writing sound all fail with it.
package struct AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        case cannotOpen, unreadable, tooLong, cannotWrite

        package var code: DiagnosticCode {
            switch self {
            case .cannotOpen: .audioCannotOpen
            case .unreadable: .audioUnreadable
            case .tooLong: .audioTooLong
            case .cannotWrite: .audioCannotWrite
            }
        }
    }

    package var kind: Kind
    package var path: String
    package var reason: String

    package init(_ kind: Kind, path: String, _ reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    package var code: DiagnosticCode { kind.code }
    package var description: String { "\(path): \(reason)" }
}

extension DiagnosticCode {
    /// The sound file cannot be opened: missing, not a regular file, or not readable.
    package static let audioCannotOpen: DiagnosticCode = "audio-cannot-open"
    /// Neither libsndfile nor ffmpeg reads it as sound.
    package static let audioUnreadable: DiagnosticCode = "audio-unreadable"
    /// Longer than the analysis takes.
    package static let audioTooLong: DiagnosticCode = "audio-too-long"
    /// A mix could not be written.
    package static let audioCannotWrite: DiagnosticCode = "audio-cannot-write"
}

extension AudioError: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(code, reason, file: path)] }
}

extension AudioError {
    /// Writes a finished WAV (a mix, a prepared conversation) to `path`, replacing any file there atomically; a
    /// failure names the file.
    package static func writing(_ wav: Data, to path: String) throws(AudioError) {
        do { try AtomicFile.write(wav, to: path) } catch {
            throw AudioError(.cannotWrite, path: path, SystemErrorText.describe(error))
        }
    }
}
