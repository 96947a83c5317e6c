import LessonpackModel

/// What a lesson document says, in the module's own terms. A part is nil when the document has no section for it,
/// so bringing the lesson into a module replaces exactly what the document covers.
package struct Lesson: Sendable, Equatable {
    package var title: String?
    package var level: String?
    package var summary: String?
    package var passMark: Int?
    /// "Role play: yes" or "no": module.plist's `roleplay`.
    package var rolePlay: Bool?
    package var speakers: [Speaker]?
    package var objectives: [Objective]?
    /// Lines with their speakers, text and terms; times and clips are the video's to give.
    package var transcript: [TranscriptLine]?
    package var definitions: [Definition]?
    package var phrasebook: [FocusBox]?
    package var videoTask: [VideoTaskStatement]?
    package var questions: [Question]?
    package var test: TestBank?

    package init() {}

    /// The parts the document covers, as a teacher names them, for reports.
    package var coveredParts: [String] {
        var parts: [String] = []
        if title != nil || level != nil || summary != nil || rolePlay != nil { parts.append("module details") }
        if let speakers { parts.append("\(speakers.count) speaker\(speakers.count == 1 ? "" : "s")") }
        if let objectives { parts.append("\(objectives.count) objective\(objectives.count == 1 ? "" : "s")") }
        if let transcript { parts.append("\(transcript.count) transcript line\(transcript.count == 1 ? "" : "s")") }
        if let definitions { parts.append("\(definitions.count) glossary entr\(definitions.count == 1 ? "y" : "ies")") }
        if let phrasebook { parts.append("\(phrasebook.count) language focus box\(phrasebook.count == 1 ? "" : "es")") }
        if let videoTask { parts.append("\(videoTask.count) video task statement\(videoTask.count == 1 ? "" : "s")") }
        if let questions { parts.append("\(questions.count) question\(questions.count == 1 ? "" : "s")") }
        if let test { parts.append("\(test.items.count) test item\(test.items.count == 1 ? "" : "s")") }
        return parts
    }
}
