import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// `lessonpack export web` as a publisher runs it: the sample module built into a bundle, then written as a site.
/// The core is the smallest WebAssembly module there is (the browser test, WebPlayerBrowserTests, uses the real one):
/// what is checked here is where each file goes, that the output appears whole or not at all, and the refusals.
@Suite struct ExportWebTests {
    static let emptyWasm: [UInt8] = [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]

    struct Setup {
        let folder = TemporaryFolder()
        let bundle: String
        let core: String
        var environment: [String: String] { ["LESSONPACK_CORE_WASM": core] }

        init() throws {
            let built = try LessonpackBinary.run(["build", Paths.sampleModule, "-o", folder.child("dist")])
            #expect(built.status == 0, "\(built.standardError)")
            bundle = folder.child("dist/job-interview-1.0.0.lessonpack")
            core = folder.child("core.wasm")
            FileManager.default.createFile(atPath: core, contents: Data(ExportWebTests.emptyWasm))
        }

        func export(_ arguments: [String], environment extra: [String: String] = [:]) throws -> LessonpackBinary.Result {
            try LessonpackBinary.run(["export", "web"] + arguments, environment: environment.merging(extra) { _, new in new })
        }
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func theSiteHoldsThePageTheCoreAndEachModule() throws {
        let setup = try Setup()
        let site = setup.folder.child("site")
        let result = try setup.export([setup.bundle, "-o", site, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["ok"] as? Bool == true)
        #expect(report["command"] as? String == "export web")
        #expect(report["folder"] as? String == URL(fileURLWithPath: site).standardizedFileURL.path)
        #expect((report["siteVersion"] as? String)?.count == 16)
        let reported = try #require(report["modules"] as? [[String: Any]])
        #expect(reported.first?["id"] as? String == "job-interview" && reported.first?["folder"] as? String == "modules/job-interview/")
        #expect((reported.first?["activities"] as? [String])?.contains("video-task") == true)
        #expect((reported.first?["mediaFiles"] as? Int ?? 0) > 10 && (reported.first?["cues"] as? Int ?? 0) > 10)

        for page in ["index.html", "player.js", "player.css", "sw.js", "core.mjs", "core-host.js", "progress-store.js",
                     "ui-strings.js", "preview.js", "preview.css", "preview-video-task.js", "preview-audio-game.js",
                     "preview-test.js"] {
            #expect(FileManager.default.fileExists(atPath: "\(site)/\(page)"), "the site has no \(page)")
        }
        // The shared renderers are the studio's own files, not copies that could drift.
        #expect(bytes("\(site)/preview-test.js") == bytes(Paths.inPackage("Sources/LessonpackStudioServer/Web/preview-test.js")))
        #expect(bytes("\(site)/core.mjs") == bytes(Paths.inPackage("WebCore/core.mjs")))
        #expect(bytes("\(site)/lessonpack-core.wasm") == Data(Self.emptyWasm))

        let module = "\(site)/modules/job-interview"
        let core = try #require(bytes("\(module)/core.json"))
        #expect(String(decoding: core, as: UTF8.self).hasPrefix(#"{"id":"job-interview""#))
        let subtitles = try #require(bytes("\(module)/subtitles.vtt"))
        #expect(String(decoding: subtitles, as: UTF8.self).hasPrefix("WEBVTT\n"))
        #expect(bytes("\(module)/media/conversation.mp4") == bytes(Paths.sampleModule + "/media/conversation.mp4"))

        let manifestBytes = try #require(bytes("\(site)/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestBytes) as? [String: Any])
        #expect(manifest["format"] as? String == "lessonpack-web")
        let modules = try #require(manifest["modules"] as? [[String: Any]])
        #expect(modules.map { $0["id"] as? String } == ["job-interview"])
        #expect(modules.first?["folder"] as? String == "modules/job-interview/")
        let files = try #require(manifest["files"] as? [String])
        #expect(files.contains("modules/job-interview/media/conversation.mp4") && files.contains("lessonpack-core.wasm"))
        for file in files { #expect(FileManager.default.fileExists(atPath: "\(site)/\(file)"), "manifest.json lists \(file), which is not there") }
        // Every file written is listed, so the service worker keeps all of them.
        let written = Set(FileTree.files(under: site))
        #expect(written == Set(files + ["manifest.json"]))
        #expect(report["files"] as? Int == written.count)
        // Nothing of the work is left beside the site.
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func anOutputThatIsNotEmptyIsReplacedOnlyWhenItIsAnEarlierExport() throws {
        let setup = try Setup()
        let site = setup.folder.child("site")
        #expect(try setup.export([setup.bundle, "-o", site]).status == 0)
        let marker = site + "/left-by-hand.txt"
        FileManager.default.createFile(atPath: marker, contents: Data("mine".utf8))

        let refused = try setup.export([setup.bundle, "-o", site])
        #expect(refused.status == 2 && refused.standardError.contains("[web-output-not-empty]"), "\(refused.standardError)")
        #expect(FileManager.default.fileExists(atPath: marker))

        // Even --force keeps what someone added to the site (a server's .htaccess, a CNAME): it is not the export's.
        let added = try setup.export([setup.bundle, "-o", site, "--force"])
        #expect(added.status == 2 && added.standardError.contains("[web-output-not-export]")
                && added.standardError.contains("left-by-hand.txt"), "\(added.standardError)")
        #expect(FileManager.default.fileExists(atPath: marker))
        try FileManager.default.removeItem(atPath: marker)

        let replaced = try setup.export([setup.bundle, "-o", site, "--force"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(FileManager.default.fileExists(atPath: site + "/manifest.json"))

        let someoneElses = setup.folder.child("documents")
        let letter = setup.folder.write("dear", to: "documents/letter.txt")
        let kept = try setup.export([setup.bundle, "-o", someoneElses, "--force"])
        #expect(kept.status == 2 && kept.standardError.contains("[web-output-not-export]"), "\(kept.standardError)")
        #expect(bytes(letter) == Data("dear".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: someoneElses) == ["letter.txt"])

        let file = setup.folder.write("x", to: "a-file")
        let notFolder = try setup.export([setup.bundle, "-o", file])
        #expect(notFolder.status == 2 && notFolder.standardError.contains("[web-output-not-folder]"), "\(notFolder.standardError)")
    }

    @Test func refusedInputWritesNothing() throws {
        let setup = try Setup()
        let site = setup.folder.child("site")
        func refuses(_ arguments: [String], _ code: String, environment: [String: String] = [:]) throws {
            let result = try setup.export(arguments + ["-o", site], environment: environment)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("[\(code)]"), "\(arguments): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: site), "\(arguments) left \(site)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: setup.folder.path).allSatisfy { !$0.hasPrefix(".") })
        }
        try refuses([setup.bundle, setup.bundle], "web-module-duplicate")
        try refuses([setup.folder.write("not a bundle", to: "note.lessonpack")], "zip-not-a-zip")
        try refuses([setup.bundle], "web-core-missing", environment: ["LESSONPACK_CORE_WASM": setup.folder.child("none.wasm")])
        try refuses([setup.bundle], "web-core-missing", environment: ["LESSONPACK_CORE_WASM": setup.folder.write("text", to: "bad.wasm")])

        // A page among a module's media, claimed to be audio (check only warns that nothing uses it): served from
        // the site's origin its script would reach every learner's progress, so the export refuses it.
        let module = setup.folder.child("page-in-media")
        try FileManager.default.copyItem(atPath: Paths.sampleModule, toPath: module)
        let page = Array("<script>alert(1)</script>".utf8)
        #expect(FileManager.default.createFile(atPath: module + "/media/lines/page.html", contents: Data(page)))
        let manifest = try String(contentsOfFile: module + "/media.plist", encoding: .utf8)
        let entry = "\t\t<key>lines/page.html</key>\n\t\t<dict>\n\t\t\t<key>kind</key>\n\t\t\t<string>audio</string>\n" +
            "\t\t\t<key>size</key>\n\t\t\t<integer>\(page.count)</integer>\n\t\t\t<key>sha256</key>\n" +
            "\t\t\t<string>\(FileDigest.sha256(of: page))</string>\n\t\t\t<key>duration</key>\n\t\t\t<real>1.0</real>\n\t\t</dict>\n"
        try manifest.replacingOccurrences(of: "\t\t<key>conversation.mp4</key>", with: entry + "\t\t<key>conversation.mp4</key>")
            .write(toFile: module + "/media.plist", atomically: true, encoding: .utf8)
        let built = try LessonpackBinary.run(["build", module, "-o", setup.folder.child("page-dist")])
        #expect(built.status == 0, "\(built.standardError)")
        try refuses([setup.folder.child("page-dist/job-interview-1.0.0.lessonpack")], "web-name-unsafe")

        // A bundle whose media bytes were changed after signing: caught while the site is written, and the half
        // written site is removed.
        let tampered = setup.folder.child("tampered.lessonpack")
        var zip = try #require(bytes(setup.bundle))
        // The middle of the bundle is inside the video, by far its largest entry.
        zip[zip.count / 2] ^= 0xFF
        #expect(FileManager.default.createFile(atPath: tampered, contents: zip))
        let result = try setup.export([tampered, "-o", site])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: site))
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.folder.path).allSatisfy { !$0.hasPrefix(".") })
    }
}
