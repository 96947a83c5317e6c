import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// `lessonpack sync` against a real learning record store, Ralph, on loopback: every statement reaches it once,
/// whatever happens on the way, and every one passes Ralph's own xAPI model.
@Suite(.serialized) struct LRSSyncTests {
    static let recorder = "sox -n -r 16000 -c 1 {output} synth {seconds} sine 300"

    /// Plays the sample module through every activity, offline: a history with statements of every verb.
    static func playOffline(_ data: String, seed: Int = 1) async throws {
        let answers = try String(contentsOfFile: Paths.inPackage("Tests/LessonpackCLITests/Fixtures/play-all.txt"), encoding: .utf8)
        let played = try await LessonpackBinary.run(["play", Paths.sampleModule, "--plain", "--seed", String(seed), "--data-dir", data,
                                                     "--player", "none", "--recorder", recorder], standardInput: answers)
        #expect(played.status == 0, "\(played.standardError)")
    }

    /// The ids of every statement the learner's store holds, from `progress --format xapi`.
    static func localIDs(_ data: String) async throws -> [String] {
        let exported = try await LessonpackBinary.run(["progress", "--data-dir", data, "--format", "xapi"])
        #expect(exported.status == 0, "\(exported.standardError)")
        let statements = try #require(try JSONSerialization.jsonObject(with: Data(exported.standardOutput.utf8)) as? [[String: Any]])
        return statements.compactMap { $0["id"] as? String }
    }

    func sync(_ data: String, _ lrs: RalphLRS, extra: [String] = [], environment: [String: String] = [:]) async throws
        -> LessonpackBinary.Result {
        try await LessonpackBinary.run(["sync", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile, "--data-dir", data] + extra,
                                       environment: environment, timeout: 180)
    }

    @Test func statementsPlayedOfflineReachTheStoreOnceAndPassRalphsModel() async throws {
        let folder = TemporaryFolder("lessonpack-lrs")
        let data = folder.child("learner")
        try await Self.playOffline(data)
        let noLearner = try await LessonpackBinary.run(["progress", "--data-dir", data, "--format", "xapi"])
        #expect(noLearner.status != 0 && noLearner.standardError.contains("[learner-unknown]"), "\(noLearner.standardError)")

        let lrs = try await RalphLRS.started(in: folder.child("ralph"))
        let first = try await sync(data, lrs, extra: ["--email", "ana@example.org", "--name", "Ana Silva", "--batch-size", "25"])
        #expect(first.status == 0, "\(first.standardError)")
        let local = try await Self.localIDs(data)
        #expect(local.count > 40)
        #expect(first.standardOutput.contains("Sent \(local.count) statements in \((local.count + 24) / 25) requests"),
                "\(first.standardOutput)")
        #expect(lrs.storedIDs() == local, "the store holds every statement, once, in the order they happened")
        let validated = try await lrs.validateStored()
        #expect(validated.status == 0, "\(validated.output)")
        let stored = lrs.storedStatements()
        let verbs = Set(stored.compactMap { ($0["verb"] as? [String: Any])?["id"] as? String })
        for verb in ["launched", "initialized", "answered", "completed", "terminated"] {
            #expect(verbs.contains("http://adlnet.gov/expapi/verbs/" + verb), "no '\(verb)' statement")
        }
        #expect(stored.allSatisfy { (($0["actor"] as? [String: Any])?["mbox"] as? String) == "mailto:ana@example.org" })

