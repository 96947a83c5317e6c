import Foundation
import LessonpackSystem

/// The user name and password a learning record store asks for (HTTP Basic). Never taken from the command line,
/// where other users see it in the process list: from a file (`NAME:PASSWORD` on its first line) or from
/// $LESSONPACK_LRS_USERNAME and $LESSONPACK_LRS_PASSWORD.
package struct LRSCredentials: Sendable, Equatable {
    package var username: String
    package var password: String

    package init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    package var authorization: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }

    /// A credentials file is small: more than this is not one.
    static let fileLimit = 4096

    /// Reads `path`: a regular file whose first line is `NAME:PASSWORD` (the password may hold `:`).
    package static func read(file path: String) throws(RemoteError) -> LRSCredentials {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: fileLimit).get() } catch {
            throw RemoteError(.lrsCredentialsInvalid, "cannot read the credentials file \(path): \(error.description)")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
            throw RemoteError(.lrsCredentialsInvalid, "\(path) must hold NAME:PASSWORD on its first line")
        }
        return LRSCredentials(username: String(line[..<colon]), password: String(line[line.index(after: colon)...]))
    }

    /// From the environment; nil when neither variable is set, an error when only one is.
    package static func fromEnvironment(_ environment: [String: String]) throws(RemoteError) -> LRSCredentials? {
        let username = environment["LESSONPACK_LRS_USERNAME"].flatMap { $0.isEmpty ? nil : $0 }
        let password = environment["LESSONPACK_LRS_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        switch (username, password) {
        case (nil, nil): return nil
        case let (username?, password?): return LRSCredentials(username: username, password: password)
        default:
            throw RemoteError(.lrsCredentialsInvalid, "set both LESSONPACK_LRS_USERNAME and LESSONPACK_LRS_PASSWORD, or " +
                              "neither")
        }
    }
}
