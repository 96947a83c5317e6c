import LessonpackDiagnostics
import Testing
@testable import XMLStream

/// A stray `&` or an HTML entity is pointed at by its `&`, and the message says what to write instead.
@Suite struct EntityReferences {
    @Test func aBareAmpersandPointsAtTheAmpersand() throws {
        let problem = try #require(parse("<a>x & y</a>").problems.first)
        #expect(problem.position == SourcePosition(line: 1, column: 6))
        #expect(problem.message == "a bare '&' in text: write '&amp;' for a literal '&'")
    }

    @Test func anAmpersandBeforeAWordPointsAtTheAmpersand() throws {
        let problem = try #require(parse("<a>\nAT&T rocks</a>").problems.first)
        #expect(problem.position == SourcePosition(line: 2, column: 3))
        #expect(problem.message.contains("write '&amp;' for a literal '&'"))
    }

    @Test func aKnownEntityWithoutItsSemicolon() throws {
        let problem = try #require(parse("<a>fish &amp chips</a>").problems.first)
        #expect(problem.position == SourcePosition(line: 1, column: 9))
        #expect(problem.message == "'&amp' needs a ';' to end it: write '&amp;'")
    }

    @Test func anHTMLEntityNamesTheCharacterReferenceToWrite() throws {
        let problem = try #require(parse("<a>x&nbsp;y</a>").problems.first)
        #expect(problem.kind == .undefinedEntity)
        #expect(problem.position == SourcePosition(line: 1, column: 5))
        #expect(problem.message == "'&nbsp;' is an HTML entity; XML knows only &amp; &lt; &gt; &quot; &apos; and " +
                "numeric references, so write the character itself or '&#160;' (no-break space)")
    }

    @Test func anotherHTMLEntity() throws {
        let problem = try #require(parse("<a>caf&eacute;</a>").problems.first)
        #expect(problem.position == SourcePosition(line: 1, column: 7))
        #expect(problem.message.contains("write the character itself ('é') or '&#233;'"))
    }

    @Test func anUnknownEntityThatIsNotHTML() throws {
        let problem = try #require(parse("<a>\n\t&course-name;</a>").problems.first)
        #expect(problem.kind == .undefinedEntity)
        #expect(problem.position == SourcePosition(line: 2, column: 2))
        #expect(problem.message == "unknown entity '&course-name;': XML knows only &amp; &lt; &gt; &quot; &apos; " +
                "and numeric references like &#233; (write '&amp;' for a literal '&')")
    }

    @Test func aCharacterReferenceToAForbiddenCharacter() throws {
        let problem = try #require(parse("<a>x&#0;</a>").problems.first)
        #expect(problem.position == SourcePosition(line: 1, column: 5))
        #expect(problem.message == "'&#0;' stands for U+0000, which XML does not allow; remove it")
    }

    @Test func aMalformedCharacterReference() throws {
        let problem = try #require(parse("<a>x&#x2O1C;</a>").problems.first)
        #expect(problem.position == SourcePosition(line: 1, column: 5))
        #expect(problem.message.hasPrefix("'&#x2O1C;' is not a character reference"))
    }
}
