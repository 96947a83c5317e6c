import ArgumentParser
import Foundation
import LessonpackStudio
import LessonpackStudioServer
import LessonpackSystem
import Synchronization

struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Edit modules in the browser: forms for every file, live checking, a learner preview, and build.",
        discussion: """
            Starts a web server on 127.0.0.1 and prints its address, with the session's token, as the first line: \
            'Studio: http://127.0.0.1:PORT/?token=TOKEN'. The folders stay the single source of truth: every \
            change is saved to the source files at once (laid out as 'lessonpack fmt' does, comments kept) and \
            checked with every rule 'lessonpack check' runs. New modules are made in the current folder. Stop it \
            with Ctrl-C. docs/studio.md shows the pages.

            With --format json, that line is a JSON document instead (docs/json-output.md), with the address \
            as 'address', and a failure before the server starts (a folder that cannot be opened, a port \
            that is taken) is a JSON document on standard error.

            Examples:
              lessonpack studio Modules/at-the-cafe
              lessonpack studio Modules --port 8080 --no-open
            """)

    @Argument(help: "Module folders to open (none: start with the New module form).", completion: .directory)
    var folders: [String] = []

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 0

    @Flag(name: .customLong("no-open"), help: "Do not open the browser (it is opened when there is a desktop).")
    var noOpen = false

    @Option(name: .shortAndLong, help: "Where Build writes bundles.", completion: .directory)
    var output: String = "dist"

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() throws {
        let studio = try Studio(folders: folders, workingFolder: FileManager.default.currentDirectoryPath,
                                outputFolder: output, aligner: NewCommand.aligner)
        let environment = ProcessInfo.processInfo.environment
        let server = StudioServer(studio: studio, webFolder: environment["LESSONPACK_STUDIO_WEB"])
        let token = server.token
        let open = !noOpen && (environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil)
        let failure = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let requestedPort = port
        let quiet = outputOptions.quiet, json = outputOptions.format == .json
        let modules = folders.count
        Task {
            do {
                try await server.run(port: requestedPort) { port in
                    let address = "http://127.0.0.1:\(port)/?token=\(token)"
                    if json {
                        let body = StudioJSON(address: address, port: port, folders: modules)
                        Console.json(JSONReport(command: "studio", body: body).rendered())
                    } else {
                        Console.out("Studio: \(address)")
                    }
                    if !quiet && !json { Console.error("Serving \(modules) module\(modules == 1 ? "" : "s"); stop with Ctrl-C.") }
                    if open { Self.openBrowser(address) }
                }
            } catch {
                failure.withLock { $0 = "cannot serve on 127.0.0.1:\(requestedPort): \(error)" }
            }
            done.signal()
        }
        done.wait()
        if let message = failure.withLock({ $0 }) { throw CommandFailure(.studioCannotServe, message) }
    }

    /// The desktop's default browser, left to run on its own.
    private static func openBrowser(_ address: String) {
        guard let opener = ExternalTool.find("xdg-open") else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener.path)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

/// `studio --format json`'s own keys, printed once the server listens: `{"address", "port", "folders"}`, the
/// address with the session's token, and how many module folders were opened.
struct StudioJSON: Encodable {
    var address: String
    var port: Int
    var folders: Int
}
