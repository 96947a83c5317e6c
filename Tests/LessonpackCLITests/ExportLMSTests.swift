import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// `lessonpack export scorm12` and `export cmi5` as a publisher runs them: the sample module (given a pass mark, and a
/// second copy under another id for a course of two AUs) built into bundles and packed. Each manifest is validated
/// with xmllint against the official schemas (Fixtures/lms-schemas, with their README and licences). The core is the
/// smallest WebAssembly module there is; the browser tests (LMSBrowserTests) play packages with the real one.
@Suite struct ExportLMSTests {
    struct Setup {
        let folder = TemporaryFolder("export-lms")
        let bundle: String
        let second: String
        let core: String
        var environment: [String: String] { ["LESSONPACK_CORE_WASM": core] }

        init() throws {
            bundle = try Self.build(folder, id: "job-interview", passMark: 70)
            second = try Self.build(folder, id: "job-interview-two", passMark: nil)
            core = folder.child("core.wasm")
            _ = FileManager.default.createFile(atPath: core, contents: Data(ExportWebTests.emptyWasm))
        }

        /// The sample module under `id`, with `passMark`, built into a bundle.
        static func build(_ folder: TemporaryFolder, id: String, passMark: Int?) throws -> String {
            let source = folder.child("src-\(id)")
            try FileManager.default.copyItem(atPath: Paths.sampleModule, toPath: source)
            let path = source + "/module.plist"
            var text = try String(contentsOfFile: path, encoding: .utf8)
            text = text.replacingOccurrences(of: "<key>id</key>\n\t<string>job-interview</string>",
                                             with: "<key>id</key>\n\t<string>\(id)</string>")
            if let passMark, let end = text.range(of: "</dict>", options: .backwards) {
                text.replaceSubrange(end, with: "\t<key>passMark</key>\n\t<integer>\(passMark)</integer>\n</dict>")
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let built = try LessonpackBinary.run(["build", source, "-o", folder.child("dist")])
            try #require(built.status == 0, "\(built.standardError)")
            return folder.child("dist/\(id)-1.0.0.lessonpack")
        }

        func export(_ standard: String, _ arguments: [String]) throws -> LessonpackBinary.Result {
            try LessonpackBinary.run(["export", standard] + arguments, environment: environment)
        }

        /// The package unpacked into a new folder, with its entries' names.
        func unpack(_ zip: String) throws -> (folder: String, entries: [String]) {
            let unzip = try #require(ExternalTool.find("unzip"))
            let tested = try unzip.run(["-tq", zip])
            #expect(tested.status == 0, "unzip -t: \(String(decoding: tested.standardOutput, as: UTF8.self))")
            let into = folder.child("unpacked-\(UUID().uuidString.prefix(6))")
            let unpacked = try unzip.run(["-q", zip, "-d", into])
            try #require(unpacked.status == 0)
            return (into, FileTree.files(under: into).sorted())
        }
    }

    static let schemas = Paths.inPackage("Tests/LessonpackCLITests/Fixtures/lms-schemas")

    /// xmllint's verdict on `file` against `schema`: nil when valid, else what it said.
    static func schemaProblems(_ file: String, _ schema: String) throws -> String? {
        let xmllint = try #require(ExternalTool.find("xmllint"), "xmllint is not installed: scripts/setup installs libxml2-utils")
        let result = try xmllint.run(["--noout", "--nonet", "--schema", "\(schemas)/\(schema)", file])
        let said = String(decoding: result.standardOutput + result.standardError, as: UTF8.self)
        return result.status == 0 && said.contains("validates") ? nil : said
    }

