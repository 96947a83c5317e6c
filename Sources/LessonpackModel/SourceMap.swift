import LessonpackDiagnostics
import PropertyList

/// Where a model entry came from: its dictionary in the source, so a rule can point at any of its fields.
///
/// It keeps the reader's marks, whose lines and columns are counted only when a rule asks for a location: a module
/// with nothing to report counts none.
package struct EntryOrigin: Sendable {
    /// The entry itself: its `<dict>`, or for a definition or a media file, its key.
    package var mark: SourceMark
    package var fields: PlistDictionary
    /// For entries that are a key and one value (definitions), where the value is.
    package var valueMark: SourceMark?

    package init(mark: SourceMark, fields: PlistDictionary = PlistDictionary(), valueMark: SourceMark? = nil) {
        self.mark = mark
        self.fields = fields
        self.valueMark = valueMark
    }

    /// An entry that stands for a whole file.
    package init(file: String) {
        self.init(mark: SourceMark(nil, in: SourceText(file: file)))
    }

    package var location: SourceLocation { mark.location }
    package var valueLocation: SourceLocation? { valueMark?.location }

    /// Where the value of `key` is written, or the entry itself when the key is absent.
    package func location(of key: String) -> SourceLocation { fields[key]?.location ?? location }

    /// Where the `index`-th element of the array under `key` is written.
    package func location(of key: String, at index: Int) -> SourceLocation {
        guard let items = fields[key]?.array, items.indices.contains(index) else { return location(of: key) }
        return items[index].location
    }

    /// The `index`-th element of the array under `key` among those the decoder kept (strings of a list of strings,
    /// dictionaries of a list of entries): the model's index, whatever else the source wrote between them.
    func element(_ key: String, _ index: Int, kept: (PlistNode) -> Bool) -> PlistNode? {
        guard index >= 0, let items = fields[key]?.array else { return nil }
        var remaining = index
        for item in items where !item.isInvalid && kept(item) {
            if remaining == 0 { return item }
            remaining -= 1
        }
        return nil
    }

    /// Where the `index`-th string of the list of strings under `key` is written, or the list when there is none.
    func location(ofString key: String, at index: Int) -> SourceLocation {
        element(key, index) { $0.string != nil }?.location ?? location(of: key)
    }
}

