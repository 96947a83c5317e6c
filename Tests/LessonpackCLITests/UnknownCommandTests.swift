import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackCLI

/// A mistyped command is named as one, with the command meant when one is close, as a coded usage mistake; and
/// CLICOLOR_FORCE colours what goes to a pipe unless NO_COLOR says otherwise.
@Suite struct UnknownCommandTests {
    @Test func aCommandNameNearlyRightIsSuggested() {
        #expect(LessonpackMain.unknownCommand(["plya", "x"]) == "'plya' is not a lessonpack command; did you mean 'play'? " +
                "('lessonpack --help' lists them)")
        #expect(LessonpackMain.unknownCommand(["media", "scna"])?.contains("not a lessonpack media command; did you mean 'scan'?") == true)
        #expect(LessonpackMain.unknownCommand(["zzzzzz"]) == "'zzzzzz' is not a lessonpack command ('lessonpack --help' lists them)")
        // Other mistakes stay ArgumentParser's to describe: an unknown option, a command's extra argument.
        #expect(LessonpackMain.unknownCommand(["--nonsense"]) == nil)
        #expect(LessonpackMain.unknownCommand(["check", "a", "b"]) == nil)
        #expect(LessonpackMain.unknownCommand(["play", "module"]) == nil)
    }

    @Test func theBinarySaysItAsADiagnostic() throws {
        let mistyped = try LessonpackBinary.run(["chek", "Modules/job-interview"], environment: ["NO_COLOR": "1"])
        #expect(mistyped.status == 2)
        #expect(mistyped.standardError.contains("error: 'chek' is not a lessonpack command; did you mean 'check'?"),
                "\(mistyped.standardError)")
        #expect(mistyped.standardError.contains("[argument-invalid]"))
        // Control characters in the word are not sent to the terminal.
        let hostile = try LessonpackBinary.run(["pl\u{1B}[31may"], environment: ["NO_COLOR": "1"])
        #expect(hostile.status == 2 && !hostile.standardError.contains("\u{1B}[31m"), "\(hostile.standardError)")
    }

    @Test func clicolorForceColoursAPipeAndNoColorWins() throws {
        let arguments = ["chek"]
        let forced = try LessonpackBinary.run(arguments, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
        #expect(forced.standardError.contains("\u{1B}["), "\(forced.standardError)")
        let off = try LessonpackBinary.run(arguments, environment: ["CLICOLOR_FORCE": "0", "NO_COLOR": ""])
        #expect(!off.standardError.contains("\u{1B}["))
        let both = try LessonpackBinary.run(arguments, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!both.standardError.contains("\u{1B}["))
    }
}
