/// The fixed facts of the bundle format, version by version. docs/bundle-format.md describes it for people.
public enum BundleFormat {
    /// The newest format this build writes and the newest it can read.
    public static let version = 1
    public static let mediaType = "application/vnd.lessonpack+zip"
    public static let fileExtension = "lessonpack"

    public static let mimetypeEntry = "mimetype"
    public static let manifestEntry = "manifest.plist"
    public static let moduleEntry = "module.json"
    public static let signatureEntry = "signature.plist"
    /// Media files sit under this folder, at the path the module's sources give them.
    public static let mediaFolder = "media/"

    /// `job-interview-1.0.0.lessonpack`
    public static func fileName(id: String, version: String) -> String { "\(id)-\(version).\(fileExtension)" }
}
