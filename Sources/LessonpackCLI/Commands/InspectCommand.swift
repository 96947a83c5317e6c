import ArgumentParser
import Foundation
import LessonpackActivities
import LessonpackBundle
import TerminalText

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a bundle holds: identity, signature, entries, sizes by kind, activities.",
        discussion: """
            Examples:
              lessonpack inspect dist/at-the-cafe-1.0.0.lessonpack
              lessonpack inspect dist/at-the-cafe-1.0.0.lessonpack --format json
            """)

    @Argument(help: "The bundle.", completion: .file(extensions: ["lessonpack"]))
    var bundle: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let engine = output.engine()
        let opened: OpenedBundle
        do { opened = try BundleReader.open(bundle) } catch {
            engine.emit(error.diagnostics, unreadable: DiagnosticsEngine.unreadableBundle)
            return try engine.finish(command: "inspect")
        }
        let inspection = BundleInspection(opened, describe: ActivityRegistry.summary)
        if !engine.isJSON { Console.out(render(inspection)) }
        try engine.finish(command: "inspect", body: InspectJSON(inspection))
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

/// `inspect --format json`'s own keys, in the frame every command shares: the bundle's description, with the
/// module's version as `moduleVersion` (the frame's `version` is the document's own).
struct InspectJSON: Encodable {
    var id: String
    var title: String
    var moduleVersion: String
    var level: String
    var format: Int
    var tool: String
    var signature: String
    var fileSize: UInt64
    var entries: [BundleInspection.Entry]
    var totals: [BundleInspection.KindTotal]
    var activities: [BundleInspection.ActivitySummary]

    init(_ inspection: BundleInspection) {
        id = inspection.id
        title = inspection.title
        moduleVersion = inspection.version
        level = inspection.level
        format = inspection.format
        tool = inspection.tool
        signature = inspection.signature
        fileSize = inspection.fileSize
        entries = inspection.entries
        totals = inspection.totals
        activities = inspection.activities
    }
}
