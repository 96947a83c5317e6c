import ArgumentParser
import Foundation
import LessonpackAuthoring
import LessonpackModel

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a module from the starter template.",
        discussion: """
            Copies the starter module into FOLDER with its id and title filled in. It lists the media files it \
            expects under media/; add them, run 'lessonpack media scan FOLDER', and 'lessonpack check FOLDER' \
            passes.
            """)

    @Argument(help: "The folder to create (it must not exist, or be empty).")
    var folder: String

    @Option(help: "The module id: lowercase letters, digits and '-'. Default: from the folder name.")
    var id: String?

    @Option(help: "The module title. Default: from the id.")
    var title: String?

    @Option(help: "A template folder to use instead of the starter.")
    var template: String?

    func run() throws {
        let id = id ?? ModuleTemplate.suggestedID(forFolder: folder)
        let title = title ?? ModuleTemplate.suggestedTitle(forID: id)
        guard let templateFolder = template ?? TemplateLocator.starter() else {
            throw CommandFailure("cannot find the starter template; name one with --template, or set " +
                                 "LESSONPACK_TEMPLATES to the folder holding 'starter'")
        }
        do {
            try ModuleTemplate.create(from: templateFolder, at: folder, id: id, title: title)
        } catch {
            throw CommandFailure(error.description)
        }
        Console.out("created \(folder) (\(id)): add its media under \(ModuleLayout.join(folder, "media/")), then run " +
                    "'lessonpack media scan \(folder)' and 'lessonpack check \(folder)'")
    }
}

/// Finds the template folder: $LESSONPACK_TEMPLATES, then a `Templates` folder beside or above the executable
/// (a build inside the source tree), then the usual install locations.
enum TemplateLocator {
    static func starter(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let configured = environment["LESSONPACK_TEMPLATES"] { candidates.append(configured) }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            candidates.append(folder.appendingPathComponent("Templates").path)
            candidates.append(folder.appendingPathComponent("share/lessonpack/Templates").path)
            folder.deleteLastPathComponent()
        }
        candidates += ["/usr/local/share/lessonpack/Templates", "/usr/share/lessonpack/Templates"]
        return candidates.map { ModuleLayout.join($0, "starter") }
            .first { FileManager.default.fileExists(atPath: ModuleLayout.join($0, SourceFile.module.path)) }
    }
}
