import BundleArchive
import LessonpackModel

/// `lessonpack inspect`: what a bundle holds, for people and (as JSON) for tools.
package struct BundleInspection: Sendable, Encodable {
    package struct Entry: Sendable, Encodable {
        package var path: String
        package var size: UInt64
        package var compressedSize: UInt64
        package var method: String
        /// Stored size over original size, e.g. 0.25 for an entry that shrank to a quarter.
        package var ratio: Double
    }

    package struct KindTotal: Sendable, Encodable {
        package var kind: String
        package var entries: Int
        package var size: UInt64
        package var compressedSize: UInt64
    }

    package struct ActivitySummary: Sendable, Encodable {
        package var activity: String
        package var title: String
        /// E.g. `["10 statements"]` or `["30 items in the bank", "20 per attempt"]`.
        package var counts: [String]
    }

    package var id: String
    package var title: String
    package var version: String
    package var level: String
    package var format: Int
    package var tool: String
    package var signature: String
    package var fileSize: UInt64
    package var entries: [Entry]
    package var totals: [KindTotal]
    package var activities: [ActivitySummary]

    package init(_ bundle: OpenedBundle) {
        let module = bundle.module
        id = module.id
        title = module.title
        version = module.version
        level = module.level
        format = bundle.manifest.format
        tool = bundle.manifest.tool
        signature = bundle.signature.description
        fileSize = bundle.directory.fileSize
        let ordered = bundle.directory.entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        entries = ordered.map { entry in
            Entry(path: entry.name, size: entry.uncompressedSize, compressedSize: entry.compressedSize,
                  method: entry.method == 0 ? "stored" : "deflated",
                  ratio: entry.uncompressedSize == 0 ? 1 : Double(entry.compressedSize) / Double(entry.uncompressedSize))
        }
        let kinds = Dictionary(module.media.map { (BundleFormat.mediaFolder + $0.path, $0.kind.rawValue) },
                               uniquingKeysWith: { first, _ in first })
        var totals: [String: KindTotal] = [:]
        for entry in entries {
            let kind = kinds[entry.path] ?? "text"
            totals[kind, default: KindTotal(kind: kind, entries: 0, size: 0, compressedSize: 0)].entries += 1
            totals[kind]!.size += entry.size
            totals[kind]!.compressedSize += entry.compressedSize
        }
        self.totals = ["text", "audio", "video", "image", "subtitles"].compactMap { totals[$0] }
        activities = module.activities.map { ActivitySummary(activity: $0.rawValue, title: $0.title,
                                                              counts: Self.counts(for: $0, in: module)) }
    }

    static func counts(for activity: ActivityKind, in module: Module) -> [String] {
        func plural(_ count: Int, _ noun: String) -> String {
            count == 1 ? "1 \(noun)" : "\(count) \(noun)\(noun.hasSuffix("x") ? "es" : "s")"
        }
        switch activity {
        case .video:
            let duration = module.media.first { $0.path == module.video }?.duration
            return [duration.map { "\(TimeText.format($0)) long" }, plural(module.transcript.count, "subtitle")]
                .compactMap { $0 }
        case .videoTask: return [plural(module.videoTask.count, "statement")]
        case .vocabulary:
            return [plural(module.transcript.count, "line"), plural(Set(module.transcript.flatMap(\.terms)).count, "highlighted term")]
        case .audioGame:
            return [plural(module.transcript.count, "tile"), plural(module.speakers.count, "speaker")]
        case .pronunciation: return [plural(module.transcript.count, "line")]
        case .dictation: return [plural(module.linesForDictation.count, "line")]
        case .questions: return [plural(module.questions.count, "question")]
        case .dictionary: return [plural(module.definitions.count, "definition"), plural(module.phrasebook.count, "box")]
        case .test:
            return [plural(module.test.items.count, "item") + " in the bank", "\(module.test.draw) per attempt",
                    plural(module.objectives.count, "objective")]
        }
    }
}
