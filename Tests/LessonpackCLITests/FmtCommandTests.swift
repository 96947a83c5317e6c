import Foundation
import LessonpackTestSupport
import Testing

@Suite struct FmtCommandTests {
    @Test func checkListsWhatWouldChangeThenFmtChangesItOnceAndKeepsPermissions() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        let phrasebook = module + "/phrasebook.plist"
        let messy = "<plist><dict><key>boxes</key><array><dict><key>text</key><string>Say 'please'.</string>" +
            "<key>title</key><string>Politeness</string></dict></array></dict></plist>"
        try Data(messy.utf8).write(to: URL(fileURLWithPath: phrasebook))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: phrasebook)

        let check = try LessonpackBinary.run(["fmt", "--check", module])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("\(phrasebook): not formatted"))
        #expect(check.standardOutput.hasSuffix("1 not formatted, 7 already formatted\n"))
        #expect(try String(contentsOfFile: phrasebook, encoding: .utf8) == messy, "--check wrote a file")

        let format = try LessonpackBinary.run(["fmt", module])
        #expect(format.status == 0)
        #expect(format.standardOutput.contains("formatted \(phrasebook)"))
        let formatted = try String(contentsOfFile: phrasebook, encoding: .utf8)
        #expect(formatted.contains("\t\t\t<key>title</key>\n\t\t\t<string>Politeness</string>\n\t\t\t<key>text</key>"))
        let mode = try FileManager.default.attributesOfItem(atPath: phrasebook)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        #expect(try LessonpackBinary.run(["fmt", "--check", module]).status == 0)
        #expect(try LessonpackBinary.run(["check", module]).status == 0)
    }

    @Test func aFileWithErrorsIsShownAndLeftAlone() throws {
        let folder = TemporaryFolder()
        let broken = folder.write("<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>\n", to: "broken.plist")
        let result = try LessonpackBinary.run(["fmt", broken])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(broken):3:1: error: key 'a' has no value [key-without-value]"))
        #expect(result.standardOutput.contains("1 with errors (left as they were)"))
        #expect(try String(contentsOfFile: broken, encoding: .utf8) == "<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>\n")
        #expect(try LessonpackBinary.run(["fmt", folder.child("missing")]).status == 2)
    }

    @Test func aLinkedFileIsFormattedThroughTheLink() throws {
        let folder = TemporaryFolder()
        let real = folder.write("<plist><dict><key>a</key><string>x</string></dict></plist>", to: "real.plist")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)
        try FileManager.default.createSymbolicLink(atPath: folder.child("link.plist"), withDestinationPath: real)
        #expect(try LessonpackBinary.run(["fmt", folder.child("link.plist")]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.child("link.plist")) == real)
        #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("<?xml version"))
        let mode = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o640)
    }

    /// Issue 31, F3 ("link swaps under the studio", for fmt): a folder fmt is given has `sub/` exchanged with a link
    /// to a folder outside it, over and over, while fmt runs. What fmt listed it reads and rewrites through the same
    /// open folder, so the file outside is never rewritten.
    @Test func aFolderSwappedForALinkWhileFmtRunsLeavesTheFileOutsideAlone() throws {
        let folder = TemporaryFolder()
        let messy = "<plist><dict><key>a</key><string>x</string></dict></plist>"
        folder.write(messy, to: "tree/sub/messy.plist")
        let outside = folder.write(messy, to: "outside/messy.plist")
        try FileManager.default.createSymbolicLink(atPath: folder.child("link"), withDestinationPath: folder.child("outside"))
        let realSub = open(folder.child("tree/sub"), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(realSub >= 0)
        defer { close(realSub) }
        let swap = try LinkSwap(folder: folder.child("tree/sub"), link: folder.child("link"), seconds: 300)
        swap.start()
        defer { swap.stop() }
        var statuses: Set<Int32> = []
        let deadline = Date().addingTimeInterval(90)
        for _ in 0..<150 where Date() < deadline {
            // Messy again in the real folder, wherever the swap has put it, so every run has a file to rewrite.
            let file = openat(realSub, "messy.plist", O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
            if file >= 0 {
                _ = messy.withCString { write(file, $0, strlen($0)) }
                close(file)
            }
            statuses.insert(try LessonpackBinary.run(["fmt", folder.child("tree")]).status)
        }
        #expect(swap.stop() > 0)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == messy, "fmt rewrote a file outside the folder it was given")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.child("outside")) == ["messy.plist"])
        #expect(statuses.isSubset(of: [0, 1, 2]), "\(statuses)")
    }
}
