import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// OUT/catalog.plist and OUT/catalog.json: what a release holds — every bundle with what a learner's tool needs
/// to choose it and to trust the file it downloads — and what changed since the release before.
package struct Catalog: Codable, Sendable, Equatable {
    package struct Module: Codable, Sendable, Equatable {
        package var id: String
        package var title: String
        package var version: String
        package var level: String
        /// The bundle's file name, in the catalog's folder.
        package var file: String
        package var size: Int
        package var sha256: String
        /// The signing key's id, or nil for an unsigned bundle.
        package var signedBy: String?

        package init(id: String, title: String, version: String, level: String, file: String, size: Int, sha256: String,
                    signedBy: String?) {
            self.id = id
            self.title = title
            self.version = version
            self.level = level
            self.file = file
            self.size = size
            self.sha256 = sha256
            self.signedBy = signedBy
        }
    }

    package struct Change: Codable, Sendable, Equatable {
        package enum Kind: String, Codable, Sendable { case added, removed, updated, rebuilt }
        package var id: String
        package var kind: Kind
        package var fromVersion: String?
        package var toVersion: String?
        /// What changed in the content, area by area ("transcript: 2 changed"), from `lessonpack diff`.
        package var details: [String]

        package init(id: String, kind: Kind, fromVersion: String?, toVersion: String?, details: [String]) {
            self.id = id
            self.kind = kind
            self.fromVersion = fromVersion
            self.toVersion = toVersion
            self.details = details
        }
    }

    package static let fileName = "catalog.plist"
    package static let jsonFileName = "catalog.json"
    package static let format = 1

    package var format: Int = Catalog.format
    package var tool: String = "lessonpack \(ToolVersion.current)"
    /// Counts the releases that changed something, from 1.
    package var release: Int
    /// Seconds since 1970 (SOURCE_DATE_EPOCH when set, so a release can be reproduced).
    package var released: Int64
    package var modules: [Module]
    /// This release's changes against the one before.
    package var changes: [Change]

    package init(release: Int, released: Int64, modules: [Module], changes: [Change]) {
        self.release = release
        self.released = released
        self.modules = modules
        self.changes = changes
    }

    package func module(_ id: String) -> Module? { modules.first { $0.id == id } }

    // MARK: - Reading and writing

    package func json() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(self)) + [0x0A]
    }

    /// The same content as a property list, for tools that read plists.
    package func plist() throws(PlistXMLWriter.Failure) -> String {
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

    /// The most modules a catalog may list: far beyond any publisher's, and a bound on the work of reading one.
    package static let maxModules = 10_000
    package static let maxBytes = 16 << 20

    /// Reads OUT/catalog.json. Like any file a learner downloads, it is untrusted: a regular file, bounded, and
    /// every field as strict as a source's (ids are module ids, versions semantic versions, each bundle's file the
    /// one name its id and version give, so no name built from it leads outside the folder). An identical entry
    /// listed twice is read once; one id listed twice with different entries is refused.
    /// `links: .refuse` where the folder is one we write (a release's output): a catalog.json there that is a link
    /// is not ours.
    package static func read(folder: String, links: ReadableFile.Links = .follow) throws(CatalogError) -> Catalog {
        let path = ModuleLayout.join(folder, jsonFileName)
        let data: Data
        switch BoundedFile.read(path, limit: maxBytes, links: links) {
        case .success(let bytes): data = Data(bytes)
        case .failure(.tooLarge):
            throw CatalogError(.catalogTooLarge, "\(path) is larger than \(maxBytes >> 20) MiB: not a catalog", file: path)
        case .failure(.missing):
            throw CatalogError(.catalogUnreadable, "\(folder) has no \(jsonFileName): is it the output of 'lessonpack release'?",
                               file: path)
        case .failure(let failure):
            throw CatalogError(.catalogUnreadable, "\(path) \(failure)", file: path)
        }
        return try decode(data, path: path)
    }

    /// Checks and decodes catalog.json's bytes; `path` names them in messages.
    package static func decode(_ data: Data, path: String) throws(CatalogError) -> Catalog {
        var catalog: Catalog
        do { catalog = try JSONDecoder().decode(Catalog.self, from: data) } catch {
            throw CatalogError(.catalogInvalid, "\(path) is not a catalog: \(DecodingErrorText.describe(error))", file: path)
        }
        guard catalog.format <= format else {
            throw CatalogError(.catalogNewerFormat, "\(path) uses catalog format \(catalog.format), newer than this " +
                               "lessonpack reads (\(format))", file: path)
        }
        guard catalog.format >= 1, catalog.release >= 1 else {
            throw CatalogError(.catalogInvalid, "\(path) has an invalid format or release number", file: path)
        }
        guard catalog.changes.count <= 2 * maxModules, catalog.changes.allSatisfy({ $0.details.count <= 1000 }) else {
            throw CatalogError(.catalogTooLarge, "\(path) lists more changes than a release makes", file: path)
        }
        guard catalog.modules.count <= maxModules else {
            throw CatalogError(.catalogTooLarge, "\(path) lists \(catalog.modules.count) modules; the limit is \(maxModules)",
                               file: path)
        }
        var byID: [String: Module] = [:]
        var unique: [Module] = []
        for module in catalog.modules {
            if let problem = problem(with: module) {
                throw CatalogError(.catalogInvalid, "\(path): \(problem)", file: path)
            }
            if let earlier = byID[module.id] {
                guard earlier == module else {
                    throw CatalogError(.catalogDuplicateModule, "\(path) lists module '\(module.id)' twice, differently",
                                       file: path)
                }
                continue
            }
            byID[module.id] = module
            unique.append(module)
        }
        catalog.modules = unique
        return catalog
    }

    /// What is wrong with an entry, or nil.
    static func problem(with module: Module) -> String? {
        guard Identifier.isValidModuleID(module.id) else { return "'\(module.id.prefix(80))' is not a module id" }
        guard SemanticVersion(module.version) != nil else {
            return "module '\(module.id)' has the invalid version '\(module.version.prefix(80))'"
        }
        guard module.file == BundleFileName.of(id: module.id, version: module.version) else {
            return "module '\(module.id)' names the bundle '\(module.file.prefix(120))', not " +
                "\(BundleFileName.of(id: module.id, version: module.version))"
        }
        guard module.size >= 0, module.size <= MediaLimits.maxTotalBytes else {
            return "module '\(module.id)' has an impossible size"
        }
        guard module.sha256.utf8.count == 64, module.sha256.utf8.allSatisfy(isLowerHex) else {
            return "module '\(module.id)' has a malformed SHA-256"
        }
        if let key = module.signedBy, key.utf8.count != 16 || !key.utf8.allSatisfy(isLowerHex) {
            return "module '\(module.id)' names a malformed signing key id"
        }
        return nil
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool { (48...57).contains(byte) || (97...102).contains(byte) }
}

/// Why a catalog cannot be read or a release cannot be made, with a stable code (docs/bundle-format.md).
package struct CatalogError: Error, CustomStringConvertible, Sendable {
    package var diagnostic: Diagnostic
    package var code: DiagnosticCode { diagnostic.code }
    package var description: String { diagnostic.message }

    package init(_ code: DiagnosticCode, _ message: String, file: String = "") {
        diagnostic = .error(code, message, at: SourceLocation(file: file))
    }
}

extension DiagnosticCode {
    package static let catalogUnreadable: DiagnosticCode = "catalog-unreadable"
    package static let catalogInvalid: DiagnosticCode = "catalog-invalid"
    package static let catalogNewerFormat: DiagnosticCode = "catalog-newer-format"
    package static let catalogTooLarge: DiagnosticCode = "catalog-too-large"
    package static let catalogDuplicateModule: DiagnosticCode = "catalog-duplicate-module"
    /// A bundle that is not the one its catalog lists: missing, or of another size, hash, module or signer.
    package static let catalogBundleMismatch: DiagnosticCode = "catalog-bundle-mismatch"
    /// A release that could not be written.
    package static let releaseFailed: DiagnosticCode = "release-failed"
}

extension CatalogError: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [diagnostic] }
}
