import ArgumentParser
import Foundation
import LessonpackActivities
import LessonpackBundle
import TerminalText

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a bundle holds: identity, signature, entries, sizes by kind, activities.")

    @Argument(help: "The bundle.", completion: .file(extensions: ["lessonpack"]))
    var bundle: String

    @Option(help: "Output format: 'text' for people, 'json' for tools.")
    var format: OutputFormat = .text

    func run() throws {
        let opened: OpenedBundle
        do { opened = try BundleReader.open(bundle) } catch {
            BundleReporting().report(error.diagnostics)
            throw ExitCode(BundleReporting.status(for: error.diagnostics))
        }
        let inspection = BundleInspection(opened, describe: ActivityRegistry.summary)
        if format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.json(String(decoding: try encoder.encode(inspection), as: UTF8.self))
        } else {
            Console.out(render(inspection))
        }
    }

    private func render(_ inspection: BundleInspection) -> String {
        var lines = [
            "\(inspection.id) \(inspection.version): \(TerminalSafe.line(inspection.title))",
            "level \(inspection.level), bundle format \(inspection.format), built by \(TerminalSafe.line(inspection.tool)), " +
                "\(inspection.signature)",
            "\(bundle): \(Formatting.size(inspection.fileSize)) (\(Formatting.bytes(inspection.fileSize)) bytes)",
            "",
            Formatting.padded("entry", 34) + Formatting.padded("size", 12, right: true)
                + Formatting.padded("stored", 12, right: true) + Formatting.padded("ratio", 9, right: true) + "  method",
        ]
        for entry in inspection.entries {
            lines.append("  " + Formatting.padded(TerminalSafe.line(entry.path), 32) + Formatting.padded(Formatting.bytes(entry.size), 12, right: true)
                         + Formatting.padded(Formatting.bytes(entry.compressedSize), 12, right: true)
                         + Formatting.padded(Formatting.percent(entry.ratio), 9, right: true) + "  " + entry.method)
        }
        lines += ["", Formatting.padded("by kind", 20) + Formatting.padded("entries", 9, right: true)
                  + Formatting.padded("size", 14, right: true) + Formatting.padded("stored", 14, right: true)]
        for total in inspection.totals {
            lines.append("  " + Formatting.padded(total.kind, 18) + Formatting.padded("\(total.entries)", 9, right: true)
                         + Formatting.padded(Formatting.bytes(total.size), 14, right: true)
                         + Formatting.padded(Formatting.bytes(total.compressedSize), 14, right: true))
        }
        let size = inspection.totals.reduce(0) { $0 + $1.size }
        let stored = inspection.totals.reduce(0) { $0 + $1.compressedSize }
        lines.append("  " + Formatting.padded("total", 18) + Formatting.padded("\(inspection.entries.count)", 9, right: true)
                     + Formatting.padded(Formatting.bytes(size), 14, right: true)
                     + Formatting.padded(Formatting.bytes(stored), 14, right: true))
        lines += ["", "activities"]
        for (index, activity) in inspection.activities.enumerated() {
            lines.append("  \(index + 1). " + Formatting.padded(activity.title, 28) + activity.counts.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
