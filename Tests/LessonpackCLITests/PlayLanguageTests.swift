import Foundation
import LessonpackTestSupport
import Testing

/// The player in the learner's language: Japanese when the locale says so (LANG=ja_JP.UTF-8) or `--ui-language ja`
/// asks, English otherwise; the lesson's own words stay English, and what other programs read (`--format json`)
/// is never translated.
@Suite(.serialized) struct PlayLanguageTests {
    /// The locale as a Japanese learner's terminal sets it: LANG only (the test runner sets LC_ALL, which would win).
    static let japaneseLocale = ["LC_ALL": "", "LC_MESSAGES": "", "LC_CTYPE": "", "LANG": "ja_JP.UTF-8"]

    func playArguments(_ data: String, extra: [String] = []) -> [String] {
        ["play", Paths.sampleModule, "--seed", "1", "--data-dir", data, "--player", "none",
         "--recorder", PlayCommandTests.fakeMicrophone, "--plain"] + extra
    }

    @Test func plainModeSpeaksJapaneseWhenTheLocaleIsJapanese() throws {
        let folder = TemporaryFolder()
        let answers = try String(contentsOfFile: Paths.inPackage("Tests/LessonpackCLITests/Fixtures/play-all.txt"), encoding: .utf8)
        let result = try LessonpackBinary.run(playArguments(folder.child("data")), environment: Self.japaneseLocale,
                                              standardInput: answers)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for expected in [
            // Plain mode's own words.
            "目次:", "  2. ビデオの問題: 未開始", "番号を入力するとアクティビティが始まります。",
            // The activities' sentences, in Japanese.
            "== ビデオ ==", "会話の長さは 1:47 です。",
            "== ビデオの問題 ==", "ビデオについての次の文は、正しいですか、誤りですか。", "10 問中 10 問正解です。",
            "== 表現と語い ==",
            "== 音声ゲーム ==", "新しいゲーム（かんたん）です。",
            "== 発音練習 ==", "イントネーション: ", "お手本のあとに、あなたの声を再生しています。",
            "== 質問と答え ==", "すべて答えました: ",
            "== 辞書とフレーズ集 ==",
            "== テスト ==", "すべての問題に答えました。", "スコア: ",
            // The lesson's own words stay as the module writes them.
            "have a seat (expression): a polite way of asking someone to sit down.",
            "  Greet an interviewer and introduce yourself.",
        ] {
            #expect(output.contains(expected), "missing: \(expected)")
        }
        for english in ["Contents:", "== Video task ==", "10 of 10 right.", "New game, easy.", "All answered:", "Score: ",
                        "Type a number"] {
            #expect(!output.contains(english), "still English: \(english)")
        }

        // Machine-readable output stays English, whatever the locale.
        let progress = try LessonpackBinary.run(["progress", "--data-dir", folder.child("data"), "--format", "json"],
                                                environment: Self.japaneseLocale)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(progress.standardOutput.utf8)) as? [String: Any])
        let modules = try #require(document["modules"] as? [[String: Any]])
        let activities = try #require(modules.first?["activities"] as? [[String: Any]])
        #expect(activities.first { $0["activity"] as? String == "video-task" }?["title"] as? String == "Video task")
        #expect(!progress.standardOutput.contains { $0.unicodeScalars.first!.value >= 0x3000 })
    }

    @Test func theOptionWinsOverTheLocale() throws {
        let english = try LessonpackBinary.run(playArguments(TemporaryFolder().path, extra: ["--ui-language", "en"]),
                                               environment: Self.japaneseLocale, standardInput: "quit\n")
        #expect(english.status == 0, "\(english.standardError)")
        #expect(english.standardOutput.contains("Video task: not started"))
        // In a UTF-8 locale of no language (the runner's own may not be UTF-8, and then the player speaks English).
        let japanese = try LessonpackBinary.run(playArguments(TemporaryFolder().path, extra: ["--ui-language", "ja"]),
                                                environment: ["LC_ALL": "C.UTF-8"], standardInput: "quit\n")
        #expect(japanese.standardOutput.contains("ビデオの問題: 未開始"), "\(japanese.standardOutput)")
        // A language without a catalogue is English.
        let french = try LessonpackBinary.run(playArguments(TemporaryFolder().path),
                                              environment: ["LC_ALL": "fr_FR.UTF-8"], standardInput: "quit\n")
        #expect(french.standardOutput.contains("Video task: not started"))
        // A language the player does not speak, asked for by name, is a usage mistake, not English in silence.
        let unknown = try LessonpackBinary.run(playArguments(TemporaryFolder().path, extra: ["--ui-language", "jp"]),
                                               standardInput: "quit\n")
        #expect(unknown.status == 2 && unknown.standardError.contains("[argument-invalid]"), "\(unknown.standardError)")
        #expect(unknown.standardError.contains("en (English) or ja (Japanese)"))
    }
}
