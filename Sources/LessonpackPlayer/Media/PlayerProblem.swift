import LessonpackDiagnostics

/// Something the player could not do for the learner (record, compare), with a stable code (docs/player.md).
package typealias PlayerProblem = CodedError

extension DiagnosticCode {
    /// There is no recorder or no sound device, or recording was turned off.
    package static let recordingUnavailable: DiagnosticCode = "recording-unavailable"
    /// The recorder failed, or wrote nothing.
    package static let recordingFailed: DiagnosticCode = "recording-failed"
    /// The recording and the original could not be mixed.
    package static let comparisonFailed: DiagnosticCode = "comparison-failed"
    /// A line could not be slowed down to be played again (its clip does not decode, or the copy cannot be written).
    package static let slowingFailed: DiagnosticCode = "slowing-failed"
    /// The conversation could not be prepared with some voices silenced (its sound does not decode, or the prepared
    /// copy cannot be written).
    package static let voicesFailed: DiagnosticCode = "voices-failed"

    /// Every player code, for the documentation test.
    package static let playerCodes: [DiagnosticCode] = [.recordingUnavailable, .recordingFailed, .comparisonFailed,
                                                        .slowingFailed, .voicesFailed]
}
