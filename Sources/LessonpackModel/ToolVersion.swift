/// The version of the Lessonpack tools, recorded in every bundle they build.
package enum ToolVersion {
    package static let current = "0.1.0"
}
