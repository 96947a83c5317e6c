import Foundation
import LessonpackSystem

/// A new folder under the system's temporary folder that only this user can enter: where the studio keeps what
/// the browser sent before (or instead of) it reaches a module.
enum PrivateFolder {
    static func make(_ purpose: String) throws(StudioError) -> String {
        let path = NSTemporaryDirectory() + "lessonpack-\(purpose)-\(UInt64.random(in: 0...UInt64.max))"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StudioError(.cannotWrite, "cannot make a private folder for the \(purpose): \(SystemErrorText.describe(error))")
        }
        return path
    }
}
