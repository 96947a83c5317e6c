import Foundation
import LessonpackActivities

/// The gradebook as one self-contained HTML page (no script, no file beside it, nothing fetched): per module, the
/// learners at risk, the gradebook, per-objective bars for the class, item difficulty, the most-missed items with
/// their text, and each learner's answers. Every text from the statements is escaped: they are untrusted.
extension Gradebook {
    package func html(generated: Date) -> String {
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Lessonpack class report</title>
            <style>\(Self.style)</style></head><body>
            <h1>Class report</h1>
            <p class="meta">\(Self.escape(period)) · made \(Self.escape(XAPITime.timestamp(generated)))</p>

            """
        if modules.isEmpty {
            page += "<p>No Lessonpack results in this period.</p>\n"
        }
        for module in modules { page += section(module) }
        return page + "</body></html>\n"
    }

    private var period: String {
        switch (since, until) {
        case (nil, nil): "All results"
        case (let since?, nil): "Results from \(XAPITime.timestamp(since))"
        case (nil, let until?): "Results until \(XAPITime.timestamp(until))"
        case (let since?, let until?): "Results from \(XAPITime.timestamp(since)) until \(XAPITime.timestamp(until))"
        }
    }

    private func section(_ module: Module) -> String {
        let e = Self.escape
        // The section is in the language the module teaches: its title, objectives, items and answers are the
        // module's words (the report's own words are English, as is every module's so far).
        let lang = module.language.map { " lang=\"\(e($0))\"" } ?? ""
        var html = "<section class=\"module\" id=\"module-\(e(module.id))\"\(lang)>\n"
        html += "<h2>\(e(module.title ?? module.id)) <small>\(e(module.id))</small></h2>\n"
        let atRisk = module.learners.filter { $0.belowPassMark == true }
        let mark = module.passMark.map { "Pass mark \($0)%." } ?? "No pass mark set."
        html += "<p class=\"summary\">\(module.learners.count) learner\(module.learners.count == 1 ? "" : "s"). \(mark) "
        html += atRisk.isEmpty ? "Nobody is below the pass mark.</p>\n"
            : "<strong class=\"risk\">\(atRisk.count) below the pass mark: \(atRisk.map { e($0.name ?? $0.key) }.joined(separator: ", ")).</strong></p>\n"

        // The gradebook: learners (at risk first) × objectives.
        html += "<h3>Gradebook</h3>\n<table class=\"gradebook\"><thead><tr><th scope=\"col\">Learner</th>"
        for objective in module.objectives {
            html += "<th scope=\"col\" title=\"\(e(objective.text ?? objective.id))\">\(e(objective.text ?? objective.id))</th>"
        }
        html += "<th scope=\"col\">Tests</th><th scope=\"col\">Last test</th><th scope=\"col\">Last activity</th></tr></thead><tbody>\n"
        for learner in module.learners {
            html += "<tr class=\"\(learner.belowPassMark == true ? "risk" : "")\"><th scope=\"row\">\(e(learner.name ?? learner.key))"
            html += "<br><small>\(e(learner.key.replacingOccurrences(of: "mailto:", with: "")))</small></th>"
            for objective in module.objectives {
                let tally = learner.objectives[objective.id] ?? Tally()
                html += Self.cell(tally.percent, detail: "\(tally.correct) of \(tally.total)")
            }
            html += "<td>\(learner.testAttempts)</td>" + Self.cell(learner.lastTestPercent, detail: nil)
            let last = XAPITime.timestamp(learner.lastActivity).prefix(16).replacingOccurrences(of: "T", with: " ")
            html += "<td>\(e(last)) UTC</td></tr>\n"
        }
        html += "</tbody></table>\n"

        html += "<div class=\"charts\"><figure><figcaption>Per objective, the class</figcaption>"
        html += Self.bars(module.objectives.map { ($0.text ?? $0.id, $0.text ?? $0.id, $0.tally) }, mark: module.passMark) + "</figure>"
        let difficulty = module.items.sorted { ($0.tally.percent ?? 0, $0.id) < ($1.tally.percent ?? 0, $1.id) }
        html += "<figure><figcaption>Item difficulty: share correct, hardest first</figcaption>"
        html += Self.bars(difficulty.map { ($0.id, $0.text ?? $0.id, $0.tally) }, mark: nil) + "</figure></div>\n"

        let missed = module.mostMissed(5)
        if !missed.isEmpty {
            html += "<h3>Most missed</h3>\n<ol class=\"missed\">"
            for item in missed {
                html += "<li><span class=\"pct\">\(Self.percent(100 - (item.tally.percent ?? 0))) missed</span> "
                html += "\(e(item.text ?? item.id)) <small>(\(e(item.id)), \(item.tally.total - item.tally.correct) of \(item.tally.total))</small></li>"
            }
            html += "</ol>\n"
        }

        html += "<h3>Each learner's answers</h3>\n"
        for learner in module.learners {
            html += "<details><summary>\(e(learner.name ?? learner.key)): \(learner.answers.count) answers</summary>"
            html += "<table class=\"answers\"><thead><tr><th scope=\"col\">When</th><th scope=\"col\">Activity</th>"
            html += "<th scope=\"col\">Question</th><th scope=\"col\">Answer</th><th scope=\"col\">Right</th></tr></thead><tbody>"
            for answer in learner.answers {
                let mark = answer.isCorrect.map { $0 ? "✓" : "✗" } ?? ""
                html += "<tr><td>\(e(answer.timestamp))</td><td>\(e(answer.activity.title))</td><td>\(e(answer.prompt))</td>"
                html += "<td>\(e(answer.answer))</td><td class=\"\(answer.isCorrect == false ? "wrong" : "")\">\(mark)</td></tr>"
            }
            html += "</tbody></table></details>\n"
        }
        return html + "</section>\n"
    }

    /// Horizontal bars, 0–100%, one per row (a label, the text its tooltip shows, the tally), with the pass mark
    /// drawn across them.
    private static func bars(_ rows: [(label: String, title: String, tally: Tally)], mark: Int?) -> String {
        let rowHeight = 22, labelWidth = 270, barWidth = 300
        let height = max(1, rows.count) * rowHeight + 6
        var svg = "<svg class=\"bars\" role=\"img\" viewBox=\"0 0 \(labelWidth + barWidth + 60) \(height)\" "
        svg += "width=\"\(labelWidth + barWidth + 60)\" height=\"\(height)\">"
        for (index, row) in rows.enumerated() {
            let y = index * rowHeight + 3
            let percent = row.tally.percent ?? 0
            let label = row.label.count > 38 ? String(row.label.prefix(37)) + "…" : row.label
            svg += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 15)\" text-anchor=\"end\">\(escape(label))<title>\(escape(row.title))</title></text>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(barWidth)\" height=\"16\" class=\"track\"/>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(Int(Double(barWidth) * percent / 100))\" height=\"16\" "
            svg += "class=\"bar \(mark.map { percent < Double($0) ? "low" : "" } ?? (percent < 50 ? "low" : ""))\"/>"
            svg += "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 15)\">\(row.tally.total == 0 ? "–" : Self.percent(percent))</text>"
        }
        if let mark {
            let x = labelWidth + barWidth * mark / 100
            svg += "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"0\" y2=\"\(height)\" class=\"mark\"/>"
        }
        return svg + "</svg>"
    }

    private static func cell(_ percent: Double?, detail: String?) -> String {
        guard let percent else { return "<td class=\"none\">–</td>" }
        // Red through amber to green.
        let hue = Int(percent * 1.2)
        let title = detail.map { " title=\"\($0)\"" } ?? ""
        return "<td style=\"background: hsl(\(hue) 70% 85%)\"\(title)>\(Self.percent(percent))</td>"
    }

    private static func percent(_ value: Double) -> String { "\(Int(value.rounded()))%" }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if scalar.properties.generalCategory == .control { result += " " } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    private static let style = """
        body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1d232a}
        h1{margin-bottom:.2rem}.meta{color:#5b6470;margin-top:0}h2 small{color:#5b6470;font-weight:normal;font-size:.6em}
        table{border-collapse:collapse;margin:.5rem 0 1rem}th,td{border:1px solid #d5dae0;padding:.3rem .55rem;text-align:center}
        th[scope=row],.answers td{text-align:left}tr.risk th{color:#a4161a}.risk{color:#a4161a}td.none{color:#8a929b}
        td.wrong{color:#a4161a;font-weight:bold}.charts{display:flex;flex-wrap:wrap;gap:2rem}
        figure{margin:0}figcaption{font-weight:600;margin-bottom:.3rem}
        svg.bars text{font:12px system-ui,sans-serif;fill:#1d232a}svg .track{fill:#eef1f4}svg .bar{fill:#2f7d4f}
        svg .bar.low{fill:#c8553d}svg .mark{stroke:#1d232a;stroke-dasharray:4 3}
        .missed .pct{display:inline-block;min-width:5.5rem;font-weight:600;color:#a4161a}details{margin:.3rem 0}
        """
}
