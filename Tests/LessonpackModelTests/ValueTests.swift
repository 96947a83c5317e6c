import LessonpackDiagnostics
import Testing
@testable import LessonpackModel

@Suite struct SemanticVersionTests {
    @Test(arguments: ["1.0.0", "0.1.0", "10.20.30", "1.0.0-alpha.1", "1.0.0+build.5", "1.0.0-rc.1+sha.abc"])
    func valid(_ text: String) {
        #expect(SemanticVersion(text)?.description == text)
    }

    @Test(arguments: [("1.0", SemanticVersionProblem.notThreeNumbers), ("1.02.0", .leadingZero),
                      ("v1.0.0", .notThreeNumbers), ("1.0.0-", .badPrerelease), ("1.0.0-01", .badPrerelease),
                      ("1.0.0+", .badBuild), ("", .notThreeNumbers)])
    func invalid(_ text: String, problem: SemanticVersionProblem) {
        #expect(SemanticVersion.parse(text) == .failure(problem))
        #expect(problem.reportedDiagnostics.map(\.code) == [.invalidVersion])
    }

    @Test func precedenceFollowsTheSpecification() {
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                       "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0"].compactMap(SemanticVersion.init)
        #expect(ordered.count == 11)
        for (lower, higher) in zip(ordered, ordered.dropFirst()) { #expect(lower < higher) }
        #expect(SemanticVersion("1.0.0+a")!.hasSamePrecedence(as: SemanticVersion("1.0.0+b")!))
    }
}

@Suite struct TimeTextTests {
    @Test(arguments: [("62.5", 62.5), ("1:02.5", 62.5), ("0:01:02.500", 62.5), ("1:00:00", 3600.0), (" 3 ", 3.0),
                       ("\u{00A0}4\u{00A0}", 4.0), ("1:02:03.25", 3723.25)])
    func reads(_ text: String, seconds: Double) {
        #expect(TimeText.seconds(from: text) == seconds)
    }

    /// Seconds are read by the digit, not as text: every one must still be the double nearest what is written.
    @Test func secondsAreTheNearestDouble() {
        var generator = SystemRandomNumberGenerator()
        var written = ["0.1", "0.3", "59.999", "1.005", "2.675", "123456789012.5", "0.000000000000001",
                       "12345678901234567.5", "99999999999999999999"]
        for _ in 0..<2000 {
            let whole = UInt64.random(in: 0...999_999, using: &generator)
            let fraction = String(UInt64.random(in: 0...999_999_999, using: &generator))
            written.append("\(whole).\(fraction.prefix(Int.random(in: 1...9, using: &generator)))")
        }
        for text in written {
            #expect(TimeText.seconds(from: text) == Double(text), "\(text)")
        }
    }

    @Test(arguments: ["", "1:60", "1:2:3:4", "a", "1.", ".5", "1..2", "-1", "1:-2", "1.5:30", "1::2", ":5",
                       "1:", "\u{0661}\u{0662}", "1 :2"])
    func refuses(_ text: String) {
        #expect(TimeText.seconds(from: text) == nil)
    }

    @Test func formatsForPeople() {
        #expect(TimeText.format(62.5) == "1:02.500")
        #expect(TimeText.format(3723.004) == "1:02:03.004")
        #expect(TimeText.format(0) == "0:00.000")
        #expect(TimeText.format(-1.5) == "-0:01.500")
    }
}

@Suite struct DefinitionTextTests {
    @Test func splitsPartOfSpeech() {
        #expect(Definition.parse("(noun) a thing.")! == ("noun", "a thing."))
        #expect(Definition.parse("  ( phrasal verb )  to deal with it ")! == ("phrasal verb", "to deal with it"))
        #expect(Definition.parse("a thing") == nil)
        #expect(Definition.parse("(noun)")! == ("noun", ""), "the part of speech is kept; the rule reports the missing meaning")
        #expect(Definition.parse("() x") == nil)
    }
}

@Suite struct MediaPaths {
    @Test(arguments: ["../x.wav", "/etc/passwd", "a\\b.wav", "a//b.wav", "", "a/../../b"])
    func escapingPathsAreRefused(_ path: String) {
        #expect(MediaFolder.problem(with: path) != nil)
    }

    @Test func ordinaryPathsAreFine() {
        #expect(MediaFolder.problem(with: "lines/l01.opus") == nil)
        #expect(MediaKind(fileExtension: "OPUS") == .audio)
        #expect(MediaKind(fileExtension: "txt") == nil)
    }
}

