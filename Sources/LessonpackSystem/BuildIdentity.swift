import Foundation

/// Names the running build of lessonpack by its executable's `FileIdentity`. Installing or rebuilding the tool
/// gives it a new name, so whatever was remembered under the old one (a verdict of rules that may have changed) no
/// longer applies. Nil where the executable cannot be found, so nothing is remembered.
package enum BuildIdentity {
    package static let current: String? = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return nil }
        return FileIdentity(status).description
    }()
}
