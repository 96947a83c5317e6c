import BundleArchive
import LessonpackSystem

/// Writes a ZIP with the real writer into a fresh file, for tests that need a well-formed archive to start from.
package enum TestZip {
    package static func write(_ path: String, timestamp: Int64? = nil, _ body: (ZipWriter) throws -> Void) throws {
        let staged = try AtomicFile.Staged(replacing: path)
        let writer = try ZipWriter(descriptor: staged.descriptor, timestamp: timestamp)
        try body(writer)
        try writer.finish()
        try staged.commit()
    }
}