@Suite struct TimeProblemTests {
    @Test(arguments: [
        ("1:2:3", "the minutes after a ':' take two digits, as on a clock ('2' should be '02')"),
        ("1:02:3", "the seconds after a ':' take two digits, as on a clock ('3' should be '03')"),
        ("1:002", "the seconds after a ':' take two digits, as on a clock ('002' has 3)"),
        ("1:75", "75 seconds is more than a clock shows; seconds stay below 60"),
        ("1:2:3:4", "it has 4 fields; write at most hours:minutes:seconds"),
        ("1.5:30", "only the seconds take a fraction, not the minutes ('1.5')"),
        ("a", "'a' is not a number of seconds"),
        ("1:", "its seconds field is empty"),
    ])
    func saysWhatIsWrongWithTheValue(_ text: String, reason: String) {
        #expect(TimeText.parse(text) == .failure(TimeText.Problem(reason: reason)))
    }
}

@Suite struct TermLayoutTests {
    @Test func termsMatchWholeWords() {
        let layout = TermLayout.layout(of: "Take the bus with us", terms: ["us"])
        #expect(layout.placed == [TermLayout.Placement(term: "us", range: 18..<20)])
        #expect(TermLayout.layout(of: "Take the bus", terms: ["us"]).insideWords == ["us"])
        #expect(TermLayout.layout(of: "I don't know", terms: ["don"]).insideWords == ["don"])
        #expect(TermLayout.layout(of: "I don\u{2019}t know", terms: ["don't"]).placed.map(\.term) == ["don't"])
        #expect(TermLayout.layout(of: "Café au lait, s'il vous plaît", terms: ["CAFÉ", "plaît"]).placed.count == 2)
        #expect(TermLayout.layout(of: "Nothing here", terms: ["there"]).missing == ["there"])
    }

    @Test func overlappingTermsAreReportedAndTheLongerIsPlacedFirst() {
        let layout = TermLayout.layout(of: "Stop at the traffic lights.", terms: ["lights", "traffic lights"])
        #expect(layout.placed.map(\.term) == ["traffic lights"])
        #expect(layout.overlapping.map { [$0.term, $0.with] } == [["lights", "traffic lights"]])
        let both = TermLayout.layout(of: "At the traffic lights, the lights are red.", terms: ["lights", "traffic lights"])
        #expect(both.placed.map(\.term) == ["traffic lights", "lights"])
        #expect(both.overlapping.isEmpty)
    }

    /// Plain ASCII is laid out by the byte; a character beyond ASCII at the end sends the same line the
    /// Character-wise way, which must place every term at the same offsets.
    @Test(arguments: [
        ("Take the bus with us", ["us", "Bus", "take"]),
        ("I don't know, don, DON'T go", ["don", "don't", "know,"]),
        ("At the traffic lights, the lights are red.", ["lights", "traffic lights", "red", "ed"]),
        ("  padded  ", [" padded ", "pad", "x"]),
        ("The bus, the BUS", ["bus", "Bus ", "BUS", "the", "The"]),
        ("'quoted' words and 'twas 2nd 2", ["quoted", "twas", "2", "2nd", "words and"]),
    ])
    func bytesAndCharactersLayOutAlike(text: String, terms: [String]) {
        let byBytes = TermLayout.layout(of: text, terms: terms)
        let byCharacters = TermLayout.layout(of: text + " \u{00E9}", terms: terms)
        #expect(byBytes == byCharacters)
        #expect(TermLayout.layout(of: text, terms: terms + ["\u{00E9}t\u{00E9}"]).placed == byBytes.placed)
    }

    /// Terms that differ only in case are one term: placed once (the first written), never reported.
    @Test func aTermWrittenTwiceIsPlacedOnce() {
        for text in ["The bus, the BUS", "The bus, the BUS \u{00E9}"] {
            let layout = TermLayout.layout(of: text, terms: ["bus", "Bus", "BUS"])
            #expect(layout.placed == [TermLayout.Placement(term: "bus", range: 4..<7)], "\(text)")
            #expect(layout.missing.isEmpty && layout.overlapping.isEmpty && layout.insideWords.isEmpty)
        }
    }

    @Test func aCarriageReturnLineFeedIsOneCharacter() {
        #expect(TermLayout.layout(of: "one\r\ntwo", terms: ["two"]).placed == [TermLayout.Placement(term: "two", range: 4..<7)])
    }
}

/// A value's problem, said on its own, has the code its reader reports it under.
@Suite struct ValueProblemCodeTests {
    @Test func aTimeThatIsNotOneIsInvalidTime() throws {
        guard case .failure(let problem) = TimeText.parse("1:2:3") else { Issue.record("1:2:3 was read"); return }
        #expect(problem.reportedDiagnostics.map(\.code) == [.invalidTime])
        #expect(problem.description.hasPrefix("not a time: "))
    }
}
