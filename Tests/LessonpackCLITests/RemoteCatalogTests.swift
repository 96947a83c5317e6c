import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// A publisher's release served by a real nginx on loopback, installed and updated by the built `lessonpack`, as
/// docs/publishing.md describes: each test starts its own server and checks what was asked of it in the access log.
@Suite(.serialized) struct RemoteCatalogTests {
    /// A publisher with a key, the sample modules, and a release of them served over HTTP.
    final class Publisher {
        let folder = TemporaryFolder("lessonpack-remote")
        let modules: String
        let key: String
        let site: String
        let data: String
        let server: NginxServer

        init() async throws {
            modules = folder.child("modules")
            key = folder.child("publisher.key")
            // Only www/ is served: the publisher's key and the learner's library stay off the web.
            site = folder.child("www/site")
            data = folder.child("learner")
            try FileManager.default.copyItem(atPath: Paths.inPackage("Modules"), toPath: modules)
            _ = try await LessonpackBinary.run(["keygen", key])
            try FileManager.default.createDirectory(atPath: folder.child("www"), withIntermediateDirectories: true)
            try await Self.release(modules, into: site, key: key)
            server = try await NginxServer.started(serving: folder.child("www"), in: folder.child("nginx"))
        }

        var address: String { server.address + "site/" }

        func release(into output: String? = nil) async throws {
            try await Self.release(modules, into: output ?? site, key: key)
        }

        static func release(_ modules: String, into output: String, key: String) async throws {
            let released = try await LessonpackBinary.run(["release", modules, "-o", output, "--sign", key])
            #expect(released.status == 0, "\(released.standardError)")
        }

        /// Raises job-interview's version and releases again.
        func releaseJobInterview(version: String, into output: String? = nil) async throws {
            let path = modules + "/job-interview/module.plist"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let current = try #require(text.range(of: #"<string>1\.0\.\d+</string>"#, options: .regularExpression))
            try text.replacingCharacters(in: current, with: "<string>\(version)</string>")
                .write(toFile: path, atomically: true, encoding: .utf8)
            try await release(into: output)
        }

        func lessonpack(_ arguments: [String], input: String? = nil) async throws -> LessonpackBinary.Result {
            try await LessonpackBinary.run(arguments + ["--data-dir", data], standardInput: input)
        }

        func installedVersions() async throws -> [String] {
            try await lessonpack(["list"]).standardOutput.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ")
            }
        }

