import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// Puts imported questions into a module's test bank (questions/test.plist) or its spoken Q&A
/// (questions/qa.plist), after the questions already there. A question whose text is already there is skipped,
/// so importing the same file twice adds nothing the second time.
package enum QuestionImport {
    package enum Target: String, CaseIterable, Sendable {
        case test, qa
    }

    /// `objective`: the objective test items assess; it may be left out when the module has only one.
    package static func plan(_ questions: [ImportedQuestion], from file: String, into folder: String, target: Target,
                            objective: String? = nil) -> ImportPlan {
        var plan = ImportPlan()
        do {
            let module = try moduleDocument(in: folder)
            let role: SourceFile = target == .test ? .test : .questions
            var document = try SourceDocument.load(role, in: folder)
                ?? SourceDocument(path: ModuleLayout.join(folder, role.path), role: role, value: .dictionary([]),
                                  comments: PlistComments())
            let listKey = target == .test ? "items" : "questions"
            var list = document.value[listKey]?.array ?? []
            let known = Set(list.compactMap { $0["text"]?.string.map(normalised) })
            var ids = Set(list.compactMap { $0["id"]?.string })
            var added = 0
            var seen = known
            let assessed = target == .test ? try objectiveID(objective, module: module.value, folder: folder) : ""
            for question in questions {
                guard seen.insert(normalised(question.text)).inserted else {
                    plan.diagnostics.append(.warning(.importDuplicate, "already in \(role.path): '\(question.text.prefix(50))'; " +
                                                     "skipped", at: question.location))
                    continue
                }
                let entry: PlistValue?
                switch target {
                case .test: entry = testItem(question, objective: assessed, ids: &ids)
                case .qa: entry = qaQuestion(question, ids: &ids, diagnostics: &plan.diagnostics)
                }
                guard let entry else { continue }
                list.append(entry)
                added += 1
            }
            document.value[listKey] = .array(list)
            plan.report.append("read \(questions.count) question\(questions.count == 1 ? "" : "s") from \(file)")
            plan.report.append("\(role.path): \(added) added, \(list.count) in all")
            let draw = if case .integer(let written)? = document.value["draw"], let value = written.intValue { value } else { 20 }
            if target == .test, list.count < draw {
                plan.report.append("the bank holds \(list.count) items but an attempt draws \(draw): add more, or lower " +
                                   "'draw' in \(role.path)")
            }
            if added > 0 { try plan.write(document) }
        } catch {
            plan.diagnostics.append(error.diagnostic)
        }
        return plan
    }

    private static func normalised(_ text: String) -> String {
        CueText.collapseWhitespace(text.lowercased())
    }

    /// The objective test items will name: the one given (it must exist), or the module's only one.
    private static func objectiveID(_ given: String?, module: PlistValue, folder: String) throws(ImportFailure) -> String {
        let objectives = (module["objectives"]?.array ?? []).compactMap { $0["id"]?.string }
        let path = ModuleLayout.join(folder, SourceFile.module.path)
        if let given {
            guard objectives.contains(given) else {
                throw ImportFailure(.error(.importTarget, "module.plist has no objective '\(given)'; it has " +
                                           (objectives.isEmpty ? "none" : objectives.joined(separator: ", ")),
                                           at: SourceLocation(file: path)))
            }
            return given
        }
        guard objectives.count == 1, let only = objectives.first else {
            throw ImportFailure(.error(.importTarget, "name the objective these items assess with --objective " +
                                       (objectives.isEmpty ? "(module.plist declares none yet)"
                                                           : "(module.plist has \(objectives.joined(separator: ", ")))"),
                                       at: SourceLocation(file: path)))
        }
        return only
    }

    private static func testItem(_ question: ImportedQuestion, objective: String, ids: inout Set<String>) -> PlistValue {
        var item: [PlistEntry] = [PlistEntry("id", .string(nextID("item-", ids: &ids))),
                                  PlistEntry("objective", .string(objective)), PlistEntry("text", .string(question.text))]
        switch question.kind {
        case .trueFalse(let correct):
            item.append(PlistEntry("correct", .bool(correct)))
        case .multipleChoice(let choices, let answer):
            item.append(PlistEntry("choices", .array(choices.map(PlistValue.string))))
            item.append(PlistEntry("answer", .string(answer)))
        }
        if let explanation = question.explanation { item.append(PlistEntry("explanation", .string(explanation))) }
        return .dictionary(item)
    }

    /// A spoken question: three answers, one right, each with the recording it will need.
    private static func qaQuestion(_ question: ImportedQuestion, ids: inout Set<String>,
                                   diagnostics: inout [Diagnostic]) -> PlistValue? {
        guard case .multipleChoice(let choices, let answer) = question.kind, choices.count == 3 else {
            let why = if case .multipleChoice(let choices, _) = question.kind {
                "it has \(choices.count) answers"
            } else {
                "it is true/false"
            }
            diagnostics.append(.warning(.importUnsupported, "a Q&A question has exactly three answers, A, B and C; " +
                                        "\(why), so it was skipped (import it into the test instead)", at: question.location))
            return nil
        }
        let id = nextID("question-", ids: &ids, width: 1)
        var entry: [PlistEntry] = [PlistEntry("id", .string(id)), PlistEntry("text", .string(question.text)),
                                   PlistEntry("audio", .string("qa/\(id).wav"))]
        entry.append(PlistEntry("answers", .array(zip(["a", "b", "c"], choices).map { letter, choice in
            var answerEntry = [PlistEntry("text", .string(choice)), PlistEntry("audio", .string("qa/\(id)-\(letter).wav"))]
            if choice == answer { answerEntry.append(PlistEntry("correct", .bool(true))) }
            return .dictionary(answerEntry)
        })))
        if let explanation = question.explanation { entry.append(PlistEntry("feedback", .string(explanation))) }
        return .dictionary(entry)
    }

    private static func nextID(_ prefix: String, ids: inout Set<String>, width: Int = 2) -> String {
        var number = ids.count + 1
        while true {
            let digits = String(number)
            let id = prefix + String(repeating: "0", count: max(0, width - digits.count)) + digits
            if ids.insert(id).inserted { return id }
            number += 1
        }
    }
}
