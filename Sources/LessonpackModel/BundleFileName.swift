/// How a module's bundle is named on disk and in catalogs: the model's identity, so that a catalog's reader can hold
/// a listed file name to it without the bundle compiler.
package enum BundleFileName {
    package static let fileExtension = "lessonpack"

    /// `job-interview-1.0.0.lessonpack`
    package static func of(id: String, version: String) -> String { "\(id)-\(version).\(fileExtension)" }
}
