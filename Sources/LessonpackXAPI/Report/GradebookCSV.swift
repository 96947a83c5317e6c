import Foundation
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
                        .map(Self.field).joined(separator: ","))
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        return String((value * 10).rounded() / 10)
    }

    /// Quoted when needed; a text that a spreadsheet would run as a formula (OWASP's list of first characters) is
    /// made plain text first. Numbers keep their sign.
    package static func field(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(text) == nil {
            text = "'" + text
        }
        let quoted = text.contains { ",\"\n\r".contains($0) }
        return quoted ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
