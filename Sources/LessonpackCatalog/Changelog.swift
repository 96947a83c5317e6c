import Foundation
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackModel

/// What a release changed against the one before, module by module, and the same as Markdown for OUT/CHANGELOG.md
/// (newest release first).
enum Changelog {
    static let fileName = "CHANGELOG.md"

    /// `modules` is the new release; `checked` the modules built this time, whose content `lessonpack diff`
    /// compares with the previous release's bundle when it is still in `output`.
    static func changes(from previous: Catalog?, to modules: [Catalog.Module], output: String,
                        checked: [Module]) -> [Catalog.Change] {
        let old = Dictionary((previous?.modules ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [Catalog.Change] = []
        for module in modules {
            guard let before = old[module.id] else {
                changes.append(.init(id: module.id, kind: .added, fromVersion: nil, toVersion: module.version, details: []))
                continue
            }
            guard before.sha256 != module.sha256 else { continue }
            var details: [String] = []
            if let current = checked.first(where: { $0.id == module.id }),
               let earlier = try? BundleReader.open(ModuleLayout.join(output, before.file)).module {
                details = summary(ModuleDiff.between(earlier, current))
            }
            changes.append(.init(id: module.id, kind: before.version == module.version ? .rebuilt : .updated,
                                 fromVersion: before.version, toVersion: module.version, details: details))
        }
        for module in previous?.modules ?? [] where new[module.id] == nil {
            changes.append(.init(id: module.id, kind: .removed, fromVersion: module.version, toVersion: nil, details: []))
        }
        return changes.sorted { $0.id < $1.id }
    }

    /// "transcript: 2 changed, 1 added", one line per area, in the diff's order of areas.
    static func summary(_ diff: ModuleDiff) -> [String] {
        ModuleDiff.Area.allCases.compactMap { area in
            let inArea = diff.changes.filter { $0.area == area }
            guard !inArea.isEmpty else { return nil }
            let counts = [ModuleDiff.ChangeKind.added, .changed, .removed].compactMap { kind -> String? in
                let count = inArea.filter { $0.kind == kind }.count
                return count == 0 ? nil : "\(count) \(kind.rawValue)"
            }
            return "\(area.rawValue): " + counts.joined(separator: ", ")
        }
    }

    static func markdown(_ catalog: Catalog) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(catalog.released))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        var text = "## Release \(catalog.release) (\(formatter.string(from: date)))\n\n"
        if catalog.changes.isEmpty { text += "- No module changed.\n" }
        for change in catalog.changes {
            switch change.kind {
            case .added: text += "- \(change.id) \(change.toVersion ?? ""): added\n"
            case .removed: text += "- \(change.id) \(change.fromVersion ?? ""): removed\n"
            case .updated: text += "- \(change.id): \(change.fromVersion ?? "") → \(change.toVersion ?? "")\n"
            case .rebuilt: text += "- \(change.id) \(change.toVersion ?? ""): rebuilt (same content, new tool or key)\n"
            }
            for detail in change.details { text += "  - \(detail)\n" }
        }
        return text + "\n"
    }
}
