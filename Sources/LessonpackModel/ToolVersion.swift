/// The version of the Lessonpack tools, recorded in every bundle they build.
public enum ToolVersion {
    public static let current = "0.1.0"
}
