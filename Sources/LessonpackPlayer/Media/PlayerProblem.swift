import LessonpackDiagnostics

/// Something the player could not do for the learner (record, compare), with a stable code (docs/player.md).
public struct PlayerProblem: Error, CustomStringConvertible, Sendable {
    public var code: DiagnosticCode
    public var description: String

    public init(_ code: DiagnosticCode, _ description: String) {
        self.code = code
        self.description = description
    }
}

extension DiagnosticCode {
    /// There is no recorder or no sound device, or recording was turned off.
    public static let recordingUnavailable: DiagnosticCode = "recording-unavailable"
    /// The recorder failed, or wrote nothing.
    public static let recordingFailed: DiagnosticCode = "recording-failed"
    /// The recording and the original could not be mixed.
    public static let comparisonFailed: DiagnosticCode = "comparison-failed"

    /// Every player code, for the documentation test.
    public static let playerCodes: [DiagnosticCode] = [.recordingUnavailable, .recordingFailed, .comparisonFailed]
}
