import Foundation
import PackagePlugin

/// Builds files a target needs at run time into its binary, made afresh on each build from the folder itself, so
/// each file has one copy in the repository and an installed `lessonpack` needs no source tree:
/// - a `Web` folder (the studio's page, the web player's) becomes `EmbeddedWeb.files`, each file's name and bytes; a
///   link in it (the web player's to the activity renderers it shares with the studio) is embedded as the file it
///   leads to, so the two pages share one copy;
/// - a `Strings` folder (the presenters' string catalogues, one file per language) becomes `EmbeddedStrings.files`,
///   each file's name and text as a plain string literal, which needs no Foundation to read: the presenters are to
///   be compiled with Embedded Swift too.
@main
struct EmbedWebPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "EmbedFiles").url
        var commands: [Command] = []
        for (folder, mode, what) in [("Web", "--bytes", "the web page"), ("Strings", "--text", "the string catalogues")] {
            let directory = target.directoryURL.appending(path: folder)
            guard FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)) else { continue }
            // Hidden files are editor droppings (.DS_Store, swap files), not pages.
            let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { !$0.lastPathComponent.hasPrefix(".") }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            let output = context.pluginWorkDirectoryURL.appending(path: "Embedded\(folder).swift")
            commands.append(.buildCommand(displayName: "Embedding \(what) (\(files.count) files)", executable: tool,
                                          arguments: [mode, output.path(percentEncoded: false)]
                                              + files.map { $0.path(percentEncoded: false) },
                                          inputFiles: files, outputFiles: [output]))
        }
        return commands
    }
}
