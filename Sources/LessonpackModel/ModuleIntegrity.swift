/// The invariants the activities rely on, checked on a compiled module (which has no source locations and may come
/// from a bundle nobody checked): unique ids, references that resolve, answers that can be right, media that is
/// listed and stays inside the module. A module built by `lessonpack build` always passes; a bundle whose
/// module.json fails is refused rather than left to confuse an activity.
public enum ModuleIntegrity {
    public static func problems(in module: Module) -> [String] {
        var problems: [String] = []
        func unique(_ ids: [String], _ noun: String) {
            var seen = Set<String>()
            for id in ids where !seen.insert(id).inserted { problems.append("\(noun) id '\(id)' is used twice") }
            if ids.contains("") { problems.append("a \(noun) has no id") }
        }
        unique(module.speakers.map(\.id), "speaker")
        unique(module.objectives.map(\.id), "objective")
        unique(module.transcript.map(\.id), "line")
        unique(module.videoTask.map(\.id), "statement")
        unique(module.questions.map(\.id), "question")
        unique(module.test.items.map(\.id), "test item")
        if Set(module.activities).count != module.activities.count { problems.append("an activity is listed twice") }

        let speakers = Set(module.speakers.map(\.id))
        var previousStart = -Double.infinity
        for line in module.transcript {
            if !speakers.contains(line.speaker) { problems.append("line '\(line.id)' names an unknown speaker") }
            if !(line.start.isFinite && line.end.isFinite && line.start >= 0 && line.start < line.end) {
                problems.append("line '\(line.id)' has impossible times")
            }
            if line.start < previousStart { problems.append("line '\(line.id)' is out of order") }
            previousStart = line.start
        }
        let lines = Set(module.transcript.map(\.id))
        for statement in module.videoTask where statement.lines.isEmpty || !statement.lines.allSatisfy(lines.contains) {
            problems.append("statement '\(statement.id)' refers to lines that do not exist")
        }
        for question in module.questions where question.answers.filter(\.isCorrect).count != 1 {
            problems.append("question '\(question.id)' does not have exactly one correct answer")
        }
        let objectives = Set(module.objectives.map(\.id))
        if module.test.draw < 1 { problems.append("the test draws no items") }
        for item in module.test.items {
            if !objectives.contains(item.objective) { problems.append("test item '\(item.id)' names an unknown objective") }
            if case .multipleChoice(let choices, let answer) = item.kind, choices.count < 2 || !choices.contains(answer) {
                problems.append("test item '\(item.id)' has no valid choices")
            }
        }
        let media = Dictionary(module.media.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for file in module.media where MediaFolder.problem(with: file.path) != nil {
            problems.append("media path '\(file.path)' is unsafe")
        }
        var references = module.transcript.map(\.audio) + module.questions.flatMap { [$0.audio] + $0.answers.map(\.audio) }
        if let video = module.video { references.append(video) }
        for path in Set(references) where media[path] == nil { problems.append("media '\(path)' is referred to but not listed") }
        return problems
    }
}
