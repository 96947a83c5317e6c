import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackTestSupport
import Testing

/// The glossary importer on what spreadsheets and Anki write: the separator a file declares (`sep=;`, Anki's
/// `#separator:`), the one it is found to use, Anki's header lines and HTML fields.
@Suite struct GlossaryFormatTests {
    func fixture(_ name: String) throws -> ReadResult<GlossaryImport.Entry> {
        let path = TranscriptReaderTests.fixtures + "/" + name
        return GlossaryImport.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: name)
    }

    func read(_ text: String, file: String = "g.csv") -> ReadResult<GlossaryImport.Entry> {
        GlossaryImport.read(Array(text.utf8), file: file)
    }

    func described(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.severity) \($0.message)" }
    }

    /// The first report line of a plan into a fresh module: it says how the file was read.
    func reportedReading(_ entries: [GlossaryImport.Entry], file: String = "g.csv") -> String? {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Templates/starter"), as: "module")
        return GlossaryImport.plan(entries, from: file, into: module).report.first
    }

    // MARK: Separators

    @Test func aSemicolonSeparatedExportFromASpreadsheetInAFrenchOrGermanLocale() throws {
        let result = try fixture("glossary-semicolon.csv")
        #expect(described(result.diagnostics) == [])
        #expect(result.items.map(\.term) == ["nice to meet you", "flat white", "to go", "price"])
        #expect(result.items.map(\.definition) == [
            "(expression) said when you first meet someone.",
            "(noun) a coffee with steamed milk, smaller than a latte.",
            "(expression) to take away; not to drink in the café.",
            "(noun) what something costs, e.g. 3,50 €.",
        ])
        #expect(result.items.map(\.location.line) == [2, 3, 4, 5])
        #expect(reportedReading(result.items, file: "glossary-semicolon.csv")
                == "read 4 terms from glossary-semicolon.csv, separated by semicolons")
    }

    @Test func excelsSepLineSaysTheSeparatorAndIsNotARow() throws {
        let result = try fixture("glossary-excel-sep.csv")
        #expect(described(result.diagnostics) == [])
        #expect(result.items.map(\.term) == ["to go", "latte; large", "espresso"])
        #expect(result.items.dropFirst().first?.definition == "(noun) a coffee with a lot of milk, served in a \"tall\" glass.")
        #expect(result.items.map(\.location.line) == [3, 4, 5])
        #expect(reportedReading(result.items, file: "glossary-excel-sep.csv")
                == "read 3 terms from glossary-excel-sep.csv, separated by semicolons, as its first line (sep=;) says")
    }

    @Test func theSepLineWinsOverWhatTheRowsSuggest() {
        // Semicolons and commas both split this row in three; left to itself the reader takes the semicolon.
        let row = "queue,noun,a line; a row; a file\n"
        #expect(read(row).items.first?.term == "queue,noun,a line")
        let declared = read("sep=,\n" + row)
        #expect(described(declared.diagnostics) == [])
        #expect(declared.items.map(\.term) == ["queue"])
        #expect(declared.items.first?.definition == "(noun) a line; a row; a file.")
        #expect(declared.items.first?.location.line == 2)
    }

    @Test func tabsAndPipesAreFoundWhateverTheFileIsCalled() {
        let tabs = read("queue\tnoun\ta line, a row\ncat\tnoun\tan animal\n", file: "g.txt")
        #expect(described(tabs.diagnostics) == [])
        #expect(tabs.items.map(\.definition) == ["(noun) a line, a row.", "(noun) an animal."])
        let pipes = read("queue|noun|a line, a row\ncat|noun|an animal; a pet\n")
        #expect(described(pipes.diagnostics) == [])
        #expect(pipes.items.map(\.term) == ["queue", "cat"])
        #expect(reportedReading(pipes.items) == "read 2 terms from g.csv, separated by pipes (|)")
    }

    @Test func aTSVFileIsTabSeparatedEvenWhenItsRowsSayOtherwise() {
        // Semicolons would split this row in four, tabs in three: the extension decides.
        let result = read("a;b;c;d\tnoun\tletters\n", file: "g.tsv")
        #expect(result.items.map(\.term) == ["a;b;c;d"])
        #expect(reportedReading(result.items, file: "g.tsv") == "read 1 term from g.tsv")
    }

    @Test func whenMoreThanOneSeparatorFitsTheReportSaysWhichWasTaken() {
        // One row: semicolons give three fields, commas two. Both are consistent; the most fields wins.
        let result = read("queue;noun;a line, a row\n")
        #expect(result.items.map(\.definition) == ["(noun) a line, a row."])
        #expect(reportedReading(result.items) == "read 1 term from g.csv, separated by semicolons " +
                "(commas would fit too: a first line 'sep=,' says which)")
        // Equal counts: the documented order (tab, semicolon, comma, pipe) decides.
        let tie = read("queue;noun;a line, a row, a file\n")
        #expect(tie.items.map(\.term) == ["queue"])
        // A plain comma file says nothing about its separator.
        let plain = read("queue,noun,a line of people\n")
        #expect(reportedReading(plain.items) == "read 1 term from g.csv")
    }

    @Test func theSeparatorMostRowsAgreeOnIsTakenWhenARowIsShort() {
        let result = read("queue;noun;a line of people\ncat;an animal\nlatte;noun;a coffee, with milk\n")
        #expect(result.items.map(\.term) == ["queue", "latte"])
        #expect(described(result.diagnostics) == [
            "2:1 error expected 3 columns (term, part of speech, definition); with 2, the definition must start with '(part of speech)'",
        ])
    }

    @Test func aQuoteErrorInASemicolonFileIsReportedWhereItIs() {
        // Read with commas, the quote in the first row would be the error; the real one is on line 3.
        let result = read("\"to go\";expression;to take away\nqueue;noun;a line\ncat;noun;\"an animal\" with fur\n")
        #expect(described(result.diagnostics) == [
            "3:21 error text after a closing quote: a quote inside a quoted field is written twice (\"\")",
        ])
    }

    @Test func theDefinitionStillNeedsItsPartOfSpeech() {
        let result = read("queue,(noun),a line of people\ncat,() an animal\nlatte,(noun)\n")
        #expect(result.items.map(\.definition) == ["(noun) a line of people."])
        #expect(described(result.diagnostics).map { $0.prefix(3) } == ["2:1", "3:1"])
    }

    // MARK: Anki

    @Test func anAnkiNotesInPlainTextExport() throws {
        let result = try fixture("anki-notes-plain.txt")
        #expect(result.items.map(\.term) == ["queue", "nice to meet you", "flat white", "fish & chips", "#hashtag", "latte"])
        #expect(result.items.map(\.definition) == [
            "(noun) a line of people waiting for something e.g. the queue for tickets.",
            "(expression) said when you first meet someone.",
            "(noun) a coffee with steamed milk, smaller than a latte.",
            "(noun) fried fish with chips, often wrapped in paper <UK>.",
            "(noun) a word after the sign #, used to label posts.",
            "(noun) a coffee with a lot of milk.",
        ])
        #expect(result.items.map(\.location.line) == [4, 5, 6, 7, 8, 9])
        #expect(!result.hasErrors)
        #expect(described(result.diagnostics) == [
            "4:1 warning a recording ([sound:queue.mp3]) in the term is left out: a glossary holds text",
            "9:1 warning an image in the definition is left out: a glossary holds text",
        ])
        #expect(reportedReading(result.items, file: "anki-notes-plain.txt") == "read 6 terms from " +
                "anki-notes-plain.txt, an Anki export: separated by tabs, HTML made plain text, the tags column passed over")
    }

    @Test func anAnkiHeaderNamesTheSeparatorInWordsOrAsTheCharacter() {
        for (name, separator) in [("Comma", ","), ("semicolon", ";"), ("Pipe", "|"), ("TAB", "\t"), (";", ";"),
                                  ("colon", ":")] {
            let result = read("#separator:\(name)\n#html:false\nqueue\(separator)(noun) a line\n", file: "n.txt")
            #expect(result.items.map(\.term) == ["queue"], "\(name)")
            #expect(result.items.first?.location.line == 3)
        }
        let spaces = read("#separator:Space\n#html:false\nqueue \"(noun) a line\"\n", file: "n.txt")
        #expect(spaces.items.map(\.definition) == ["(noun) a line."])
    }

    @Test func withoutHTMLTheFieldsAreTakenAsWritten() {
        let result = read("#separator:tab\n#html:false\nx<y>\t(noun) fish &amp; chips<br>\n", file: "n.txt")
        #expect(result.items.first?.term == "x<y>")
        #expect(result.items.first?.definition == "(noun) fish &amp; chips<br>.")
    }

    @Test func ankisHTMLFieldsDecodeHTMLFourNamesAndReportTheRest() {
        let result = read("#separator:tab\n#html:true\npi\t(noun) the letter &pi;, &check; &hearts;\n", file: "n.txt")
        #expect(result.items.map(\.definition) == ["(noun) the letter π, &check; ♥."])
        #expect(described(result.diagnostics) == [
            "3:1 warning '&check;' in the definition names no character an HTML 4 reader knows, so it stays as " +
                "written: type the character itself instead",
        ])
        // Without #html:true a field is text: nothing is decoded, so nothing is reported.
        let text = read("#separator:tab\n#html:false\npi\t(noun) &pi; &check;\n", file: "n.txt")
        #expect(text.items.map(\.definition) == ["(noun) &pi; &check;"])
        #expect(described(text.diagnostics) == [])
    }

    @Test func ankisMetaColumnsAreNeitherTermNorDefinition() {
        let export = """
            #separator:tab
            #html:true
            #guid column:1
            #notetype column:2
            #deck column:3
            #tags column:6
            e]8Jx2!n\tBasic\tEnglish::Café\tqueue\t(noun) a line of people\tcafe
            f9Yw.3:p\tBasic (and reversed card)\tEnglish::Café\tlatte\t(noun) a coffee with milk\t

            """
        let result = read(export, file: "n.txt")
        #expect(described(result.diagnostics) == [])
        #expect(result.items.map(\.term) == ["queue", "latte"])
        #expect(result.items.map(\.definition) == ["(noun) a line of people.", "(noun) a coffee with milk."])
    }

    @Test func ankisColumnsHeaderNamesTheTermAndTheDefinition() {
        let reversed = read("#separator:tab\n#columns:Back\tFront\tTags\n#tags column:3\n(noun) a line\tqueue\tcafe\n",
                            file: "n.txt")
        #expect(reversed.items.map(\.term) == ["queue"])
        #expect(reversed.items.map(\.definition) == ["(noun) a line."])
        let threeColumns = read("#separator:Semicolon\n#columns:Definition;TERM;Part of speech\na line;queue;noun\n",
                                file: "n.txt")
        #expect(described(threeColumns.diagnostics) == [])
        #expect(threeColumns.items.map(\.definition) == ["(noun) a line."])
    }

    @Test func onlyTheLeadingHashLinesAreTheHeaderAndAnkiSkipsUnquotedHashRows() {
        // Anki reads a row that starts with an unquoted '#' as a comment (its writer quotes every field with a '#'),
        // so '#tags column:2' further down is neither a row nor a header.
        let result = read("#separator:tab\nqueue\t(noun) a line\n#tags column:2\n\"#tag\"\t(noun) a label\n",
                          file: "n.txt")
        #expect(described(result.diagnostics) == [])
        #expect(result.items.map(\.term) == ["queue", "#tag"])
        #expect(result.items.map(\.location.line) == [2, 4])
        #expect(result.items.map(\.definition) == ["(noun) a line.", "(noun) a label."])
    }

    @Test func errorsInAnAnkiFileKeepTheirLineAndColumn() {
        let result = read("#separator:tab\n#html:true\nqueue\t(noun) a line\ncat\t\"(noun) an animal\n", file: "n.txt")
        #expect(described(result.diagnostics) == ["4:5 error this quote is never closed"])
        let twoColumns = read("#separator:tab\n#html:true\nqueue\ta line of people\n", file: "n.txt")
        #expect(described(twoColumns.diagnostics) == [
            "3:1 error the definition of 'queue' must start with its part of speech in parentheses, e.g. '(noun) a " +
            "person who …': write it at the start of the field in Anki, or add a '#columns:' line naming a 'Part of " +
            "speech' column",
        ])
    }

    @Test func anUnknownAnkiSeparatorIsReportedAndTheSeparatorFound() {
        let result = read("#separator:Semicolons\n#html:false\nqueue;(noun) a line\n", file: "n.txt")
        #expect(result.items.map(\.term) == ["queue"])
        #expect(described(result.diagnostics) == [
            "1:12 warning 'Semicolons' is not a separator Anki names (tab, comma, semicolon, space, pipe, colon, or " +
            "the character itself): the separator is found from the rows",
        ])
    }

    @Test func aHeaderRowInTheSpreadsheetsLanguageIsSkipped() {
        for header in ["Terme;Nature;Définition", "Begriff;Wortart;Bedeutung", "Término;Categoría;Definición"] {
            let read = GlossaryImport.read(Array((header + "\nun café;noun;a coffee\n").utf8), file: "g.csv")
            #expect(read.items.map(\.term) == ["un café"], "\(header)")
        }
    }
}

