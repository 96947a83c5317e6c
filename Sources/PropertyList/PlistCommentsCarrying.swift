extension PlistComments {
    /// The comments of a document whose value a tool changed from `old` to `new` (an import that rewrites a file):
    /// each follows what it stood before — a dictionary entry by its key, an array item by its position — and
    /// what stood before a closing tag stays before the new one, after anything appended. Comments whose entry is
    /// gone are dropped, and counted.
    package func carried(from old: PlistValue, to new: PlistValue) -> (comments: PlistComments, dropped: Int) {
        var carried = PlistComments()
        var dropped = 0
        for (slot, items) in self.items {
            let moved: Slot? = switch slot {
            case .beforeDocument, .afterRoot, .afterDocument: slot
            case .before(let path): Self.follow(path, from: old, to: new).map(Slot.before)
            case .beforeKey(let path): Self.follow(path, from: old, to: new).map(Slot.beforeKey)
            }
            if let moved {
                for item in items { carried.append(item, at: moved) }
            } else {
                dropped += items.filter { $0 != .blankLine }.count
            }
        }
        return (carried, dropped)
    }

    /// Where the value at index path `path` of `old` is in `new`, or nil when it is gone. The last index may be
    /// one past a container's end: its closing tag.
    private static func follow(_ path: [Int], from old: PlistValue, to new: PlistValue) -> [Int]? {
        var (before, after) = (old, new)
        var mapped: [Int] = []
        for (position, index) in path.enumerated() {
            let isLast = position == path.count - 1
            switch (before, after) {
            case (.dictionary(let oldEntries), .dictionary(let newEntries)):
                if isLast && index == oldEntries.count { return mapped + [newEntries.count] }
                guard index < oldEntries.count,
                      let match = newEntries.firstIndex(where: { $0.key == oldEntries[index].key }) else { return nil }
                mapped.append(match)
                (before, after) = (oldEntries[index].value, newEntries[match].value)
            case (.array(let oldItems), .array(let newItems)):
                if isLast && index == oldItems.count { return mapped + [newItems.count] }
                guard index < oldItems.count, index < newItems.count else { return nil }
                mapped.append(index)
                (before, after) = (oldItems[index], newItems[index])
            default:
                return nil
            }
        }
        return mapped
    }
}
