import Testing
@testable import LessonpackAlign

@Suite struct AlignedLineTests {
    @Test func aConfidentLineHasNoDoubt() {
        let line = AlignedLine(start: 1.25, end: 2.5)
        #expect(line.doubt == nil)
        #expect(line.end > line.start)
    }
}