/// The glossary written for a spreadsheet or for Anki reads back, field for field, however its text is made.
@Suite struct GlossaryWriterTests {
    @Test func awkwardTextIsQuotedSoItReadsBack() {
        var module = Module(title: "Café\tnight\nclass")
        module.definitions = [
            Definition(term: "#hashtag", partOfSpeech: "noun", meaning: "a word after \"#\", used to tag a post."),
            Definition(term: "one, two", partOfSpeech: "phrase", meaning: "counting; slowly."),
            Definition(term: "tab\there", partOfSpeech: "noun", meaning: "a key on the keyboard."),
        ]
        let anki = GlossaryWriter.text(module, as: .anki)
        #expect(anki.contains("#deck:Café night class\n"))
        #expect(anki.contains("\"#hashtag\"\t\"(noun) a word after \"\"#\"\", used to tag a post.\"\n"))
        for format in GlossaryWriter.Format.allCases {
            let read = GlossaryImport.read(Array(GlossaryWriter.text(module, as: format).utf8), file: "g")
            #expect(!read.hasErrors, "\(format): \(read.diagnostics)")
            #expect(read.items.map(\.term) == ["#hashtag", "one, two", "tab here"], "\(format)")
            #expect(read.items.map(\.definition) == ["(noun) a word after \"#\", used to tag a post.",
                                                     "(phrase) counting; slowly.", "(noun) a key on the keyboard."], "\(format)")
        }
    }
}
