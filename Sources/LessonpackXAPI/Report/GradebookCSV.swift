import Foundation
import LessonpackSystem
/// The gradebook as CSV: one row per module, learner and objective, at-risk learners first, for a spreadsheet.
extension Gradebook {
    package func csv() -> String {
        var rows = ["module,learner,name,objective,objective_text,correct,total,percent,test_attempts,last_test_percent," +
                    "best_test_percent,pass_mark,below_pass_mark,last_activity"]
        for module in modules {
            for learner in module.learners {
                let objectives = module.objectives.isEmpty ? [Objective(id: "", text: nil, tally: Tally())] : module.objectives
                for objective in objectives {
                    let tally = learner.objectives[objective.id] ?? Tally()
                    rows.append([module.id, learner.key, learner.name ?? "", objective.id, objective.text ?? "",
                                 String(tally.correct), String(tally.total), Self.number(tally.percent),
                                 String(learner.testAttempts), Self.number(learner.lastTestPercent),
                                 Self.number(learner.bestTestPercent), module.passMark.map(String.init) ?? "",
                                 learner.belowPassMark.map { $0 ? "yes" : "no" } ?? "", XAPITime.timestamp(learner.lastActivity)]
                        .map(CSVField.escaped).joined(separator: ","))
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        return String((value * 10).rounded() / 10)
    }
}