/// For every model list, the origin of each entry, index for index with the `Module`'s arrays.
package struct SourceMap: Sendable {
    package var module: EntryOrigin
    package var speakers: [EntryOrigin] = []
    package var objectives: [EntryOrigin] = []
    /// Where each entry of `activities` is written.
    package var activities: [SourceMark] = []
    package var transcript: [EntryOrigin] = []
    package var definitions: [EntryOrigin] = []
    package var phrasebook: [EntryOrigin] = []
    package var videoTask: [EntryOrigin] = []
    package var questions: [EntryOrigin] = []
    package var test: EntryOrigin
    package var testItems: [EntryOrigin] = []
    package var media: [EntryOrigin] = []
    /// Each file's top-level dictionary.
    package var roots: [SourceFile: EntryOrigin] = [:]
    /// The folder the files were read from, as diagnostics name it.
    package var folder: String = ""

    /// The top-level dictionary of `file`, or the whole file when it could not be read.
    package func root(_ file: SourceFile, folder: String) -> EntryOrigin {
        roots[file] ?? EntryOrigin(file: ModuleLayout.join(folder, file.path))
    }

    /// Where the part of the module `path` names is written: the value of its key when the source has one, else
    /// the entry that would hold it, else its file. The same places the rules pointed at when they looked the
    /// source up themselves.
    package func location(of path: ModulePath) -> SourceLocation {
        switch path {
        case .module(let field): return module.location(of: field.rawValue)
        case .activities(let index):
            return activities.indices.contains(index) ? activities[index].location : module.location(of: "activities")
        case .chosenLines(let key, nil): return module.location(of: key)
        case .chosenLines(let key, let index?): return module.location(ofString: key, at: index)
        case .speakers(let index, _): return location(of: path, in: speakers, index, file: .module)
        case .objectives(let index, _): return location(of: path, in: objectives, index, file: .module)
        case .transcript(let index, .term(let term)):
            return entry(transcript, index, file: .transcript).map { $0.location(ofString: "terms", at: term) }
                ?? whole(.transcript)
        case .transcript(let index, _): return location(of: path, in: transcript, index, file: .transcript)
        case .definitions(let index, let field):
            guard let origin = entry(definitions, index, file: .definitions) else { return whole(.definitions) }
            return field == .meaning ? origin.valueLocation ?? origin.location : origin.location
        case .phrasebook(let index, _): return location(of: path, in: phrasebook, index, file: .phrasebook)
        case .videoTask(let index, .line(let line)):
            return entry(videoTask, index, file: .videoTask).map { $0.location(ofString: "lines", at: line) }
                ?? whole(.videoTask)
        case .videoTask(let index, _): return location(of: path, in: videoTask, index, file: .videoTask)
        case .questions(let index, .answer(let answer, let part)):
            guard let origin = entry(questions, index, file: .questions) else { return whole(.questions) }
            guard let node = origin.element("answers", answer, kept: { $0.dictionary != nil }) else {
                return origin.location(of: "answers")
            }
            guard part != .entry else { return node.location }
            // A field the answer does not write is pointed at through its list, as the rules always have.
            return node.dictionary?[part.rawValue]?.location ?? (part == .text ? node.location : origin.location(of: "answers"))
        case .questions(let index, _): return location(of: path, in: questions, index, file: .questions)
        case .test(let field): return test.location(of: field.rawValue)
        case .testItems(let index, .choice(let choice)):
            return entry(testItems, index, file: .test).map { $0.location(ofString: "choices", at: choice) }
                ?? whole(.test)
        case .testItems(let index, _): return location(of: path, in: testItems, index, file: .test)
        case .media(let index, _): return location(of: path, in: media, index, file: .media)
        case .list(let part):
            let file = SourceFile(part)
            let root = root(file, folder: folder)
            return file.mainList.map { root.location(of: $0) } ?? root.location
        case .root(let part): return root(SourceFile(part), folder: folder).location
        case .file(let part): return whole(SourceFile(part))
        }
    }

    /// The value the sources write under the key `path` names; nil when they do not write it (reading has said
    /// so where it is required) or `path` names no key.
    package func written(_ path: ModulePath) -> PlistNode? {
        switch path {
        case .module(let field): return module.fields[field.rawValue]
        case .test(let field): return test.fields[field.rawValue]
        case .list(let part):
            let file = SourceFile(part)
            guard let key = file.mainList else { return nil }
            return roots[file]?.fields[key]
        case .speakers(let index, _): return written(path, in: speakers, index)
        case .objectives(let index, _): return written(path, in: objectives, index)
        case .transcript(let index, _): return written(path, in: transcript, index)
        case .phrasebook(let index, _): return written(path, in: phrasebook, index)
        case .videoTask(let index, _): return written(path, in: videoTask, index)
        case .questions(let index, _): return written(path, in: questions, index)
        case .testItems(let index, _): return written(path, in: testItems, index)
        case .media(let index, _): return written(path, in: media, index)
        case .chosenLines(let key, nil): return module.fields[key]
        case .activities, .chosenLines, .definitions, .root, .file: return nil
        }
    }

    private func written(_ path: ModulePath, in origins: [EntryOrigin], _ index: Int) -> PlistNode? {
        guard origins.indices.contains(index), let key = path.key else { return nil }
        return origins[index].fields[key]
    }

    private func entry(_ origins: [EntryOrigin], _ index: Int, file: SourceFile) -> EntryOrigin? {
        origins.indices.contains(index) ? origins[index] : nil
    }

    private func location(of path: ModulePath, in origins: [EntryOrigin], _ index: Int, file: SourceFile)
        -> SourceLocation {
        guard let origin = entry(origins, index, file: file) else { return whole(file) }
        return path.key.map { origin.location(of: $0) } ?? origin.location
    }

    private func whole(_ file: SourceFile) -> SourceLocation {
        SourceLocation(file: ModuleLayout.join(folder, file.path))
    }

    /// Until their files are read, the module's and the test's own fields point at the whole file.
    package init(folder: String = "") {
        self.folder = folder
        module = EntryOrigin(file: ModuleLayout.join(folder, SourceFile.module.path))
        test = EntryOrigin(file: ModuleLayout.join(folder, SourceFile.test.path))
    }
}
