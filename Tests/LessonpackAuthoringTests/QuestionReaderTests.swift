import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing

@Suite struct QuestionReaderTests {
    func read(_ name: String) throws -> ReadResult<ImportedQuestion> {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TranscriptReaderTests.fixtures + "/" + name)))
        return QuestionFormat.guess(bytes).read(bytes, file: name)
    }

    @Test func moodlesGIFTExamples() throws {
        let result = try read("gift-moodle-examples.txt")
        let texts = result.items.map(\.text)
        #expect(texts == [
            "Who's buried in Grant's tomb?", "Grant is _____ in Grant's tomb.",
            "The American holiday of Thanksgiving is celebrated on the _____ Thursday of November.",
            "Japanese characters originally came from what country?", "Grant is buried in Grant's tomb.",
            "The sun rises in the east.", "Japanese characters originally came from what country?",
            "What's the answer to this multiple-choice question?", "Who's buried in **Grant's tomb**?",
            "Grant is buried in Grant's tomb.", "Difficult question.", "Which answer equals 5?",
            "Which of the following is NOT a control character for the GIFT import format?", "Who painted the Mona Lisa?",
        ])
        #expect(result.items[1].kind == .multipleChoice(choices: ["buried", "entombed", "living"], answer: "entombed"))
        #expect(result.items[4].kind == .trueFalse(false))
        #expect(result.items[9].explanation == "No one is buried in Grant's tomb.")
        #expect(result.items[11].kind == .multipleChoice(choices: ["= 2 + 2", "= 2 + 3", "= 2 + 4"], answer: "= 2 + 3"))
        #expect(result.items[12].kind == .multipleChoice(choices: ["~", "=", "#", "{", "}", "\\"], answer: "\\"))
        #expect(result.items[13].explanation == "Leonardo da Vinci painted it around 1503.")
        // What a module cannot hold is read, reported where it is written, and skipped.
        #expect(result.diagnostics.map { "\($0.location.line!) \($0.message.split(separator: " ").prefix(2).joined(separator: " "))" } == [
            "21 short-answer questions", "29 matching questions", "37 numerical questions", "40 essay questions",
            "58 part-credit weights", "61 no answer",
        ])
        #expect(!result.hasErrors)
    }

    @Test func anUnclosedBraceIsAnErrorAtTheBrace() {
        let result = QuestionFormat.gift.read(Array("Fine.{T}\n\nWho's there?\n  {=me ~you\n".utf8), file: "q.gift")
        #expect(result.items.count == 1)
        #expect(result.diagnostics.map(\.message) == ["'{' is never closed with '}'"])
        #expect(result.diagnostics.first?.location == .init(file: "q.gift", line: 4, column: 3))
    }

    @Test func moodlesAikenExamples() throws {
        let result = try read("aiken-moodle-docs.txt")
        #expect(result.diagnostics.isEmpty)
        #expect(result.items.map(\.kind) == [
            .multipleChoice(choices: ["Is it this one?", "Maybe this answer?", "Possibly this one?", "Must be this one!"],
                            answer: "Must be this one!"),
            .multipleChoice(choices: ["Moodle", "ATutor", "Claroline", "Blackboard", "WebCT", "Ilias"], answer: "Moodle"),
        ])
    }

    @Test func aikenMistakesAreLocated() {
        let result = QuestionFormat.aiken.read(Array("Q one?\nA. yes\nB. no\nANSWER: C\n\nQ two?\nA yes\nANSWER: A\n".utf8),
                                               file: "q.txt")
        #expect(result.items.isEmpty)
        #expect(result.diagnostics.map { "\($0.location.line!):\($0.location.column!) \($0.message)" } == [
            "4:9 'ANSWER: C' names no option; the options are A, B",
            "7:1 expected an option like 'B. text' or 'B) text' (a question is one line in Aiken)",
        ])
    }

    @Test func aikenReadsVerticalTabsAndSeparatorsAsSpaces() {
        let result = QuestionFormat.aiken.read(Array("Is\u{0B}this\u{2028}one?\nA. yes\u{0C}indeed\nB. no\nANSWER: A\n".utf8),
                                               file: "q.txt")
        #expect(result.diagnostics.isEmpty)
        #expect(result.items.first?.text == "Is this one?")
        #expect(result.items.first?.kind == .multipleChoice(choices: ["yes indeed", "no"], answer: "yes indeed"))
    }

    @Test func glossariesFromCSVAndTSV() throws {
        let csvPath = TranscriptReaderTests.fixtures + "/glossary-rfc4180.csv"
        let csv = GlossaryImport.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: csvPath))), file: "g.csv")
        #expect(csv.diagnostics.isEmpty)
        #expect(csv.items.map(\.term) == ["get the hang of", "shortlist", "line manager", "reference"])
        #expect(csv.items[1].definition ==
                "(noun) a list of the candidates chosen from a longer list, e.g. for a \"second\" interview.")
        #expect(csv.items.map(\.location.line) == [2, 3, 4, 6])
        let tsvPath = TranscriptReaderTests.fixtures + "/glossary-spreadsheet.tsv"
        let tsv = GlossaryImport.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: tsvPath))), file: "g.tsv")
        #expect(tsv.items.map(\.definition) == ["(expression) a polite greeting for a first meeting.",
                                                "(expression) please sit down.",
                                                "(noun) a document listing your education and jobs (curriculum vitae)"])
        let broken = GlossaryImport.read(Array("a,noun,fine\nb,noun\nc,,x\n".utf8), file: "b.csv")
        #expect(broken.diagnostics.map { "\($0.location.line!) \($0.message)" } == [
            "2 expected 3 columns (term, part of speech, definition); with 2, the definition must start with '(part of speech)'",
            "3 'c' needs a part of speech and a definition",
        ])
    }

    @Test func documentedFormsThatOnceWentWrong() {
        // True/false with feedback for a wrong answer and for a right one: the first explains.
        let feedback = QuestionFormat.gift.read(Array("Grant is buried here.{FALSE#No one is buried there.#Right.}".utf8),
                                                file: "q.gift")
        #expect(feedback.items.first?.explanation == "No one is buried there.")
        // A comment line inside a question does not move the positions after it.
        let located = QuestionFormat.gift.read(Array("What? {\n// a comment\nx y}\n".utf8), file: "p.gift")
        #expect(located.diagnostics.first?.location == .init(file: "p.gift", line: 1, column: 8))
        // An ANSWER line cut off from its question by a blank line.
        let split = QuestionFormat.aiken.read(Array("What is 2+2?\nA. 3\nB. 4\n\nANSWER: B\n".utf8), file: "a.txt")
        #expect(split.diagnostics.map(\.location.line) == [3, 5])
        #expect(split.items.isEmpty)
        // Spreadsheets' rows of nothing but separators.
        let glossary = GlossaryImport.read(Array("queue,noun,a line of people\n,,\n,,\n".utf8), file: "g.csv")
        #expect(glossary.diagnostics.isEmpty && glossary.items.count == 1)
    }
}
