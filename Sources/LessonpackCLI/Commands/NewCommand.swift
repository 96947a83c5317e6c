import ArgumentParser
import Foundation
import LessonpackAuthoring
import LessonpackModel

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a module that passes 'check', from the built-in starter or your own template.",
        discussion: """
            Creates FOLDER with the module's id and title filled in, placeholder text, a placeholder video and \
            placeholder clips, and a media.plist: 'lessonpack check FOLDER' passes at once. NEXT-STEPS.md inside \
            lists what to replace. With --template, your own template folder (a module folder whose files may \
            say {{ID}} and {{TITLE}}) is used instead; audio it names but does not hold is made as placeholders.
            """)

    @Argument(help: "The folder to create (it must not exist, or be empty).", completion: .directory)
    var folder: String

    @Option(help: "The module id: lowercase letters, digits and '-'. Default: from the folder name.")
    var id: String?

    @Option(help: "The module title. Default: from the id.")
    var title: String?

    @Option(help: "A template: a module folder to copy instead of the built-in starter.", completion: .directory)
    var template: String?

    func run() throws {
        let id = id ?? ModuleTemplate.suggestedID(forFolder: folder)
        let title = title ?? ModuleTemplate.suggestedTitle(forID: id)
        do {
            try ModuleTemplate.create(from: template.map { .folder($0) } ?? .starter, at: folder, id: id, title: title)
        } catch {
            throw CommandFailure(error.description)
        }
        Console.out("created \(folder) (\(id)); it passes 'lessonpack check' with placeholders. To do:")
        let steps = template == nil ? [
            "module.plist: title, summary, level, speakers and objectives",
            "media/conversation.mp4: your filmed conversation",
            "transcript.plist: the lines and their times; each line's clip in media/lines/",
            "questions/: the video task, the spoken Q&A (clips in media/qa/) and the test bank",
            "definitions.plist and phrasebook.plist",
            "after changing media: 'lessonpack media scan \(folder)'; then 'lessonpack check \(folder)'",
        ] : ["replace the placeholder clips under media/, then run 'lessonpack media scan \(folder)' and 'lessonpack check \(folder)'"]
        for (index, step) in steps.enumerated() { Console.out("  \(index + 1). \(step)") }
    }
}
