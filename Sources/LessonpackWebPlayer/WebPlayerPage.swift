/// The web player's page: its own files (this target's Web folder) and the activity renderers it shares with the
/// studio's preview and the learning core's loader, which sit in that folder as links to their one copy
/// (Sources/LessonpackStudioServer/Web, WebCore/core.mjs). The EmbedWebPlugin builds them all into the binary.
package enum WebPlayerPage {
    /// Each file's name (no folders) and bytes, for every site: the LMS's launch page and its scripts aside.
    package static var files: [(name: String, bytes: [UInt8])] {
        EmbeddedWeb.files.filter { !isLMSFile($0.path) }.map { (name: $0.path, bytes: $0.bytes) }
    }

    /// The page an LMS launches (lms.html) and its scripts (lms*.js): only in SCORM and cmi5 packages.
    package static var lmsFiles: [(name: String, bytes: [UInt8])] {
        EmbeddedWeb.files.filter { isLMSFile($0.path) }.map { (name: $0.path, bytes: $0.bytes) }
    }

    static func isLMSFile(_ name: String) -> Bool { name.hasPrefix("lms") }
}