        // Nothing new: nothing sent. Then one more session, and only its statements go.
        let again = try await sync(data, lrs)
        #expect(again.status == 0 && again.standardOutput.contains("Nothing to send"), "\(again.standardOutput)")
        try await Self.playOffline(data, seed: 2)
        let more = try await sync(data, lrs, extra: ["--format", "json"])
        #expect(more.status == 0, "\(more.standardError)")
        let all = try await Self.localIDs(data)
        #expect(more.standardOutput.contains("\"sent\" : \(all.count - local.count)"), "\(more.standardOutput)")
        #expect(lrs.storedIDs() == all)
    }

    @Test func theStoreGoingDownInTheMiddleLosesAndDuplicatesNothing() async throws {
        let folder = TemporaryFolder("lessonpack-lrs")
        let data = folder.child("learner")
        try await Self.playOffline(data)
        let local = try await Self.localIDs(data, email: "ben@example.org")
        let lrs = try await RalphLRS.started(in: folder.child("ralph"))
        let syncing = try InteractiveProcess(LessonpackBinary.path, [
            "sync", "--lrs", lrs.endpoint, "--credentials", lrs.credentialsFile, "--data-dir", data, "--batch-size", "1",
            "--email", "ben@example.org",
        ])
        // A few batches in, the store goes away, and comes back a moment later. The sync runs in slices of 20 ms and
        // is paused while the store is counted and while it stops, so that it cannot send everything first and leave
        // no outage to recover from. The slice is timed by the thread itself (usleep), not by Task.sleep: on a loaded
        // machine the test runner's few threads are busy with other tests, and a task's 20 ms became seconds.
        let deadline = Date().addingTimeInterval(60)
        Foundation.kill(syncing.pid, SIGSTOP)
        while lrs.storedIDs().count < 8, Date() < deadline {
            Foundation.kill(syncing.pid, SIGCONT)
            usleep(20_000)
            Foundation.kill(syncing.pid, SIGSTOP)
        }
        #expect(lrs.storedIDs().count >= 8, "the sync did not start: \(syncing.text)")
        lrs.stop()
        Foundation.kill(syncing.pid, SIGCONT)
        #expect(await syncing.waitFor("trying again", timeout: 30), "\(syncing.text)")
        try await lrs.start()
        #expect(await syncing.waitUntilExit(timeout: 120) == 0, "\(syncing.text)")
        #expect(syncing.text.contains("Sent "), "\(syncing.text)")
        let stored = lrs.storedIDs()
        #expect(stored.count == Set(stored).count, "a statement was stored twice")
        #expect(stored.sorted() == local.sorted(), "a statement was lost")
        let again = try await sync(data, lrs)
        #expect(again.standardOutput.contains("Nothing to send"), "\(again.standardOutput)")
    }

    @Test func wrongCredentialsAreRefusedAndNothingIsMarkedSent() async throws {
        let folder = TemporaryFolder("lessonpack-lrs")
        let data = folder.child("learner")
        try await Self.playOffline(data)
        let lrs = try await RalphLRS.started(in: folder.child("ralph"))
        let wrong = folder.child("wrong")
        try "\(RalphLRS.username):not the password\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let refused = try await LessonpackBinary.run(["sync", "--lrs", lrs.endpoint, "--credentials", wrong, "--data-dir", data,
                                                      "--email", "cy@example.org"])
        #expect(refused.status == 2, "the sync could not be done")
        #expect(refused.standardError.contains("refused the credentials (401 Unauthorized)"), "\(refused.standardError)")
        #expect(refused.standardError.contains("[lrs-unauthorized]"))
        // The same failure is the same exit status whatever the format.
        let refusedJSON = try await LessonpackBinary.run(["sync", "--lrs", lrs.endpoint, "--credentials", wrong, "--data-dir", data,
                                                          "--email", "cy@example.org", "--format", "json"])
        #expect(refusedJSON.status == 2, "\(refusedJSON.standardOutput)")
        #expect(refusedJSON.standardOutput.contains("\"lrs-unauthorized\""))
        #expect(lrs.storedIDs().isEmpty)

        // The password in the address is refused before anything is sent; the environment's credentials work.
        let inAddress = lrs.endpoint.replacingOccurrences(of: "http://", with: "http://\(RalphLRS.username):pw@")
        let leaked = try await LessonpackBinary.run(["sync", "--lrs", inAddress, "--data-dir", data])
        #expect(leaked.status != 0 && leaked.standardError.contains("[remote-address-invalid]"), "\(leaked.standardError)")
        #expect(!leaked.standardError.contains("pw@"), "the password is not repeated back")
        let fromEnvironment = try await LessonpackBinary.run(["sync", "--lrs", lrs.endpoint, "--data-dir", data], environment: [
            "LESSONPACK_LRS_USERNAME": RalphLRS.username, "LESSONPACK_LRS_PASSWORD": RalphLRS.password,
        ])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.standardError)")
        #expect(await lrs.storedIDs().count == (try Self.localIDs(data)).count)
    }
}

extension LRSSyncTests {
    /// The local ids, telling `progress` who the learner is (nobody has yet, in this store).
    static func localIDs(_ data: String, email: String) async throws -> [String] {
        let exported = try await LessonpackBinary.run(["progress", "--data-dir", data, "--format", "xapi", "--email", email])
        #expect(exported.status == 0, "\(exported.standardError)")
        let statements = try #require(try JSONSerialization.jsonObject(with: Data(exported.standardOutput.utf8)) as? [[String: Any]])
        return statements.compactMap { $0["id"] as? String }
    }
}
