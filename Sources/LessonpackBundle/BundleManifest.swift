import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// manifest.plist: what the bundle holds, entry by entry, with each entry's size and SHA-256. Verification
/// checks the container against it; the signature, when there is one, covers its exact bytes.
package struct BundleManifest: Hashable, Sendable {
    package struct Entry: Hashable, Sendable {
        package var path: String
        package var size: Int
        package var sha256: String

        package init(path: String, size: Int, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    package var format: Int
    package var moduleID: String
    package var version: String
    /// The tool that built the bundle, e.g. `lessonpack 0.1.0`.
    package var tool: String
    /// Every entry except the manifest itself and the signature, in the order they are stored.
    package var entries: [Entry]

    package init(format: Int = BundleFormat.version, moduleID: String, version: String,
                tool: String = "lessonpack \(ToolVersion.current)", entries: [Entry]) {
        self.format = format
        self.moduleID = moduleID
        self.version = version
        self.tool = tool
        self.entries = entries
    }

    /// The entry named exactly `path`, byte for byte (Swift's `==` would also match another Unicode spelling).
    package func entry(_ path: String) -> Entry? {
        let raw = Array(path.utf8)
        return entries.first { Array($0.path.utf8) == raw }
    }

    /// The manifest as XML property list bytes, always written the same way.
    package func encoded() throws -> [UInt8] {
        let list = entries.map { entry in
            PlistValue.dictionary([
                PlistEntry("path", .string(entry.path)),
                PlistEntry("size", .integer(PlistInteger(entry.size))),
                PlistEntry("sha256", .string(entry.sha256)),
            ])
        }
        let value = PlistValue.dictionary([
            PlistEntry("format", .integer(PlistInteger(format))),
            PlistEntry("id", .string(moduleID)),
            PlistEntry("version", .string(version)),
            PlistEntry("tool", .string(tool)),
            PlistEntry("entries", .array(list)),
        ])
        return Array(try PlistXMLWriter.xml(value).utf8)
    }

    /// Reads manifest bytes, which come from an untrusted bundle: the plist reader's safety rules apply, and
    /// every field is checked.
    package static func decode(_ bytes: [UInt8]) throws(BundleError) -> BundleManifest {
        let document = PlistReader.read(bytes, file: BundleFormat.manifestEntry,
                                        limits: PlistReader.Limits(maxBytes: BundleLimits.default.maxTextEntryBytes,
                                                                   maxDepth: 8))
        if let problem = document.diagnostics.first(where: { $0.severity == .error }) {
            throw BundleError(.manifestInvalid, "manifest.plist is not a valid property list: \(problem.location): " +
                              problem.message)
        }
        guard let root = document.root?.value, case .dictionary = root else {
            throw BundleError(.manifestInvalid, "manifest.plist does not hold a dictionary")
        }
        guard case .integer(let formatValue)? = root["format"], let format = formatValue.intValue else {
            throw BundleError(.manifestInvalid, "manifest.plist has no format version")
        }
        guard format <= BundleFormat.version else {
            throw BundleError(.bundleFormatNewer, "this bundle uses format \(format), newer than this lessonpack supports " +
                              "(\(BundleFormat.version)): install a newer lessonpack to open it")
        }
        guard format >= 1 else { throw BundleError(.manifestInvalid, "manifest.plist has an invalid format version \(format)") }
        guard case .string(let id)? = root["id"], case .string(let version)? = root["version"],
              case .string(let tool)? = root["tool"], case .array(let items)? = root["entries"] else {
            throw BundleError(.manifestInvalid, "manifest.plist lacks its id, version, tool or entries")
        }
        // The id and version name files in learners' libraries: nothing but a real id and version may get there.
        guard Identifier.isValidModuleID(id) else {
            throw BundleError(.manifestInvalid, "manifest.plist names an invalid module id '\(id)'")
        }
        guard SemanticVersion(version) != nil else {
            throw BundleError(.manifestInvalid, "manifest.plist names an invalid version '\(version)'")
        }
        // Shown by inspect: a name and a version, on one line, and nothing a terminal would obey.
        guard !tool.isEmpty, tool.utf8.count <= 100, !tool.unicodeScalars.contains(where: {
            [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }) else {
            throw BundleError(.manifestInvalid, "manifest.plist names its tool in a way no lessonpack writes")
        }
        guard items.count <= BundleLimits.default.maxEntries else {
            throw BundleError(.manifestInvalid, "manifest.plist lists more entries than a bundle may hold")
        }
        var entries: [Entry] = []
        var seen = Set<String>()
        for item in items {
            guard case .string(let path)? = item["path"], case .integer(let sizeValue)? = item["size"],
                  let size = sizeValue.intValue, size >= 0, case .string(let sha256)? = item["sha256"],
                  sha256.utf8.count == 64, sha256.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
                throw BundleError(.manifestInvalid, "manifest.plist has a malformed entry")
            }
            if let problem = PathName.problem(path) {
                throw BundleError(.manifestInvalid, "manifest.plist lists the entry '\(path)': \(PathName.describe(problem))")
            }
            // Each entry is hashed once: a name listed twice, under any spelling, has no one meaning.
            guard seen.insert(PathName.foldedKey(path)).inserted else {
                throw BundleError(.manifestInvalid, "manifest.plist lists the entry '\(path)' twice")
            }
            entries.append(Entry(path: path, size: size, sha256: sha256))
        }
        return BundleManifest(format: format, moduleID: id, version: version, tool: tool, entries: entries)
    }
}
