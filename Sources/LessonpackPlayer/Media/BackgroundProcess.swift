import Foundation

/// A helper program running beside the player (a media player), with its output discarded so it cannot scribble
/// on the screen, and stopped when no longer wanted.
final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()

    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    var isRunning: Bool { process.isRunning }
    var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
    }
}
