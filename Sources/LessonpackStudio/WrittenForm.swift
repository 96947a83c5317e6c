import LessonpackModel
import PropertyList

/// Keeps the way an author wrote a source file when the studio writes a new value over it. The model keeps
/// meaning, not spelling: a time written `0:04.189` comes back from the model as the number 4.189, a key the
/// format does not know is not in the model at all. Saving a one-word change must not rewrite every time in the
/// transcript, or drop a key the author meant to fix, so each part of the new value that means what the old one
/// meant is written as it was.
enum WrittenForm {
    /// `new` (as ModuleSourceWriter makes it) with the spelling of `old` (as read from disk) wherever the two agree.
    static func keeping(_ old: PlistValue, in new: PlistValue, file: SourceFile) -> PlistValue {
        merge(old, new, file: file, path: [])
    }

    private static func merge(_ old: PlistValue, _ new: PlistValue, file: SourceFile, path: [PlistPathStep]) -> PlistValue {
        switch (old, new) {
        case (.dictionary(let oldEntries), .dictionary(let newEntries)):
            var merged = newEntries.map { entry in
                guard let before = oldEntries.first(where: { $0.key == entry.key }) else { return entry }
                return PlistEntry(entry.key, merge(before.value, entry.value, file: file, path: path + [.key(entry.key)]))
            }
            // Keys the format does not define stay (check warns about them); keys it defines are the model's.
            if let known = ModuleSchema.keyOrder(in: file, at: path) {
                let written = Set(newEntries.map(\.key))
                merged += oldEntries.filter { !known.contains($0.key) && !written.contains($0.key) }
            }
            return .dictionary(merged)
        case (.array(let oldItems), .array(let newItems)):
            return .array(newItems.enumerated().map { index, item in
                guard let before = counterpart(of: item, at: index, in: oldItems) else { return item }
                return merge(before, item, file: file, path: path + [.index(index)])
            })
        default:
            return sameMeaning(old, new) ? old : new
        }
    }

    /// The old entry an array element continues: the one with its id when records have ids (a reordered
    /// transcript keeps each line's spelling), otherwise the one at its position.
    private static func counterpart(of item: PlistValue, at index: Int, in old: [PlistValue]) -> PlistValue? {
        if let id = item["id"]?.string {
            return old.first { $0["id"]?.string == id }
        }
        return old.indices.contains(index) ? old[index] : nil
    }

    private static func sameMeaning(_ old: PlistValue, _ new: PlistValue) -> Bool {
        switch (old, new) {
        case (.string(let text), .real(let seconds)): TimeText.seconds(from: text) == seconds
        case (.integer(let whole), .real(let seconds)): whole.doubleValue == seconds
        default: old == new
        }
    }
}
