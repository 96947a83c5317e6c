import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackSystem

/// Foundation's own wording ("Error Domain=NSCocoaErrorDomain Code=…", "The operation could not be completed")
/// never reaches a user.
@Suite struct SystemErrorTextTests {
    @Test func foundationFileErrorsBecomeWords() throws {
        let folder = TemporaryFolder()
        let existing = folder.write("x", to: "a.txt")
        var caught: [any Error] = []
        do { try FileManager.default.copyItem(atPath: existing, toPath: existing) } catch { caught.append(error) }
        do { _ = try Data(contentsOf: URL(fileURLWithPath: folder.child("missing"))) } catch { caught.append(error) }
        do { try FileManager.default.createDirectory(atPath: existing + "/inside", withIntermediateDirectories: true) }
        catch { caught.append(error) }
        #expect(caught.count == 3)
        for error in caught {
            let text = SystemErrorText.describe(error)
            #expect(!text.contains("Domain="), "\(text)")
            #expect(!text.contains("could not be completed"), "\(text)")
            #expect(!text.contains("NSCocoa"), "\(text)")
        }
        #expect(SystemErrorText.describe(caught[1]) == "no such file or folder")
    }

    @Test func otherErrorsKeepTheirOwnWords() {
        struct Mine: Error, CustomStringConvertible { var description: String { "mine" } }
        #expect(SystemErrorText.describe(Mine()) == "mine")
    }
}
