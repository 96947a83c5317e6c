import Foundation
import LessonpackDiagnostics
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio

/// The hostile-network corpus's "link swaps under the studio" case (issue 31, F3): `media/qa` is exchanged with a
/// link to a folder outside the module, over and over, while uploads and deletes run. Checking a path and then using
/// it by name again wrote uploads and their temporary files outside the module, and deleted files there.
@Suite(.serialized) struct LinkSwapsUnderTheStudioTests {
    /// A module whose media/qa is being swapped with a link to `outside`, which holds one file, `kept.opus`.
    struct SwappedModule {
        let temporary = TemporaryFolder()
        let module: String
        let outside: String
        /// The real media/qa, wherever the swap has put it: a file is planted in it through this, never by path.
        let realQA: Int32

        init() throws {
            module = temporary.copy(Paths.sampleModule, as: "m")
            outside = temporary.child("outside")
            try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
            try Data("outside the module".utf8).write(to: URL(fileURLWithPath: outside + "/kept.opus"))
            try FileManager.default.createSymbolicLink(atPath: temporary.child("link"), withDestinationPath: outside)
            realQA = open(module + "/media/qa", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            #expect(realQA >= 0)
        }

        /// Puts `kept.opus` back in the real media/qa, for the next delete to aim at.
        func plant() {
            let file = openat(realQA, "kept.opus", O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file >= 0 {
                _ = write(file, "inside", 6)
                close(file)
            }
        }

        func swap() throws -> LinkSwap {
            try LinkSwap(folder: module + "/media/qa", link: temporary.child("link"), seconds: 300)
        }

        /// Everything under the temporary folder that is neither in the module nor the link nor `kept.opus`
        /// outside, and any temporary file left anywhere.
        func strays() -> [String] {
            let all = FileManager.default.enumerator(atPath: temporary.path)?.allObjects as? [String] ?? []
            return all.filter { path in
                if path.split(separator: "/").last.map({ FolderLock.isTemporaryFile(String($0)) }) == true { return true }
                return !(path == "m" || path.hasPrefix("m/") || path == "link" || path == "outside" ||
                         path == "outside/kept.opus")
            }
        }

        func checkNothingLeftTheModule() {
            #expect((try? String(contentsOfFile: outside + "/kept.opus", encoding: .utf8)) == "outside the module",
                    "the file outside the module was deleted or replaced")
            #expect(strays() == [], "written outside the module, or left as a temporary file")
            var status = stat()
            #expect(lstat(module + "/media/qa", &status) == 0 && status.st_mode & S_IFMT == S_IFDIR,
                    "the swap left media/qa in its place")
        }
    }

    /// Failures that say what happened, under a code: media/qa was a link at that moment, the file was not there to
    /// delete, or a step met the link and could not go on.
    static let expectedCodes: Set<DiagnosticCode> = [.studioBadName, .studioNotFound, .studioCannotWrite]

    @Test func uploadsAndDeletesThroughMediaUploadStayInsideTheModule() throws {
        let swapped = try SwappedModule()
        defer { close(swapped.realQA) }
        let audio = Array(TestAudio.wav(seconds: 0.1))
        swapped.plant()
        let swap = try swapped.swap()
        swap.start()
        defer { swap.stop() }
        var failures: [StudioError] = []
        var stored = 0
        for attempt in 0..<2000 {
            do {
                _ = try MediaUpload.store(audio, folder: "qa", name: "u\(attempt).wav", replace: false,
                                          in: swapped.module, probe: NamedProbe())
                stored += 1
            } catch { failures.append(error) }
            do { try MediaUpload.remove("qa/kept.opus", in: swapped.module) } catch { failures.append(error) }
            swapped.plant()
        }
        let swaps = swap.stop()
        #expect(swaps > 0)
        swapped.checkNothingLeftTheModule()
        #expect(stored > 0, "no upload got through while the link was away")
        #expect(!failures.isEmpty, "no upload or delete met the link: the race was not run")
        for failure in failures {
            #expect(failure.reportedDiagnostics.map(\.code).allSatisfy(Self.expectedCodes.contains),
                    "\(failure.code.rawValue): \(failure.message)")
        }
    }
}
