import ArgumentParser
import LessonpackModel
import LessonpackSystem
import Foundation
import LessonpackLibrary
import LessonpackPlayer
import LessonpackPresentation
import LessonpackProgress
import LessonpackRuntime
import TerminalText

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a module: a bundle, a module folder, or an installed module's id.",
        discussion: """
            Full-screen in a terminal (press ? for help on any screen); --plain plays line by line, reading commands \
            from standard input, for screen readers, dumb terminals and scripts (docs/player.md lists the commands). \
            Progress is saved as you go, in --data-dir (default $LESSONPACK_DATA_DIR, or $XDG_DATA_HOME/lessonpack); \
            an unfinished attempt is offered for resuming the next time.

            Sound plays through mpv, ffplay, paplay or aplay, recording uses arecord, sox or ffmpeg; --player and \
            --recorder (or $LESSONPACK_PLAYER and $LESSONPACK_RECORDER) set a command instead, e.g. \
            --player 'mpv --no-video {file}', or 'none'.

            The player speaks English or Japanese: --ui-language, else the locale ($LC_ALL, $LC_MESSAGES, $LANG: \
            ja_JP.UTF-8 is Japanese), else English; a terminal that cannot show UTF-8 gets English. The lesson itself \
            is in the language the module teaches.

            Exit status: 0 when you leave the player, 1 when the module has errors ('lessonpack check' lists \
            them), 2 when it cannot be found or read, or for a usage mistake. With --format json, a failure before \
            the session starts is printed as a JSON document (docs/json-output.md) on standard error, since \
            standard output is the session's.

            Examples:
              lessonpack play dist/at-the-cafe-1.0.0.lessonpack
              lessonpack play at-the-cafe --plain
              lessonpack play Modules/at-the-cafe --ui-language ja
            """)

    @Argument(help: "A .lessonpack bundle, a module source folder, or the id of an installed module.", completion: .file())
    var module: String

    @Option(help: "Seed every shuffle and draw, to replay a session exactly.")
    var seed: UInt64?

    @Flag(help: "Play line by line, reading commands from standard input.")
    var plain = false

    @Option(help: "Where progress and installed modules are kept.", completion: .directory)
    var dataDir: String?

    @Option(help: "The command that plays sound ({file}, {start}), or 'none' (with -q, the player does not say so).")
    var player: String?

    @Option(help: "The command that records ({output}, {seconds}), or 'none'.")
    var recorder: String?

    @Option(name: .customLong("ui-language"),
            help: "The language of the player's sentences: en or ja (default: from the locale, English for any other).")
    var uiLanguage: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        if let uiLanguage, UILanguage(tag: uiLanguage) == nil {
            throw ValidationError("--ui-language \(TerminalSafe.line(uiLanguage)): the player speaks en (English) or ja (Japanese)")
        }
        let dataFolder = dataDir ?? ProgressStore.defaultFolder()
        let path = FileManager.default.fileExists(atPath: module) ? module
            : ModuleLibrary(dataFolder: dataFolder).newest(module)?.path
        guard let path else {
            throw CommandFailure(.moduleNotFound, "\(module): no such bundle or folder, and no installed module with that id " +
                                 "('lessonpack list' shows them)")
        }
        let playerCommand = player ?? environment["LESSONPACK_PLAYER"]
        let sound = SoundOutput(configured: playerCommand)
        let session: PlayerSession
        do {
            let loaded = try LoadedModule.open(path, checked: MediaStore.checkedModules())
            // One player per store, decided before the store is opened (opening may upgrade it).
            let lock = try PlayerLock(folder: dataFolder)
            let store = try ProgressStore(folder: dataFolder, busyTimeout: ProgressStore.busyTimeout())
            session = try PlayerSession(
                loaded: loaded, store: store, lock: lock,
                sound: sound,
                recorder: CommandRecorder(configured: recorder ?? environment["LESSONPACK_RECORDER"]),
                // Per module: line ids are unique within a module, not across modules. Both were checked to be ids.
                seed: seed, workFolder: dataFolder + "/recordings/" + loaded.module.id,
                language: Self.language(chosen: uiLanguage, environment: environment), at: Date())
        } catch let error as RuntimeError {
            // A module with errors is a problem found, as with 'check'; one that cannot be read at all is not.
            throw CommandFailure(error, status: error.code == .runtimeModuleInvalid ? 1 : 2)
        } catch {
            throw CommandFailure(error, otherwise: .progressUnavailable)
        }
        // -q leaves out the notes that only repeat the learner's own choice; every other note stays.
        if output.quiet, playerCommand == "none", let reason = sound.unavailableReason { session.countAsShown(reason) }
        let interactive = Console.isTerminal(0) && Console.isTerminal(1) && environment["TERM"] != "dumb"
        // A terminal not set up for UTF-8 gets ASCII look-alikes rather than bytes of garbage.
        let ascii = !AsciiFallback.terminalIsUTF8(environment: environment)
        if plain || !interactive {
            let signals = EndingSignals.install()
            defer { withExtendedLifetime(signals) {} }
            PlainDriver(session: session, readLine: { Swift.readLine(strippingNewline: true) },
                        write: { Console.out(ascii ? AsciiFallback.text($0) : $0, terminator: "") },
                        echo: !Console.isTerminal(0)).run()
        } else {
            try FullScreen.run(session, ascii: ascii)
        }
        session.close()
    }

    /// The player's language: the one asked for, else the locale's, else English. A terminal that cannot show
    /// UTF-8 gets English, whose ASCII look-alikes it can show; Japanese would be question marks.
    static func language(chosen: String?, environment: [String: String]) -> UILanguage {
        let language = chosen.map { UILanguage(tag: $0) ?? .en } ?? UILanguage.fromLocale(environment)
        return AsciiFallback.terminalIsUTF8(environment: environment) ? language : .en
    }
}
