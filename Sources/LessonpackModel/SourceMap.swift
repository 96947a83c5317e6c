import LessonpackDiagnostics
import PropertyList

/// Where a model entry came from: its dictionary in the source, so a rule can point at any of its fields.
package struct EntryOrigin: Sendable {
    /// The entry itself: its `<dict>`, or for a definition or a media file, its key.
    package var location: SourceLocation
    package var fields: PlistDictionary
    /// For entries that are a key and one value (definitions), where the value is.
    package var valueLocation: SourceLocation?

    package init(location: SourceLocation, fields: PlistDictionary = PlistDictionary(),
                valueLocation: SourceLocation? = nil) {
        self.location = location
        self.fields = fields
        self.valueLocation = valueLocation
    }

    /// Where the value of `key` is written, or the entry itself when the key is absent.
    package func location(of key: String) -> SourceLocation { fields[key]?.location ?? location }

    /// Where the `index`-th element of the array under `key` is written.
    package func location(of key: String, at index: Int) -> SourceLocation {
        guard let items = fields[key]?.array, items.indices.contains(index) else { return location(of: key) }
        return items[index].location
    }
}

/// For every model list, the origin of each entry, index for index with the `Module`'s arrays.
package struct SourceMap: Sendable {
    package var module: EntryOrigin
    package var speakers: [EntryOrigin] = []
    package var objectives: [EntryOrigin] = []
    /// Where each entry of `activities` is written.
    package var activities: [SourceLocation] = []
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

    /// The top-level dictionary of `file`, or the whole file when it could not be read.
    package func root(_ file: SourceFile, folder: String) -> EntryOrigin {
        roots[file] ?? EntryOrigin(location: SourceLocation(file: ModuleLayout.join(folder, file.path)))
    }

    /// Until their files are read, the module's and the test's own fields point at the whole file.
    package init(moduleFile: String = SourceFile.module.path, testFile: String = SourceFile.test.path) {
        module = EntryOrigin(location: SourceLocation(file: moduleFile))
        test = EntryOrigin(location: SourceLocation(file: testFile))
    }
}
