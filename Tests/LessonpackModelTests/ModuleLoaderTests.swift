import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackModel

@Suite struct SampleModuleLoading {
    @Test func readsEveryPartWithoutComplaint() throws {
        let source = try ModuleLoader.load(folder: Paths.sampleModule)
        #expect(source.diagnostics.isEmpty, "\(source.diagnostics.map(\.message))")
        let module = source.module
        #expect(module.id == "job-interview")
        #expect(SemanticVersion(module.version) == SemanticVersion(major: 1, minor: 0, patch: 0))
        // The eight activities the sample lists, whatever kinds come later.
        #expect(module.activities == [.video, .videoTask, .vocabulary, .audioGame, .pronunciation, .questions, .dictionary, .test])
        #expect(module.speakers.map(\.id) == ["manager", "applicant"])
        #expect(module.objectives.map(\.id) == ["greet", "background", "closing"])
        #expect(module.transcript.count == 21)
        #expect(module.definitions.count == 18)
        #expect(module.phrasebook.count == 2)
        #expect(module.videoTask.count == 10)
        #expect(module.questions.count == 7)
        #expect(module.questions.allSatisfy { $0.answers.count == 3 })
        #expect(module.test.items.count == 30)
        #expect(module.test.draw == 20)
        #expect(module.media.count == 50)
        #expect(source.map.transcript.count == module.transcript.count)
    }

    @Test func keepsWhereEachPartWasWritten() throws {
        let source = try ModuleLoader.load(folder: Paths.sampleModule)
        let speaker = source.map.transcript[0].location(of: "speaker")
        #expect(speaker.file.hasSuffix("job-interview/transcript.plist"))
        #expect(speaker.line == 13)
        #expect(source.map.definitions[0].location.line == 6)
    }

    @Test func definitionsSplitIntoPartOfSpeechAndMeaning() throws {
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let first = try #require(module.definitions.first)
        #expect(first.term == "nice to meet you")
        #expect(first.partOfSpeech == "expression")
        #expect(first.meaning.hasPrefix("a polite greeting"))
    }
}

@Suite struct SchemaProblems {
    func load(_ files: [String: String]) throws -> ModuleSource {
        let folder = TemporaryFolder()
        for (name, body) in files { folder.write(wrap(body), to: name) }
        return try withExtendedLifetime(folder) { try ModuleLoader.load(folder: folder.path) }
    }

    func wrap(_ body: String) -> String { "<plist version=\"1.0\">\n\(body)\n</plist>\n" }

    func codes(_ source: ModuleSource) -> [String] {
        source.diagnostics.sortedForDisplay().map { "\($0.code)@\(($0.location.file as NSString).lastPathComponent):\($0.location.line ?? 0)" }
    }

    @Test func aMisspeltRequiredKeyIsReportedOnceWithTheFix() throws {
        let source = try load(["module.plist": """
            <dict>
            <key>id</key><string>m</string>
            <key>titel</key><string>T</string>
            <key>version</key><string>1.0.0</string><key>level</key><string>A1</string>
            <key>summary</key><string>S</string><key>speakers</key><array/><key>objectives</key><array/>
            <key>activities</key><array/>
            </dict>
            """])
        let unknown = source.diagnostics.filter { $0.code == .unknownKey }
        #expect(unknown.count == 1)
        #expect(unknown.first?.severity == .error)
        #expect(unknown.first?.message == "unknown key 'titel' in module.plist; did you mean 'title'?")
        #expect(!source.diagnostics.contains { $0.code == .missingKey })
    }

    @Test func anUnknownOptionalKeyIsAWarning() throws {
        let source = try load(["transcript.plist": "<dict><key>lines</key><array/><key>notes</key><string>x</string></dict>"])
        let unknown = try #require(source.diagnostics.first { $0.code == .unknownKey })
        #expect(unknown.severity == .warning)
        #expect(unknown.message.contains("(it knows 'lines')"))
    }

    @Test func wrongTypesAndMissingKeysPointAtTheirPlace() throws {
        let source = try load(["transcript.plist": """
            <dict><key>lines</key><array>
            <dict><key>id</key><string>l1</string><key>speaker</key><integer>3</integer></dict>
            </array></dict>
            """])
        #expect(codes(source).contains("wrong-type@transcript.plist:3"))
        let missing = source.diagnostics.filter { $0.code == .missingKey }.map(\.message)
        #expect(missing == ["line 'l1' is missing 'text'", "line 'l1' is missing 'start'", "line 'l1' is missing 'end'",
                            "line 'l1' is missing 'audio'"])
    }

    /// Reading says what part of the module each problem is about, and the source map places that part where the
    /// problem was found: the studio shows it at the field, `check` at the line.
    @Test func readingProblemsNameTheirPartOfTheModule() throws {
        let source = try load(["transcript.plist": """
            <dict><key>lines</key><array>
            <dict><key>id</key><string>l0</string><key>speaker</key><string>a</string><key>text</key><string>t</string>
            <key>start</key><real>0</real><key>end</key><real>1</real><key>audio</key><string>a.wav</string></dict>
            <dict><key>id</key><string>l1</string><key>speaker</key><integer>3</integer></dict>
            </array></dict>
            """])
        let wrongType = try #require(source.diagnostics.first { $0.code == .wrongType })
        #expect(wrongType.path == .transcript(1, .speaker))
        #expect(source.map.location(of: .transcript(1, .speaker)) == wrongType.location)
        let missing = source.diagnostics.filter { $0.code == .missingKey && $0.location.file.hasSuffix("transcript.plist") }
        #expect(missing.map(\.path) == [.transcript(1, .text), .transcript(1, .start), .transcript(1, .end),
                                        .transcript(1, .audio)])
        // A key the sources leave out is placed at the entry that lacks it.
        #expect(source.map.location(of: .transcript(1, .text)) == source.map.location(of: .transcript(1, .entry)))
        #expect(source.map.location(of: .list(.transcript)).line == 2, "the <array> of lines, after <plist>")
        #expect(source.map.location(of: .file(.media)) == SourceLocation(file: source.path(.media)))
    }

    @Test func missingFilesAreNamed() throws {
        let source = try load([:])
        #expect(codes(source) == ["missing-file@media.plist:0", "missing-file@module.plist:0", "missing-file@transcript.plist:0"])
    }

    @Test func misspeltFileNamesAreWarned() throws {
        let source = try load(["transcipt.plist": "<dict/>"])
        let warning = try #require(source.diagnostics.first { $0.code == .unknownFile })
        #expect(warning.message.contains("did you mean 'transcript.plist'?"))
    }

    @Test func idsAndTimesAreValidated() throws {
        let source = try load(["transcript.plist": """
            <dict><key>lines</key><array>
            <dict><key>id</key><string>line 1</string><key>speaker</key><string>a</string><key>text</key><string>t</string>
            <key>start</key><string>1:75</string><key>end</key><real>2</real><key>audio</key><string>x.wav</string></dict>
            </array></dict>
            """])
        #expect(codes(source).contains("invalid-id@transcript.plist:3"))
        #expect(codes(source).contains("invalid-time@transcript.plist:4"))
    }

    @Test func aFolderThatIsNotThereIsAFailureNotADiagnostic() {
        #expect(throws: ModuleLoader.Failure.noSuchFolder("/no/such/module")) {
            try ModuleLoader.load(folder: "/no/such/module")
        }
    }
}
