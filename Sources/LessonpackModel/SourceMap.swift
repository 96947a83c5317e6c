import LessonpackDiagnostics
import PropertyList

/// Where a model entry came from: its dictionary in the source, so a rule can point at any of its fields.
public struct EntryOrigin: Sendable {
    /// The entry itself: its `<dict>`, or for a definition or a media file, its key.
    public var location: SourceLocation
    public var fields: PlistDictionary
    /// For entries that are a key and one value (definitions), where the value is.
    public var valueLocation: SourceLocation?

    public init(location: SourceLocation, fields: PlistDictionary = PlistDictionary(),
                valueLocation: SourceLocation? = nil) {
        self.location = location
        self.fields = fields
        self.valueLocation = valueLocation
    }

    /// Where the value of `key` is written, or the entry itself when the key is absent.
    public func location(of key: String) -> SourceLocation { fields[key]?.location ?? location }

    /// Where the `index`-th element of the array under `key` is written.
    public func location(of key: String, at index: Int) -> SourceLocation {
        guard let items = fields[key]?.array, items.indices.contains(index) else { return location(of: key) }
        return items[index].location
    }
}

/// For every model list, the origin of each entry, index for index with the `Module`'s arrays.
public struct SourceMap: Sendable {
    public var module: EntryOrigin
    public var speakers: [EntryOrigin] = []
    public var objectives: [EntryOrigin] = []
    /// Where each entry of `activities` is written.
    public var activities: [SourceLocation] = []
    public var transcript: [EntryOrigin] = []
    public var definitions: [EntryOrigin] = []
    public var phrasebook: [EntryOrigin] = []
    public var videoTask: [EntryOrigin] = []
    public var questions: [EntryOrigin] = []
    public var test: EntryOrigin
    public var testItems: [EntryOrigin] = []
    public var media: [EntryOrigin] = []
    /// Each file's top-level dictionary.
    public var roots: [SourceFile: EntryOrigin] = [:]

    /// The top-level dictionary of `file`, or the whole file when it could not be read.
    public func root(_ file: SourceFile, folder: String) -> EntryOrigin {
        roots[file] ?? EntryOrigin(location: SourceLocation(file: ModuleLayout.join(folder, file.path)))
    }

    /// Until their files are read, the module's and the test's own fields point at the whole file.
    public init(moduleFile: String = SourceFile.module.path, testFile: String = SourceFile.test.path) {
        module = EntryOrigin(location: SourceLocation(file: moduleFile))
        test = EntryOrigin(location: SourceLocation(file: testFile))
    }
}
