import Foundation
import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// Puts imported lines into a module: transcript.plist takes them in order, and module.plist gains any speaker it
/// did not have. Importing into a module that already has a transcript replaces its lines position by position,
/// keeping what the import cannot know (each line's id, audio and terms, and its times when the file has none),
/// so a corrected transcript can be imported again without losing work.
package enum TranscriptImport {
    package static func plan(_ lines: [ImportedLine], from file: String, into folder: String,
                            defaultSpeaker: String? = nil) -> ImportPlan {
        var plan = ImportPlan()
        do {
            try build(&plan, lines, from: file, into: folder, defaultSpeaker: defaultSpeaker)
        } catch {
            plan.diagnostics.append(error.diagnostic)
        }
        return plan
    }

    private static func build(_ plan: inout ImportPlan, _ lines: [ImportedLine], from file: String, into folder: String,
                              defaultSpeaker: String?) throws(ImportFailure) {
        var module = try moduleDocument(in: folder)
        var transcript = try SourceDocument.load(.transcript, in: folder)
            ?? SourceDocument(path: ModuleLayout.join(folder, SourceFile.transcript.path), role: .transcript,
                              value: .dictionary([]), comments: PlistComments())
        guard !lines.isEmpty else {
            throw ImportFailure(.error(.importSyntax, "no lines to import", at: SourceLocation(file: file)))
        }

        var speakers = SpeakerRoster(module.value["speakers"]?.array ?? [])
        var speakerIDs: [String] = []
        for line in lines {
            guard let name = line.speaker ?? defaultSpeaker else {
                let shown = line.text.count > 40 ? line.text.prefix(40) + "…" : line.text
                plan.diagnostics.append(.error(.importNoSpeaker, "no speaker for '\(shown)': start the " +
                                               "line with 'Name: ', or name a default speaker (--speaker)",
                                               at: line.location))
                continue
            }
            speakerIDs.append(speakers.id(for: name))
        }
        if plan.hasErrors { return }

        let existing = transcript.value["lines"]?.array ?? []
        var ids = Set(existing.compactMap { $0["id"]?.string })
        var merged: [PlistValue] = []
        var notes: [String] = []
        var timed = 0
        for (index, line) in lines.enumerated() {
            var entry = index < existing.count ? existing[index] : .dictionary([])
            if entry["id"]?.string == nil {
                let id = uniqueID(number: index + 1, width: lines.count > 99 ? 3 : 2, taken: &ids)
                entry["id"] = .string(id)
                entry["audio"] = .string("lines/\(id).wav")
            }
            entry["speaker"] = .string(speakerIDs[index])
            entry["text"] = .string(line.text)
            // Terms kept from the line this one replaces must still be in its text, or they highlight nothing.
            if let terms = entry["terms"]?.array {
                let lowered = line.text.lowercased()
                let (kept, dropped) = terms.reduce(into: ([PlistValue](), [String]())) { split, term in
                    if let text = term.string, !lowered.contains(text.lowercased()) { split.1.append(text) } else { split.0.append(term) }
                }
                if !dropped.isEmpty {
                    entry["terms"] = kept.isEmpty ? nil : .array(kept)
                    notes.append("\(entry["id"]?.string ?? "line \(index + 1)"): dropped the term" +
                                       (dropped.count == 1 ? " " : "s ") + dropped.map { "'\($0)'" }.joined(separator: ", ") +
                                       ", which its new text does not contain")
                }
            }
            if let start = line.start, let end = line.end {
                entry["start"] = .string(TimeText.format(start))
                entry["end"] = .string(TimeText.format(end))
            }
            if entry["start"] != nil { timed += 1 }
            merged.append(entry)
        }
        transcript.value["lines"] = .array(merged)

        plan.report.append("read \(lines.count) line\(lines.count == 1 ? "" : "s") from \(file)")
        let kept = min(existing.count, lines.count)
        plan.report.append("\(transcript.role.path): \(lines.count) lines (\(kept) replaced, \(lines.count - kept) new" +
                           (existing.count > lines.count ? ", \(existing.count - lines.count) removed" : "") + ")")
        if timed < lines.count {
            plan.report.append("\(lines.count - timed) line\(lines.count - timed == 1 ? " has" : "s have") no times yet: " +
                               "add 'start' and 'end' from the video, or import an .srt or .vtt file")
        }
        plan.report += notes
        try plan.write(transcript)
        if !speakers.added.isEmpty {
            module.value["speakers"] = .array(speakers.entries)
            for speaker in speakers.added {
                plan.report.append("module.plist: added speaker '\(speaker.name)' (id '\(speaker.id)', colour \(speaker.colour))")
            }
            try plan.write(module)
        }
    }

    /// "line-07", or the next free number when that is taken.
    private static func uniqueID(number: Int, width: Int, taken: inout Set<String>) -> String {
        var number = number
        while true {
            let digits = String(number)
            let id = "line-" + String(repeating: "0", count: max(0, width - digits.count)) + digits
            if taken.insert(id).inserted { return id }
            number += 1
        }
    }
}

/// The module's speakers, and the ones an import adds: matched by name (ignoring case) or id, new ones given an
/// id made from the name and a colour no other speaker has.
struct SpeakerRoster {
    struct Added { var id, name, colour: String }

    private(set) var entries: [PlistValue]
    private(set) var added: [Added] = []

    /// Distinct on a dark terminal and a light one, and for the common colour-vision deficiencies.
    static let palette = ["#1F77B4", "#D95F02", "#2CA02C", "#7570B3", "#E7298A", "#8C564B", "#17BECF", "#BCBD22"]

    init(_ entries: [PlistValue]) { self.entries = entries }

    mutating func id(for name: String) -> String {
        let wanted = name.lowercased()
        if let match = entries.first(where: { $0["name"]?.string?.lowercased() == wanted || $0["id"]?.string?.lowercased() == wanted }),
           let id = match["id"]?.string {
            return id
        }
        let ids = Set(entries.compactMap { $0["id"]?.string })
        var id = Self.slug(name)
        var suffix = 2
        while ids.contains(id) { id = Self.slug(name) + "-\(suffix)"; suffix += 1 }
        let used = Set(entries.compactMap { $0["colour"]?.string?.uppercased() })
        let colour = Self.palette.first { !used.contains($0) } ?? Self.palette[entries.count % Self.palette.count]
        entries.append(.dictionary([PlistEntry("id", .string(id)), PlistEntry("name", .string(name)),
                                    PlistEntry("colour", .string(colour))]))
        added.append(Added(id: id, name: name, colour: colour))
        return id
    }

    /// "Neil deGrasse Tyson" → "neil-degrasse-tyson"; accents dropped, anything else not a letter or digit a dash.
    static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "speaker" : slug
    }
}