    @Test func aScorm12PackageHoldsAValidManifestAndTheWebPlayer() throws {
        let setup = try Setup()
        let zip = setup.folder.child("course-scorm12.zip")
        let result = try setup.export("scorm12", [setup.bundle, setup.second, "-o", zip, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["command"] as? String == "export scorm12" && report["standard"] as? String == "scorm12")
        #expect(report["manifest"] as? String == "imsmanifest.xml" && report["file"] as? String == zip)

        let (folder, entries) = try setup.unpack(zip)
        #expect(report["entries"] as? Int == entries.count)
        for file in ["imsmanifest.xml", "lms.html", "lms.js", "lms-scorm.js", "lms-cmi5.js", "index.html", "player.js",
                     "progress-store.js", "manifest.json", "lessonpack-core.wasm", "modules/job-interview/core.json",
                     "modules/job-interview-two/core.json", "modules/job-interview/media/conversation.mp4"] {
            #expect(entries.contains(file), "the package has no \(file)")
        }
        let manifest = "\(folder)/imsmanifest.xml"
        if let problems = try Self.schemaProblems(manifest, "scorm12-manifest.xsd") { Issue.record("imsmanifest.xml is not valid: \(problems)") }
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(text.contains(#"<resource identifier="SCO-job-interview" type="webcontent" adlcp:scormtype="sco" href="lms.html">"#))
        #expect(text.contains(#"parameters="?module=job-interview-two""#))
        #expect(text.contains("<schema>ADL SCORM</schema>") && text.contains("<schemaversion>1.2</schemaversion>"))
        // The pass mark is the mastery score of its module only.
        #expect(text.components(separatedBy: "<adlcp:masteryscore>70</adlcp:masteryscore>").count == 2)
        // Every file of the package is listed in the manifest, and nothing that is not in it.
        let listed = text.components(separatedBy: "<file href=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        #expect(Set(listed) == Set(entries.filter { $0 != "imsmanifest.xml" }))

        // The same page and files as `export web`; the LMS's launch page only in the package.
        let site = setup.folder.child("site")
        let web = try LessonpackBinary.run(["export", "web", setup.bundle, "-o", site], environment: setup.environment)
        #expect(web.status == 0, "\(web.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(site)/lms.html"))
        #expect(FileManager.default.contents(atPath: "\(site)/player.js") == FileManager.default.contents(atPath: "\(folder)/player.js"))
    }

    @Test func aCmi5PackageHasAnAUPerModule() throws {
        let setup = try Setup()
        let zip = setup.folder.child("course-cmi5.zip")
        let result = try setup.export("cmi5", [setup.bundle, setup.second, "-o", zip])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("2 modules"), "\(result.standardOutput)")
        let (folder, entries) = try setup.unpack(zip)
        #expect(entries.first == "cmi5.xml" || entries.contains("cmi5.xml"))
        #expect(!entries.contains("imsmanifest.xml"))
        let manifest = "\(folder)/cmi5.xml"
        if let problems = try Self.schemaProblems(manifest, "cmi5_CourseStructure.xsd") { Issue.record("cmi5.xml is not valid: \(problems)") }
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(text.contains(#"<course id="urn:lessonpack:course:job-interview+job-interview-two">"#))
        #expect(text.contains(#"<au id="urn:lessonpack:module:job-interview" moveOn="CompletedAndPassed" masteryScore="0.7" launchMethod="AnyWindow">"#))
        #expect(text.contains(#"<au id="urn:lessonpack:module:job-interview-two" moveOn="Completed" launchMethod="AnyWindow">"#))
        #expect(text.contains("<url>lms.html?module=job-interview</url>"))
        #expect(text.components(separatedBy: "<au ").count == 3)
    }

    @Test func theSchemasRefuseABrokenManifest() throws {
        // The validation above can fail: a manifest that breaks each schema is refused by it.
        let folder = TemporaryFolder("export-lms-schemas")
        let scorm = folder.write("""
            <?xml version="1.0"?>
            <manifest identifier="M" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
                      xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
              <organizations/><resources><resource identifier="R" type="webcontent" adlcp:scormtype="lesson" href="a.html"/></resources>
            </manifest>
            """, to: "imsmanifest.xml")
        #expect(try Self.schemaProblems(scorm, "scorm12-manifest.xsd")?.contains("scormtype") == true)
        let cmi5 = folder.write("""
            <?xml version="1.0"?>
            <courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
              <course id="urn:x"><title><langstring lang="en">t</langstring></title><description><langstring lang="en">d</langstring></description></course>
              <au id="urn:x:1" masteryScore="70"><title><langstring lang="en">t</langstring></title><description><langstring lang="en">d</langstring></description><url>a.html</url></au>
            </courseStructure>
            """, to: "cmi5.xml")
        #expect(try Self.schemaProblems(cmi5, "cmi5_CourseStructure.xsd")?.contains("masteryScore") == true)
    }

    @Test func refusalsWriteNothing() throws {
        let setup = try Setup()
        let zip = setup.folder.child("package.zip")
        func refuses(_ standard: String, _ arguments: [String], _ code: String, output: String? = nil) throws {
            let result = try setup.export(standard, arguments + ["-o", output ?? zip])
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("[\(code)]"), "\(arguments): \(result.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: setup.folder.path).allSatisfy { !$0.hasPrefix(".") },
                    "\(arguments) left a temporary file")
        }
        try refuses("scorm12", [setup.bundle, setup.bundle], "web-module-duplicate")
        try refuses("cmi5", [setup.folder.write("not a zip", to: "notes.lessonpack")], "zip-not-a-zip")
        #expect(!FileManager.default.fileExists(atPath: zip))
        try refuses("cmi5", [setup.bundle], "lms-output-not-file", output: setup.folder.path)

        let existing = setup.folder.write("mine", to: "existing.zip")
        try refuses("scorm12", [setup.bundle], "lms-output-exists", output: existing)
        #expect(FileManager.default.contents(atPath: existing) == Data("mine".utf8))
        let replaced = try setup.export("scorm12", [setup.bundle, "-o", existing, "--force"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(try setup.unpack(existing).entries.contains("imsmanifest.xml"))

        let missingCore = try LessonpackBinary.run(["export", "cmi5", setup.bundle, "-o", zip],
                                                   environment: ["LESSONPACK_CORE_WASM": setup.folder.child("none.wasm")])
        #expect(missingCore.status == 2 && missingCore.standardError.contains("[web-core-missing]"), "\(missingCore.standardError)")
        #expect(!FileManager.default.fileExists(atPath: zip))
    }
}
