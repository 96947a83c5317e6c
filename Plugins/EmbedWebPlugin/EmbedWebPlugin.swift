import Foundation
import PackagePlugin

/// Builds the studio's page into the binary: every file of the target's `Web` folder becomes bytes in a generated
/// Swift file, made afresh on each build from the folder itself, so the page has one copy in the repository and an
/// installed `lessonpack studio` needs no source tree.
@main
struct EmbedWebPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let web = target.directoryURL.appending(path: "Web")
        // Hidden files are editor droppings (.DS_Store, swap files), not pages.
        let files = try FileManager.default.contentsOfDirectory(at: web, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWeb.swift")
        return [.buildCommand(displayName: "Embedding the studio's page (\(files.count) files)",
                              executable: try context.tool(named: "EmbedFiles").url,
                              arguments: [output.path(percentEncoded: false)] + files.map { $0.path(percentEncoded: false) },
                              inputFiles: files, outputFiles: [output])]
    }
}
