import Foundation

/// Foundation's errors in words a user can act on. Left to themselves they print as "Error Domain=NSCocoaErrorDomain
/// Code=256 …" or "The operation could not be completed", which say nothing about what went wrong; the POSIX
/// error underneath usually does.
package enum SystemErrorText {
    package static func describe(_ error: any Error) -> String {
        let bridged = error as NSError
        switch bridged.domain {
        case NSPOSIXErrorDomain:
            return posix(Int32(bridged.code))
        case NSCocoaErrorDomain:
            if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return posix(Int32(underlying.code))
            }
            return cocoa(CocoaError.Code(rawValue: bridged.code))
        default:
            return String(describing: error)
        }
    }

    private static func posix(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    private static func cocoa(_ code: CocoaError.Code) -> String {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: "no such file or folder"
        case .fileWriteFileExists: "it already exists"
        case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
        case .fileWriteOutOfSpace: "no space left on the device"
        case .fileWriteVolumeReadOnly: "the file system is read-only"
        case .fileReadCorruptFile: "the file is damaged"
        case .fileReadTooLarge: "the file is too large"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: "the text is not in the expected encoding"
        case .fileReadInvalidFileName, .fileWriteInvalidFileName: "the name is not a valid file name"
        case .fileLocking: "the file is locked"
        case .fileWriteUnknown: "it cannot be written"
        default: "it cannot be read or written (file-system error \(code.rawValue))"
        }
    }
}
