import Foundation
import LessonpackDiagnostics
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

/// Issue 31, F3: what is checked is what is used. A folder opened without links stays the folder written into,
/// renamed in and removed from, even when its name is swapped for a link to somewhere else in between.
@Suite struct OpenFolderTests {
    @Test func aStagedFileLandsInTheFolderThatWasOpenedNotWhereItsNameNowLeads() throws {
        let temporary = TemporaryFolder()
        let outside = temporary.child("outside")
        try FileManager.default.createDirectory(atPath: temporary.child("tree/media"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let media = try OpenFolder(temporary.child("tree")).folder(at: "media").folder
        let staged = try AtomicFile.Staged(named: "clip.opus", in: media)
        try Array("clip".utf8).withUnsafeBytes { try staged.write($0) }
        // The name now leads outside; the open folder is still the real one, wherever it went.
        try FileManager.default.moveItem(atPath: temporary.child("tree/media"), toPath: temporary.child("tree/moved"))
        try FileManager.default.createSymbolicLink(atPath: temporary.child("tree/media"), withDestinationPath: outside)
        try staged.commit()
        try media.removeFile("clip.opus")
        try AtomicFile.write(Array("again".utf8), named: "again.opus", in: media)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.child("tree/moved")) == ["again.opus"])
    }

    @Test func aLinkOnTheWayIsRefused() throws {
        let temporary = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.child("tree"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temporary.child("tree/link"), withDestinationPath: temporary.path)
        let tree = try OpenFolder(temporary.child("tree"))
        #expect(throws: OpenFolder.Failure(path: temporary.child("tree/link"), reason: "it is a symbolic link, and " +
                                           "only real folders are followed here", kind: .linkInPath("link"))) {
            _ = try tree.folder(at: "link/x", create: true)
        }
        #expect(!FileManager.default.fileExists(atPath: temporary.child("x")))
        #expect(throws: OpenFolder.Failure.self) { _ = try tree.folder(at: "made/../x", create: true) }
        #expect(!FileManager.default.fileExists(atPath: temporary.child("tree/made")), "a folder made for nothing is removed")
    }

    @Test func aTreeIsRemovedWithoutFollowingTheLinksInIt() throws {
        let temporary = TemporaryFolder()
        let kept = temporary.write("kept", to: "outside/kept.txt")
        temporary.write("gone", to: "tree/inner/gone.txt")
        try FileManager.default.createSymbolicLink(atPath: temporary.child("tree/inner/link"),
                                                   withDestinationPath: temporary.child("outside"))
        try OpenFolder(temporary.path).removeTree("tree")
        #expect(!FileManager.default.fileExists(atPath: temporary.child("tree")))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "kept")
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

    /// A file's failure carries its own code, whoever reads the file: the reader adds only the path.
    @Test func eachFailureSaysItsCode() {
        let folder = TemporaryFolder()
        let path = folder.write("0123456789", to: "f")
        func failure(_ read: Result<[UInt8], ReadableFile.Failure>) -> ReadableFile.Failure? {
            if case .failure(let failure) = read { failure } else { nil }
        }
        let failures: [(ReadableFile.Failure?, DiagnosticCode)] = [
            (failure(BoundedFile.read(path, limit: 9)), .fileTooLarge),
            (failure(BoundedFile.read(folder.path, limit: 9)), .notARegularFile),
            (failure(BoundedFile.read(folder.child("none"), limit: 9)), .unreadableFile),
        ]
        for (failure, code) in failures {
            #expect(failure?.reportedDiagnostics.map(\.code) == [code])
            #expect(failure?.reportedDiagnostics.first?.message == failure?.description)
        }
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

    static let shell = ExternalTool(name: "sh", path: "/bin/sh")

    @Test func outputAndErrorAreKeptApartAndTheStatusIsTheToolsOwn() throws {
        let output = try Self.shell.run(["-c", "echo out; echo err >&2; echo more; exit 7"])
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "out\nmore\n")
        #expect(output.errorText == "err\n")
        #expect(output.status == 7 && !output.succeeded && !output.timedOut && !output.truncated)
        #expect(try Self.shell.run(["-c", "true"]).succeeded)
    }

    @Test func aToolEndedByASignalReportsItAsAShellWould() throws {
        let output = try Self.shell.run(["-c", "kill -KILL $$"])
        #expect(output.status == 128 + SIGKILL)
        #expect(!output.timedOut && !output.succeeded)
    }

    @Test func largeInputIsFedWithoutDeadlock() throws {
        // 4 MB in and out again: far more than a pipe holds, so feeding and draining must go on together.
        let input = Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 13) })
        let cat = try #require(ExternalTool.find("cat"))
        let output = try cat.run([], input: input, timeout: 60)
        #expect(output.succeeded)
        #expect(output.standardOutput == input)
        // A tool that prints a lot before it reads anything.
        let chatty = try Self.shell.run(["-c", "head -c 1000000 /dev/zero; wc -c"], input: Data(count: 1 << 20))
        #expect(chatty.standardOutput.count == 1_000_000 + "1048576\n".count)
    }

    @Test func aToolThatLeavesItsInputUnreadDoesNotKillUs() throws {
        // Without care, writing the rest into a pipe nobody reads raises SIGPIPE, which ends the test process.
        let output = try #require(ExternalTool.find("true")).run([], input: Data(count: 4 << 20))
        #expect(output.succeeded)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "the SIGPIPE of the failed write is left pending")
    }

    @Test func aToolPastItsTimeIsKilled() throws {
        let clock = ContinuousClock()
        var output: ExternalTool.Output?
        let elapsed = try clock.measure { output = try #require(ExternalTool.find("sleep")).run(["30"], timeout: 0.5) }
        #expect(output?.timedOut == true && output?.succeeded == false)
        #expect(output?.status == 128 + SIGTERM)
        #expect(elapsed < .seconds(10))
        // One that ignores SIGTERM gets SIGKILL a second later. Two seconds for the shell to reach its trap on a
        // loaded machine: a SIGTERM that came first would end it as the polite one above.
        let stubborn = try Self.shell.run(["-c", "trap '' TERM; while :; do sleep 1; done"], timeout: 2)
        #expect(stubborn.timedOut && stubborn.status == 128 + SIGKILL)
    }

    @Test func aBackgroundChildHoldingTheOutputIsNotWaitedFor() throws {
        // The shell ends at once; the sleep it started keeps the shell's standard output open for 30 s.
        let clock = ContinuousClock()
        var output: ExternalTool.Output?
        let elapsed = try clock.measure { output = try Self.shell.run(["-c", "sleep 30 & echo $!"]) }
        let sleeper = try #require(output.flatMap { Int32(String(decoding: $0.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) })
        kill(sleeper, SIGKILL)
        #expect(output?.succeeded == true)
        #expect(elapsed < .seconds(10))
        // Without capture, as for a tool that leaves a daemon (tmux), there are no pipes to hold.
        let folder = TemporaryFolder()
        let pidFile = folder.child("daemon")
        let daemon = try clock.measure {
            let status = try Self.shell.run(["-c", "sleep 30 & echo $! > \"$0\"; exit 4", pidFile], capture: false).status
            #expect(status == 4)
        }
        if let daemonPid = Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") {
            kill(daemonPid, SIGKILL)
        }
        #expect(daemon < .seconds(10))
    }

    // The limit is what fails it if the reading never ends; it is generous, as a loaded full run once took a
    // minute to get through it.
    @Test(.timeLimit(.minutes(5)))
    func aBackgroundChildWritingForEverIsNotTakenForTheToolsOutput() throws {
        // The shell ends at once; the `yes` it started writes into the shell's standard output without end. What
        // is read after the shell ended is bounded by the pipe's capacity, and closing the pipe ends `yes`. Were
        // the reading bounded by nothing, this would run into the time limit.
        let output = try Self.shell.run(["-c", "yes lessonpack & exit 3"], timeout: 120)
        #expect(output.status == 3 && !output.timedOut)
    }

    @Test func theEnvironmentIsReplacedAndTheFolderSet() throws {
        let env = try #require(ExternalTool.find("env"))
        let output = try env.run([], environment: ["ONLY": "this one"])
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "ONLY=this one\n")
        let inherited = try env.run([])
        #expect(String(decoding: inherited.standardOutput, as: UTF8.self).contains("PATH="))
        let folder = TemporaryFolder()
        let here = try #require(ExternalTool.find("pwd")).run(["-P"], in: folder.path)
        let expected = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        #expect(String(decoding: here.standardOutput, as: UTF8.self) == expected + "\n")
        #expect(throws: (any Error).self) { try env.run([], in: folder.child("missing")) }
        #expect(throws: (any Error).self) { try ExternalTool(name: "missing", path: folder.child("missing")).run([]) }
    }

    @Test func noDescriptorButTheStandardThreeReachesTheTool() throws {
        // One opened without close-on-exec, as a library might: it must not reach the tool either.
        let careless = open("/dev/null", O_RDONLY)
        defer { close(careless) }
        let output = try #require(ExternalTool.find("ls")).run(["-l", "/proc/self/fd/"], input: Data("x".utf8))
        // "lr-x------ 1 user group 64 Jan 1 00:00 3 -> /proc/1234/fd": the descriptor and what it is.
        let descriptors = String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.range(of: " -> ").map { (line[..<$0.lowerBound].split(separator: " ").last.map(String.init) ?? "",
                                          String(line[$0.upperBound...])) }
        }
        #expect(descriptors.map(\.0).prefix(3) == ["0", "1", "2"])
        // Beyond those, only the one ls opened to list the folder.
        let others = descriptors.dropFirst(3)
        #expect(others.allSatisfy { $0.1.hasPrefix("/proc/") }, "descriptors leaked: \(Array(others))")
    }
}