        /// Requests made since `count` were logged.
        func requests(since count: Int) -> [NginxServer.Request] { Array(server.requests().dropFirst(count)) }
    }

    @Test func installThenANoOpUpdateThenAnUpdate() async throws {
        let publisher = try await Publisher()
        let installed = try await publisher.lessonpack(["install", "--catalog", publisher.address])
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(installed.standardOutput.contains("installed job-interview 1.0.0"))
        #expect(installed.standardOutput.hasSuffix("release 1: 2 installed, 0 updated, 0 already up to date\n"))
        #expect(installed.standardError.contains("note: trusting key"))
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.0"])

        // Nothing new: one conditional request, answered 304, and nothing else.
        var seen = publisher.server.requests().count
        let unchanged = try await publisher.lessonpack(["update"])
        #expect(unchanged.status == 0, "\(unchanged.standardError)")
        #expect(unchanged.standardOutput.hasSuffix("0 installed, 0 updated, 2 already up to date\n"))
        #expect(publisher.requests(since: seen) == [.init(method: "GET", path: "/site/catalog.signed.json", status: 304)])

        // A new release: only the bundle whose version rose is downloaded; the older version stays beside it.
        try await publisher.releaseJobInterview(version: "1.0.1")
        seen = publisher.server.requests().count
        let updated = try await publisher.lessonpack(["update"])
        #expect(updated.status == 0, "\(updated.standardError)")
        #expect(updated.standardOutput.contains("updated job-interview 1.0.0 → 1.0.1"))
        #expect(publisher.requests(since: seen).map(\.path) == ["/site/catalog.signed.json",
                                                                "/site/job-interview-1.0.1.lessonpack"])
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.0", "job-interview 1.0.1"])
        let played = try await publisher.lessonpack(["play", "job-interview", "--plain", "--player", "none"], input: "quit\n")
        #expect(played.standardOutput.contains("job-interview 1.0.1"), "\(played.standardOutput)")
        #expect(try await publisher.lessonpack(["update", "no-such-module"]).standardError.contains("[update-not-from-catalog]"))
    }

    @Test func aDownloadCutOffIsResumedAndTheOldVersionStaysPlayable() async throws {
        let publisher = try await Publisher()
        #expect(try await publisher.lessonpack(["install", "--catalog", publisher.address]).status == 0)
        try await publisher.releaseJobInterview(version: "1.0.1")
        let bundleSize = try #require(try FileManager.default.attributesOfItem(
            atPath: publisher.site + "/job-interview-1.0.1.lessonpack")[.size] as? Int)

        // At 64 KB/s the download takes seconds; it is killed once a part of it is on disk.
        publisher.server.slow = true
        let update = try ChildProcess(executable: LessonpackBinary.path,
                                      arguments: ["update", "--data-dir", publisher.data])
        let downloads = publisher.data + "/library/.downloads"
        var part = 0
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && update.isRunning && part < 150_000 {
            usleep(50_000)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: downloads)) ?? []
            part = names.compactMap { try? FileManager.default.attributesOfItem(atPath: downloads + "/" + $0)[.size] as? Int }
                .max() ?? 0
        }
        kill(update.pid, SIGKILL)
        _ = update.wait(timeout: 10)
        #expect(part >= 150_000 && part < bundleSize, "the download was not caught halfway: \(part) of \(bundleSize) bytes")
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.0"])
        let played = try await publisher.lessonpack(["play", "job-interview", "--plain", "--player", "none"], input: "quit\n")
        #expect(played.status == 0 && played.standardOutput.contains("job-interview 1.0.0"))

        publisher.server.slow = false
        let seen = publisher.server.requests().count
        let resumed = try await publisher.lessonpack(["update"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardError.contains("resuming job-interview-1.0.1.lessonpack"))
        let bundleRequest = publisher.requests(since: seen).last
        #expect(bundleRequest?.status == 206)
        #expect(bundleRequest?.range.map { $0.hasPrefix("bytes=") && Int($0.dropFirst(6).dropLast()) ?? 0 >= 150_000 } == true,
                "\(String(describing: bundleRequest))")
        #expect(try await publisher.installedVersions().last == "job-interview 1.0.1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads).isEmpty)
    }

    @Test func tamperedBundlesAndCatalogsAreRefused() async throws {
        let publisher = try await Publisher()
        #expect(try await publisher.lessonpack(["install", "--catalog", publisher.address]).status == 0)
        try await publisher.releaseJobInterview(version: "1.0.1")

        // A bundle changed on the server: not the file the signed catalog lists.
        let bundle = publisher.site + "/job-interview-1.0.1.lessonpack"
        let original = try Data(contentsOf: URL(fileURLWithPath: bundle))
        var bytes = [UInt8](original)
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: bundle))
        let tamperedBundle = try await publisher.lessonpack(["update"])
        #expect(tamperedBundle.status == 1)
        #expect(tamperedBundle.standardError.contains("[catalog-bundle-mismatch]"), "\(tamperedBundle.standardError)")
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.0"])
        try original.write(to: URL(fileURLWithPath: bundle))

        // The catalog changed after signing: here, to point at another file.
        let catalogPath = publisher.site + "/catalog.signed.json"
        let signed = try Data(contentsOf: URL(fileURLWithPath: catalogPath))
        var envelope = try #require(try JSONSerialization.jsonObject(with: signed) as? [String: Any])
        let payload = try #require(envelope["catalog"] as? String)
        let inner = try #require(Data(base64Encoded: payload))
        let forged = String(decoding: inner, as: UTF8.self).replacingOccurrences(of: "\"release\" : 2", with: "\"release\" : 9")
        envelope["catalog"] = Data(forged.utf8).base64EncodedString()
        try JSONSerialization.data(withJSONObject: envelope).write(to: URL(fileURLWithPath: catalogPath))
        let tamperedCatalog = try await publisher.lessonpack(["update"])
        #expect(tamperedCatalog.status == 1)
        #expect(tamperedCatalog.standardError.contains("[catalog-signature-invalid]"), "\(tamperedCatalog.standardError)")

        // The same release re-signed by someone else's key: not the publisher's key the learner trusted.
        let intruder = publisher.folder.child("intruder.key")
        _ = try await LessonpackBinary.run(["keygen", intruder])
        let intruderSite = publisher.folder.child("intruder-site")
        let resigned = try await LessonpackBinary.run(["release", publisher.modules, "-o", intruderSite, "--sign", intruder])
        #expect(resigned.status == 0)
        try FileManager.default.removeItem(atPath: catalogPath)
        try FileManager.default.copyItem(atPath: intruderSite + "/catalog.signed.json", toPath: catalogPath)
        let foreign = try await publisher.lessonpack(["update"])
        #expect(foreign.status == 1)
        #expect(foreign.standardError.contains("[catalog-key-untrusted]"), "\(foreign.standardError)")
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.0"])

        // Back to the publisher's own catalog, the update goes through.
        try signed.write(to: URL(fileURLWithPath: catalogPath))
        let genuine = try await publisher.lessonpack(["update"])
        #expect(genuine.status == 0, "\(genuine.standardError)")
        #expect(try await publisher.installedVersions().last == "job-interview 1.0.1")
    }

    @Test func olderReleasesAndVersionsAreRefused() async throws {
        let publisher = try await Publisher()
        let oldSite = publisher.folder.child("www/old-site")
        try FileManager.default.copyItem(atPath: publisher.site, toPath: oldSite)
        try await publisher.releaseJobInterview(version: "1.0.1")
        #expect(try await publisher.lessonpack(["install", "--catalog", publisher.address]).status == 0)

        // The same address serving the release before: a replayed catalog.
        let current = publisher.folder.child("current-site")
        try FileManager.default.moveItem(atPath: publisher.site, toPath: current)
        try FileManager.default.copyItem(atPath: oldSite, toPath: publisher.site)
        let replayed = try await publisher.lessonpack(["update"])
        #expect(replayed.status == 1)
        #expect(replayed.standardError.contains("[catalog-rollback]"), "\(replayed.standardError)")

        // Another address of the same publisher offering the older version: a downgrade, refused.
        let downgrade = try await publisher.lessonpack(["install", "--catalog", publisher.server.address + "old-site/"])
        #expect(downgrade.status == 1)
        #expect(downgrade.standardError.contains("[install-downgrade]"), "\(downgrade.standardError)")
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.1"])
    }

    /// A download that cannot be written is the library's failure, not the server's: its own code, and the next
    /// run, with the way clear, recovers.
    @Test func aDownloadThatCannotBeWrittenSaysSo() async throws {
        let publisher = try await Publisher()
        #expect(try await publisher.lessonpack(["install", "--catalog", publisher.address]).status == 0)
        try await publisher.releaseJobInterview(version: "1.0.1")
        let sha256 = try #require(FileDigest.sha256(ofFileAt: publisher.site + "/job-interview-1.0.1.lessonpack"))
        // A folder where the download's part file goes.
        let part = publisher.data + "/library/.downloads/\(sha256).part"
        try FileManager.default.createDirectory(atPath: part, withIntermediateDirectories: true)
        let failed = try await publisher.lessonpack(["update"])
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("[download-write-failed]"), "\(failed.standardError)")
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.0"])

        try FileManager.default.removeItem(atPath: part)
        let recovered = try await publisher.lessonpack(["update"])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(try await publisher.installedVersions().last == "job-interview 1.0.1")
    }

    @Test func aServerErrorChangesNothingAndTheNextRunRecovers() async throws {
        let publisher = try await Publisher()
        #expect(try await publisher.lessonpack(["install", "--catalog", publisher.address]).status == 0)
        try await publisher.releaseJobInterview(version: "1.0.1")
        publisher.server.failing = true
        let failed = try await publisher.lessonpack(["update"])
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("answered 500 Internal Server Error"), "\(failed.standardError)")
        #expect(failed.standardError.contains("[remote-http-error]"))
        #expect(try await publisher.installedVersions() == ["at-the-cafe 1.0.0", "job-interview 1.0.0"])

        publisher.server.failing = false
        let recovered = try await publisher.lessonpack(["update"])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(try await publisher.installedVersions().last == "job-interview 1.0.1")

        // Nothing listening, an address that is not a release, and one that is not a web address at all.
        publisher.server.stop()
        let down = try await publisher.lessonpack(["update"])
        #expect(down.status == 1)
        #expect(down.standardError.contains("[remote-unreachable]"), "\(down.standardError)")
        let credentials = try await publisher.lessonpack(["install", "--catalog", "http://learner:secret@127.0.0.1/site/"])
        #expect(credentials.status == 2)
        #expect(credentials.standardError.contains("[remote-address-invalid]"), "\(credentials.standardError)")
        // The password typed is never printed back, in text or in JSON.
        let json = try await publisher.lessonpack(["install", "--catalog", "ftp://learner:secret@127.0.0.1/site/", "--format", "json"])
        #expect(json.status == 2)
        for printed in [credentials.standardOutput, credentials.standardError, json.standardOutput, json.standardError] {
            #expect(!printed.contains("secret"), "\(printed)")
        }
        #expect(json.standardOutput.contains("remote-address-invalid"), "\(json.standardOutput)")
    }
}
