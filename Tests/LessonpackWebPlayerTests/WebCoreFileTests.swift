import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
@testable import LessonpackWebPlayer
import Testing

/// Where `export web` finds the learning core, and the names it lets into the site.
@Suite struct WebCoreFileTests {
    @Test func theCoreIsLookedForBesideTheProgramThenInItsShareFolder() {
        let places = WebCoreFile.candidates(environment: [:], executable: "/opt/lessonpack/bin/lessonpack")
        #expect(places == ["/opt/lessonpack/bin/lessonpack-core.wasm", "/opt/lessonpack/share/lessonpack/lessonpack-core.wasm"])
        #expect(WebCoreFile.candidates(environment: ["LESSONPACK_CORE_WASM": "/x/core.wasm"], executable: "/bin/lessonpack")
                == ["/x/core.wasm"])
    }

    @Test func aMissingOrForeignCoreIsCoded() throws {
        let folder = TemporaryFolder()
        let executable = folder.child("bin/lessonpack")
        #expect(throws: WebExportError.self) { try WebCoreFile.read(environment: [:], executable: executable) }
        do {
            _ = try WebCoreFile.read(environment: [:], executable: executable)
        } catch {
            #expect(error.code == .webCoreMissing)
            #expect(error.description.contains(folder.child("bin/lessonpack-core.wasm")))
        }
        let text = folder.write("not wasm", to: "share/lessonpack/lessonpack-core.wasm")
        do {
            _ = try WebCoreFile.read(environment: [:], executable: executable)
            Issue.record("a file that is not WebAssembly was taken for the core")
        } catch {
            #expect(error.code == .webCoreMissing && error.file == text)
        }
        let wasm: [UInt8] = [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]
        FileManager.default.createFile(atPath: text, contents: Data(wasm))
        #expect(try WebCoreFile.read(environment: [:], executable: executable) == wasm)
    }

    @Test func onlyPlainNamesBecomeFilesOfTheSite() {
        for name in ["job-interview", "a_b.c", "L01", "conversation.mp4"] { #expect(WebExport.safeName(name), "\(name)") }
        for name in ["", ".hidden", "..", "a/b", "a b", "é", "a\u{0}b", "x?y", "%2e%2e", String(repeating: "a", count: 129)] {
            #expect(!WebExport.safeName(name), "\(name)")
        }
    }

    @Test func thePageHasItsOwnFilesAndTheSharedOnes() {
        let names = Set(WebPlayerPage.files.map(\.name))
        for name in ["index.html", "player.js", "sw.js", "core.mjs", "preview.js", "preview-test.js"] {
            #expect(names.contains(name), "the page has no \(name)")
        }
    }
}
