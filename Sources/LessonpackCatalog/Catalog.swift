import Foundation
import LessonpackBundle
import LessonpackModel
import LessonpackSystem
import PropertyList

/// OUT/catalog.plist and OUT/catalog.json: what a release holds — every bundle with what a learner's tool needs
/// to choose it and to trust the file it downloads — and what changed since the release before.
public struct Catalog: Codable, Sendable, Equatable {
    public struct Module: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var version: String
        public var level: String
        /// The bundle's file name, in the catalog's folder.
        public var file: String
        public var size: Int
        public var sha256: String
        /// The signing key's id, or nil for an unsigned bundle.
        public var signedBy: String?
    }

    public struct Change: Codable, Sendable, Equatable {
        public enum Kind: String, Codable, Sendable { case added, removed, updated, rebuilt }
        public var id: String
        public var kind: Kind
        public var fromVersion: String?
        public var toVersion: String?
        /// What changed in the content, area by area ("transcript: 2 changed"), from `lessonpack diff`.
        public var details: [String]

        public init(id: String, kind: Kind, fromVersion: String?, toVersion: String?, details: [String]) {
            self.id = id
            self.kind = kind
            self.fromVersion = fromVersion
            self.toVersion = toVersion
            self.details = details
        }
    }

    public static let fileName = "catalog.plist"
    public static let jsonFileName = "catalog.json"
    public static let format = 1

    public var format: Int = Catalog.format
    public var tool: String = "lessonpack \(ToolVersion.current)"
    /// Counts the releases that changed something, from 1.
    public var release: Int
    /// Seconds since 1970 (SOURCE_DATE_EPOCH when set, so a release can be reproduced).
    public var released: Int64
    public var modules: [Module]
    /// This release's changes against the one before.
    public var changes: [Change]

    public func module(_ id: String) -> Module? { modules.first { $0.id == id } }

    // MARK: - Reading and writing

    public func json() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(self)) + [0x0A]
    }

    /// The same content as a property list, for tools that read plists.
    public func plist() throws(PlistXMLWriter.Failure) -> String {
        func text(_ value: String?) -> PlistValue? { value.map(PlistValue.string) }
        func dictionary(_ entries: [(String, PlistValue?)]) -> PlistValue {
            .dictionary(entries.compactMap { key, value in value.map { PlistEntry(key, $0) } })
        }
        let modules = modules.map { module in
            dictionary([("id", text(module.id)), ("title", text(module.title)), ("version", text(module.version)),
                        ("level", text(module.level)), ("file", text(module.file)),
                        ("size", .integer(PlistInteger(module.size))), ("sha256", text(module.sha256)),
                        ("signedBy", text(module.signedBy))])
        }
        let changes = changes.map { change in
            dictionary([("id", text(change.id)), ("kind", text(change.kind.rawValue)),
                        ("fromVersion", text(change.fromVersion)), ("toVersion", text(change.toVersion)),
                        ("details", .array(change.details.map(PlistValue.string)))])
        }
        return try PlistXMLWriter.xml(dictionary([
            ("format", .integer(PlistInteger(format))), ("tool", text(tool)), ("release", .integer(PlistInteger(release))),
            ("released", .date(PlistDate(secondsSince1970: released))), ("modules", .array(modules)),
            ("changes", .array(changes)),
        ]))
    }

    /// Reads OUT/catalog.json. Like any file a learner downloads, it is untrusted: bounded, and every file name
    /// it gives must stay inside its folder.
    public static func read(folder: String) throws(CatalogError) -> Catalog {
        let path = ModuleLayout.join(folder, jsonFileName)
        let data: Data
        switch BoundedFile.read(path, limit: 16 << 20) {
        case .success(let bytes): data = Data(bytes)
        case .failure(.tooLarge): throw CatalogError("\(path) is larger than 16 MiB: not a catalog")
        case .failure: throw CatalogError("\(folder) has no \(jsonFileName): is it the output of 'lessonpack release'?")
        }
        let catalog: Catalog
        do { catalog = try JSONDecoder().decode(Catalog.self, from: data) } catch {
            throw CatalogError("\(path) is not a catalog: \(error)")
        }
        guard catalog.format <= format else {
            throw CatalogError("\(path) uses catalog format \(catalog.format), newer than this lessonpack reads (\(format))")
        }
        for module in catalog.modules where module.file.contains("/") || module.file.hasPrefix(".")
            || !module.file.hasSuffix("." + BundleFormat.fileExtension) {
            throw CatalogError("\(path) names the bundle '\(module.file)', which is not a bundle file in its folder")
        }
        return catalog
    }
}
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
