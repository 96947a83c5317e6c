import LessonpackModel

/// The fixed facts of the bundle format, version by version. docs/bundle-format.md describes it for people.
package enum BundleFormat {
    /// The newest format this build writes and the newest it can read.
    package static let version = 1
    package static let mediaType = "application/vnd.lessonpack+zip"
    package static let fileExtension = BundleFileName.fileExtension

    package static let mimetypeEntry = "mimetype"
    package static let manifestEntry = "manifest.plist"
    package static let moduleEntry = "module.json"
    package static let signatureEntry = "signature.plist"
    /// Media files sit under this folder, at the path the module's sources give them.
    package static let mediaFolder = "media/"

    /// `job-interview-1.0.0.lessonpack`
    package static func fileName(id: String, version: String) -> String { BundleFileName.of(id: id, version: version) }
}
