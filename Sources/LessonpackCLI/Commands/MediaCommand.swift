import ArgumentParser
import LessonpackAuthoring
import LessonpackModel
import LessonpackSystem

struct MediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Manage a module's media manifest.",
        subcommands: [MediaScanCommand.self])
}

struct MediaScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Write or refresh media.plist from the files under media/.",
        discussion: """
            Records each file's kind (from its extension), size, SHA-256 and, for audio and video, its duration \
            measured with ffprobe. Without ffprobe, durations of unchanged files are kept and new ones left out.
            """)

    @Argument(help: "The module folder.")
    var folder: String

    func run() throws {
        do {
            _ = try ModuleLoader.load(folder: folder)
        } catch {
            throw CommandFailure(error.description)
        }
        let scan = MediaScanner.scan(folder: folder)
        for (path, reason) in scan.skipped { Console.error("warning: media/\(path) skipped: \(reason)") }
        if let reason = scan.probeUnavailable, !scan.withoutDuration.isEmpty {
            Console.error("warning: \(reason); no duration recorded for " +
                          scan.withoutDuration.map { "media/\($0)" }.joined(separator: ", "))
        }
        do {
            try MediaScanner.write(scan, folder: folder)
        } catch let failure as AtomicFile.Failure {
            throw CommandFailure(writing: failure)
        } catch {
            throw CommandFailure("\(error)")
        }
        for (path, change) in scan.changes where change != .unchanged {
            Console.out("\(change.rawValue) media/\(path)")
        }
        let unchanged = scan.changes.filter { $0.change == .unchanged }.count
        Console.out("\(ModuleLayout.join(folder, SourceFile.media.path)): \(scan.files.count) files" +
                    (unchanged == scan.files.count ? ", no changes" : ""))
    }
}
