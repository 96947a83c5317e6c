import Foundation
import LessonpackTestSupport
import Testing

/// `$XDG_CONFIG_HOME/lessonpack/config.plist`: settings a person gives once, which options on the command line
/// still override; its mistakes are coded diagnostics at their place.
@Suite struct ConfigurationFileTests {
    /// A folder for the configuration, one to work in, and how to run lessonpack with the first as its config home.
    struct Setup {
        let folder = TemporaryFolder()
        var home: String { folder.child("config") }
        var file: String { home + "/lessonpack/config.plist" }
        var work: String { folder.child("work") }

        init() throws {
            try FileManager.default.createDirectory(atPath: home + "/lessonpack", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        }

        func write(_ entries: String) throws {
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                \(entries)
                </dict>
                </plist>

                """
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }

        func run(_ arguments: [String]) throws -> LessonpackBinary.Result {
            try LessonpackBinary.run(arguments, in: work, environment: ["XDG_CONFIG_HOME": home, "NO_COLOR": "1"])
        }
    }

    @Test func severitiesTurnAWarningIntoAnErrorOrOff() throws {
        let setup = try Setup()
        #expect(try setup.run(["new", "greetings"]).status == 0)
        let before = try setup.run(["check", "greetings"])
        #expect(before.status == 0 && before.standardError.contains("warning:") && before.standardError.contains("[placeholder-text]"))

        try setup.write("\t<key>severities</key>\n\t<dict>\n\t\t<key>placeholder-text</key>\n\t\t<string>error</string>\n\t</dict>")
        let strict = try setup.run(["check", "greetings"])
        #expect(strict.status == 1 && strict.standardError.contains("error:") && strict.standardError.contains("[placeholder-text]"),
                "\(strict.standardError)")
        let build = try setup.run(["build", "greetings"])
        #expect(build.status == 1, "\(build.standardError)")

        try setup.write("\t<key>severities</key>\n\t<dict>\n\t\t<key>placeholder-text</key>\n\t\t<string>off</string>\n\t</dict>")
        let quiet = try setup.run(["check", "greetings"])
        #expect(quiet.status == 0 && !quiet.standardError.contains("[placeholder-text]"), "\(quiet.standardError)")
    }

    @Test func buildTakesItsFolderAndKeyFromTheFileAndTheCommandLineWins() throws {
        let setup = try Setup()
        #expect(try setup.run(["new", "greetings"]).status == 0)
        #expect(try setup.run(["keygen", setup.home + "/lessonpack/publisher.key"]).status == 0)
        // The key's path is the file's own folder's; the output folder is taken from where build runs.
        try setup.write("\t<key>output</key>\n\t<string>bundles</string>\n\t<key>signingKey</key>\n\t<string>publisher.key</string>")
        let built = try setup.run(["build", "greetings"])
        #expect(built.status == 0, "\(built.standardError)")
        #expect(built.standardOutput.contains("bundles/greetings-0.1.0.lessonpack") && built.standardOutput.contains("signed"),
                "\(built.standardOutput)")
        let elsewhere = try setup.run(["build", "greetings", "-o", "dist"])
        #expect(elsewhere.status == 0 && elsewhere.standardOutput.contains("dist/greetings-0.1.0.lessonpack"))
    }

    @Test func syncAndReportTakeTheRecordStoreFromTheFile() throws {
        let setup = try Setup()
        let none = try setup.run(["sync", "--data-dir", "data", "--email", "a@example.org"])
        #expect(none.status == 2 && none.standardError.contains("name the record store with --lrs"), "\(none.standardError)")
        // A port nothing listens on: the address the file gives is the one tried.
        try setup.write("\t<key>lrs</key>\n\t<string>http://127.0.0.1:9/xAPI/</string>\n\t<key>email</key>\n\t<string>a@example.org</string>")
        // With nothing played there is nothing to send, so sync needs the store no further than its address.
        let sync = try setup.run(["sync", "--data-dir", "data"])
        #expect(sync.status == 0 && sync.standardOutput.contains("Nothing to send yet"), "\(sync.standardError)")
        let report = try setup.run(["report", "-o", "class.html"])
        #expect(report.status == 2 && report.standardError.contains("127.0.0.1:9"), "\(report.standardError)")
    }

    @Test func mistakesInTheFileAreShownWhereTheyAre() throws {
        let setup = try Setup()
        #expect(try setup.run(["new", "greetings"]).status == 0)
        // An unknown key is a warning at its place; the command goes on.
        try setup.write("\t<key>colour</key>\n\t<string>always</string>")
        let unknown = try setup.run(["check", "greetings"])
        #expect(unknown.status == 0)
        #expect(unknown.standardError.contains("\(setup.file):4:2: warning: 'colour' is not a setting lessonpack knows"),
                "\(unknown.standardError)")
        // An error cannot be turned down.
        try setup.write("\t<key>severities</key>\n\t<dict>\n\t\t<key>undeclared-speaker</key>\n\t\t<string>off</string>\n\t</dict>")
        let lowered = try setup.run(["check", "greetings"])
        #expect(lowered.status == 2 && lowered.standardError.contains("\(setup.file):7:3: error: 'undeclared-speaker' is an error"),
                "\(lowered.standardError)")
        #expect(lowered.standardError.contains("[config-invalid]"))
        // A file that is not a property list stops the command, at the place it breaks.
        try "<plist><dict><key>lrs</key></plist>".write(toFile: setup.file, atomically: true, encoding: .utf8)
        let broken = try setup.run(["build", "greetings"])
        #expect(broken.status == 2 && broken.standardError.contains("\(setup.file):1:") && broken.standardError.contains("[config-invalid]"),
                "\(broken.standardError)")
    }
}
