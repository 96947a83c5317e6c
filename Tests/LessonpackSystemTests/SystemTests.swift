import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackSystem

@Suite struct AtomicFileTests {
    @Test func replacesContentAndLeavesNoTemporaryFiles() throws {
        let folder = TemporaryFolder()
        let path = folder.write("old", to: "out.txt")
        try AtomicFile.write("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.txt"])
    }

    @Test func aLinkIsRefusedUnlessWrittenThroughDeliberately() throws {
        let folder = TemporaryFolder()
        let target = folder.write("target", to: "target.txt")
        let link = folder.child("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        do { try AtomicFile.write("new", to: link); Issue.record("wrote through a link") } catch {
            #expect(error.kind == .symbolicLink)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "target")
        try AtomicFile.write("new", to: link, links: .writeThrough)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        // A link to a device is never written through: that is how /dev/stdout became a regular file.
        try FileManager.default.createSymbolicLink(atPath: folder.child("null"), withDestinationPath: "/dev/null")
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write("x", to: folder.child("null"), links: .writeThrough) }
    }

    @Test func specialFilesAreNeverReplaced() throws {
        let folder = TemporaryFolder()
        let fifo = folder.child("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        do { try AtomicFile.write("x", to: fifo); Issue.record("replaced a FIFO") } catch { #expect(error.kind == .notRegular) }
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write("x", to: folder.path) }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fifo"])
    }

    @Test func failsCleanlyInAMissingFolder() {
        let folder = TemporaryFolder()
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write("x", to: folder.child("no/such/out.txt")) }
    }
}

@Suite struct BoundedFileTests {
    @Test func refusesFilesOverTheLimit() {
        let folder = TemporaryFolder()
        let path = folder.write("0123456789", to: "f")
        #expect(BoundedFile.read(path, limit: 10) == .success(Array("0123456789".utf8)))
        #expect(BoundedFile.read(path, limit: 9) == .failure(.tooLarge(size: 10, limit: 9)))
        #expect(BoundedFile.read(folder.path, limit: 9) == .failure(.isDirectory))
        #expect(BoundedFile.read(folder.child("none"), limit: 9) == .failure(.missing))
    }

    @Test func onlyRegularFilesAreReadAndAFIFONeverBlocks() throws {
        let folder = TemporaryFolder()
        let fifo = folder.child("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(BoundedFile.read(fifo, limit: 9) == .failure(.notRegular("a FIFO (named pipe)")))
        #expect(BoundedFile.read("/dev/zero", limit: 9) == .failure(.notRegular("a device")))
        let secret = folder.write("secret", to: "secret")
        try FileManager.default.createSymbolicLink(atPath: folder.child("link"), withDestinationPath: secret)
        #expect(BoundedFile.read(folder.child("link"), limit: 9) == .success(Array("secret".utf8)))
        #expect(BoundedFile.read(folder.child("link"), limit: 9, links: .refuse) == .failure(.isSymbolicLink))
        #expect(FileDigest.sha256(ofFileAt: fifo) == nil)
    }
}

@Suite struct FileDigestTests {
    @Test func matchesKnownVectors() {
        let folder = TemporaryFolder()
        let path = folder.write("abc", to: "abc")
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(FileDigest.sha256(ofFileAt: path) == expected)
        #expect(FileDigest.sha256(of: Array("abc".utf8)) == expected)
        #expect(FileDigest.sha256(ofFileAt: folder.write("", to: "empty"))
            == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}

@Suite struct ExternalToolTests {
    @Test func runsWithArgumentsInputAndATimeLimit() throws {
        let shell = try #require(ExternalTool.find("sh"))
        let output = try shell.run(["-c", "cat; echo err >&2; exit 3"], input: Data("hi".utf8))
        #expect(output.status == 3)
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "hi")
        #expect(output.errorText == "err\n")
        // The shell forks sleep, which outlives the shell and keeps its descriptors: the hard case for a timeout.
        let clock = ContinuousClock()
        var slow: ExternalTool.Output?
        let elapsed = try clock.measure { slow = try shell.run(["-c", "sleep 5; echo late"], timeout: 0.5) }
        #expect(slow?.timedOut == true)
        #expect(elapsed < .seconds(4))
    }

    @Test func outputPastTheLimitIsCutAndSaidToBe() throws {
        let shell = ExternalTool(name: "sh", path: "/bin/sh")
        let long = try shell.run(["-c", "head -c 100000 /dev/zero"], outputLimit: 1000)
        #expect(long.succeeded)
        #expect(long.standardOutput.count == 1000)
        #expect(long.truncated)
        let short = try shell.run(["-c", "printf hello"], outputLimit: 1000)
        #expect(!short.truncated && short.standardOutput == Data("hello".utf8))
    }

    @Test func missingToolsAreNil() {
        #expect(ExternalTool.find("no-such-tool-lessonpack") == nil)
    }
}
