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
        merge(old, new, file: file, path: [], styleOnly: false)
    }

    /// `styleOnly`: `old` is another entry of the same list, whose spelling a new entry follows (a line added to a
    /// transcript that writes times as `0:04.189` gets its times written so) without taking any of its values.
    private static func merge(_ old: PlistValue, _ new: PlistValue, file: SourceFile, path: [PlistPathStep],
                              styleOnly: Bool) -> PlistValue {
        switch (old, new) {
        case (.dictionary(let oldEntries), .dictionary(let newEntries)):
            var merged = newEntries.map { entry in
                guard let before = oldEntries.first(where: { $0.key == entry.key }) else { return entry }
                return PlistEntry(entry.key, merge(before.value, entry.value, file: file, path: path + [.key(entry.key)],
                                                   styleOnly: styleOnly))
            }
            // Keys the format does not define stay (check warns about them); keys it defines are the model's.
            if !styleOnly, let known = ModuleSchema.keyOrder(in: file, at: path) {
                let written = Set(newEntries.map(\.key))
                merged += oldEntries.filter { !known.contains($0.key) && !written.contains($0.key) }
            }
            return .dictionary(merged)
        case (.array(let oldItems), .array(let newItems)):
            return .array(newItems.enumerated().map { index, item in
                let step = path + [.index(index)]
                if !styleOnly, let before = counterpart(of: item, at: index, in: oldItems) {
                    return merge(before, item, file: file, path: step, styleOnly: false)
                }
                guard let example = oldItems.first else { return item }
                return merge(example, item, file: file, path: step, styleOnly: true)
            })
        default:
            if !styleOnly, sameMeaning(old, new) { return old }
            return clockTime(new, like: old) ?? new
        }
    }

    /// A changed time, written as a clock (`1:02.500`) when the value it replaces was written so; nil when it was
    /// not, or the clock form could not say the new value exactly.
    private static func clockTime(_ new: PlistValue, like old: PlistValue) -> PlistValue? {
        guard case .real(let seconds) = new, case .string(let written) = old, written.contains(":"),
              TimeText.seconds(from: written) != nil, seconds >= 0 else { return nil }
        let clock = TimeText.format(seconds)
        return TimeText.seconds(from: clock) == seconds ? .string(clock) : nil
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
