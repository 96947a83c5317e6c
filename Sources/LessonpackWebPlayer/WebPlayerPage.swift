/// The web player's page: its own files (this target's Web folder) and the activity renderers it shares with the
/// studio's preview and the learning core's loader, which sit in that folder as links to their one copy
/// (Sources/LessonpackStudioServer/Web, WebCore/core.mjs). The EmbedWebPlugin builds them all into the binary.
package enum WebPlayerPage {
    /// Each file's name (no folders) and bytes.
    package static var files: [(name: String, bytes: [UInt8])] {
        EmbeddedWeb.files.map { (name: $0.path, bytes: $0.bytes) }
    }
}
