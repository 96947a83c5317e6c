import Foundation
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio

/// Saving from the studio: the folder stays the source of truth, written as fmt writes it, and nothing is lost.
@Suite struct ModuleEditorTests {
    private func sample() -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        return (folder, folder.copy(Paths.sampleModule, as: "job-interview"))
    }

    private func text(_ folder: String, _ file: SourceFile) throws -> String {
        try String(contentsOfFile: ModuleLayout.join(folder, file.path), encoding: .utf8)
    }

    @Test func aSaveWritesOnlyWhatChangedAndKeepsCommentsAndTimes() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let before = await editor.state()
        let untouched = try text(module, .definitions)
        var edited = before.module
        edited.transcript[0].text = "Good morning. You must be David Moore, I think."
        edited.transcript[0].terms = []
        guard case .saved(let after) = try await editor.save(edited, revision: before.revision) else {
            Issue.record("the save was refused")
            return
        }
        let transcript = try text(module, .transcript)
        #expect(transcript.contains("You must be David Moore, I think."))
        #expect(transcript.contains("<!-- The conversation, line by line"), "the comment stays")
        #expect(transcript.contains("<string>0:04.189</string>"), "times keep the way they were written")
        #expect(try text(module, .definitions) == untouched)
        #expect(after.revision != before.revision)
        #expect(after.canUndo)
    }

    @Test func undoGivesBackTheFilesByteForByteAndRedoTheEdit() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let original = try text(module, .module)
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var edited = state.module
        edited.title = "Another title"
        guard case .saved(let saved) = try await editor.save(edited, revision: state.revision),
              case .saved(let undone) = try await editor.undo(revision: saved.revision) else {
            Issue.record("refused")
            return
        }
        #expect(try text(module, .module) == original)
        #expect(undone.canRedo && !undone.canUndo)
        guard case .saved(let redone) = try await editor.redo(revision: undone.revision) else {
            Issue.record("refused")
            return
        }
        #expect(redone.module.title == "Another title")
        await #expect(throws: StudioError.self) { try await editor.redo(revision: redone.revision) }
    }

    @Test func aFileChangedOnDiskIsNeverOverwritten() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        let path = ModuleLayout.join(module, SourceFile.module.path)
        let theirs = try text(module, .module).replacingOccurrences(of: "</plist>", with: "<!-- theirs -->\n</plist>")
        try theirs.write(toFile: path, atomically: true, encoding: .utf8)
        var edited = state.module
        edited.title = "Mine"
        guard case .conflict(let files, let current) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("a save over another program's change went through")
            return
        }
        #expect(files == ["module.plist"])
        #expect(try text(module, .module) == theirs)
        #expect(current.revision != state.revision)
        // Saving against the state it was shown goes through, keeping their comment.
        guard case .saved = try await editor.save(edited, revision: current.revision) else {
            Issue.record("refused again")
            return
        }
        #expect(try text(module, .module).contains("<!-- theirs -->"))
    }

    @Test func aPageBehindAnotherPageIsToldSo() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var edited = state.module
        edited.summary = "First page."
        _ = try await editor.save(edited, revision: state.revision)
        edited.summary = "Second page, which had not seen the first."
        guard case .conflict(let files, _) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("a stale page overwrote a newer save")
            return
        }
        #expect(files.isEmpty)
    }

    @Test func aDoubtedTimeStaysOnTheListUntilTheTeacherChangesIt() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var doubted = state.module
        doubted.transcript[2].uncertainTiming = "no clear end of speech near 0:09.10"
        doubted.transcript[3].uncertainTiming = "a span short for its words"
        guard case .saved(let saved) = try await editor.save(doubted, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        let listed = saved.diagnostics.filter { $0.code == "uncertain-timing" }
        #expect(listed.map(\.field) == ["transcript.2.start", "transcript.3.start"])
        // Any other edit keeps the doubts; moving line 3's end clears its own.
        var edited = saved.module
        edited.transcript[0].text = "Good morning. You must be David Moore, I think."
        edited.transcript[0].terms = []
        edited.transcript[2].end += 0.25
        guard case .saved(let after) = try await editor.save(edited, revision: saved.revision) else {
            Issue.record("refused")
            return
        }
        #expect(after.module.transcript[2].uncertainTiming == nil)
        #expect(after.module.transcript[3].uncertainTiming == "a span short for its words")
        #expect(after.diagnostics.filter { $0.code == "uncertain-timing" }.map(\.field) == ["transcript.3.start"])
        #expect(try !text(module, .transcript).contains("no clear end of speech"))
        // Undo puts the doubted times back, and the doubt with them.
        let undone = try await editor.undo(revision: after.revision)
        guard case .saved(let back) = undone else {
            Issue.record("the undo was refused")
            return
        }
        #expect(back.module.transcript[2].uncertainTiming == "no clear end of speech near 0:09.10")
    }

    @Test func diagnosticsArePlacedAtTheirFields() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var edited = state.module
        edited.transcript[1].speaker = "aplicant"
        edited.speakers[0].colour = "red"
        edited.objectives[0].criteria = ""
        guard case .saved(let saved) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        let fields = Dictionary(saved.diagnostics.map { ($0.code, $0.field) }, uniquingKeysWith: { first, _ in first })
        #expect(fields["undeclared-speaker"] == "transcript.1.speaker")
        #expect(fields["invalid-colour"] == "speakers.0.colour")
        #expect(saved.diagnostics.contains { $0.field == "objectives.0.criteria" })
        #expect(saved.diagnostics.allSatisfy { !$0.file.hasPrefix("/") })
    }

    @Test func aFileTheFormsCannotHoldIsLeftAlone() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let path = ModuleLayout.join(module, SourceFile.transcript.path)
        let broken = try text(module, .transcript).replacingOccurrences(of: "<string>0:04.189</string>",
                                                                         with: "<string>0:4.189</string>")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        #expect(state.readOnly == ["transcript.plist"])
        var edited = state.module
        edited.title = "Still editable"
        edited.transcript[0].text = "This edit cannot be saved into a file the forms cannot hold."
        guard case .saved = try await editor.save(edited, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        #expect(try text(module, .transcript) == broken)
        #expect(try text(module, .module).contains("Still editable"))
    }

    @Test func aNewActivitysFileIsCreatedAndMediaIsTheScannersOwn() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        try FileManager.default.removeItem(atPath: ModuleLayout.join(module, SourceFile.test.path))
        let media = try text(module, .media)
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        #expect(state.diagnostics.contains { $0.code == "missing-file" })
        var edited = state.module
        edited.test = TestBank(draw: 1, items: [TestItem(id: "t1", objective: edited.objectives[0].id,
                                                         text: "Helen is the manager.", kind: .statement(isCorrect: true))])
        edited.media = []
        guard case .saved(let saved) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        #expect(try text(module, .test).contains("Helen is the manager."))
        #expect(try text(module, .media) == media)
        #expect(!saved.diagnostics.contains { $0.code == "missing-file" })
    }

    @Test func changedAndNewTimesAreWrittenAsTheFileWritesThem() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var edited = state.module
        edited.transcript[0].end = 3.25
        var added = edited.transcript[0]
        added.id = "l99"
        added.start = 101
        added.end = 102.5
        edited.transcript.append(added)
        guard case .saved = try await editor.save(edited, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        let transcript = try text(module, .transcript)
        #expect(transcript.contains("<string>0:03.250</string>"))
        #expect(transcript.contains("<string>1:41.000</string>") && transcript.contains("<string>1:42.500</string>"))
        #expect(!transcript.contains("<real>"))
    }

    @Test func aMissingKeyIsPlacedAtTheFieldToFillIn() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var edited = state.module
        edited.video = nil
        guard case .saved(let saved) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        #expect(saved.diagnostics.contains { $0.code == "missing-key" && $0.field == "video" }, "\(saved.diagnostics)")
    }

    @Test func aDefinitionFilledInOneFieldAtATimeKeepsEachField() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        var state = await editor.state()
        var edited = state.module
        edited.definitions.append(Definition(term: "by the window", partOfSpeech: "expression", meaning: ""))
        guard case .saved(let saved) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        state = saved
        let last = try #require(state.module.definitions.last)
        #expect(last.partOfSpeech == "expression" && last.meaning.isEmpty)
        let index = state.module.definitions.count - 1
        #expect(state.diagnostics.contains { $0.code == "definition-format" && $0.field == "definitions.\(index).meaning"
            && $0.message.contains("no meaning") })
    }

    @Test func textNoFileCanHoldIsARequestErrorAndWritesNothing() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let before = try text(module, .module)
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        var edited = state.module
        edited.title = "Bell\u{07}"
        do {
            _ = try await editor.save(edited, revision: state.revision)
            Issue.record("a title with a bell character was saved")
        } catch {
            #expect(error.code == .badRequest)
        }
        #expect(try text(module, .module) == before)
    }

    @Test func mediaChangedBehindTheStudiosBackIsStillCaughtAfterASave() async throws {
        let (temporary, module) = sample()
        defer { withExtendedLifetime(temporary) {} }
        let editor = try ModuleEditor(key: "0", folder: module)
        let state = await editor.state()
        #expect(!state.diagnostics.contains { $0.code == "media-hash-mismatch" })
        // The same size, other bytes, a later time: the remembered digest must not hide it.
        let clip = module + "/media/lines/l01.opus"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: clip)))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: clip))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: clip)
        var edited = state.module
        edited.summary += " Again."
        guard case .saved(let saved) = try await editor.save(edited, revision: state.revision) else {
            Issue.record("refused")
            return
        }
        #expect(saved.diagnostics.contains { $0.code == "media-hash-mismatch" })
    }
}
