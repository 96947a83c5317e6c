import Foundation
import LessonpackBundle
import LessonpackCatalog
import LessonpackModel
import LessonpackSystem

/// Installing from a catalog folder (the output of `lessonpack release`, on a share or copied from one): every
/// bundle is checked against the catalog's size, SHA-256 and signing key, then verified in full as any bundle is,
/// and installed unless the library already has that exact version. Learners' progress is kept by module id, so an
/// update carries it over.
extension ModuleLibrary {
    public struct CatalogOutcome: Sendable {
        public enum Result: Sendable, Equatable {
            case installed
            case updated(from: String)
            case upToDate
            case failed([String])
        }

        public var id: String
        public var version: String
        public var result: Result
    }

    public func install(catalog folder: String, trustedKey: VerificationKey? = nil) throws(CatalogError) -> [CatalogOutcome] {
        let catalog = try Catalog.read(folder: folder)
        let installed = list()
        return catalog.modules.map { entry in
            var outcome = CatalogOutcome(id: entry.id, version: entry.version, result: .upToDate)
            let path = ModuleLayout.join(folder, entry.file)
            if let present = installed.first(where: { $0.id == entry.id && $0.version == entry.version }),
               FileDigest.sha256(ofFileAt: present.path) == entry.sha256 {
                return outcome
            }
            guard FileManager.default.fileExists(atPath: path) else {
                outcome.result = .failed(["\(entry.file) is listed in the catalog but not in \(folder)"])
                return outcome
            }
            // Every check is made on the copy that gets installed, never on the file in the shared folder.
            let expect = { (copy: String) -> [String] in
                let size = (try? FileManager.default.attributesOfItem(atPath: copy))?[.size] as? Int
                return size == entry.size && FileDigest.sha256(ofFileAt: copy) == entry.sha256 ? []
                    : ["\(entry.file) is not the file the catalog lists (its size or SHA-256 differs)"]
            }
            let accept = { (report: BundleVerifier.Report) -> [String] in
                if report.manifest?.moduleID != entry.id || report.manifest?.version != entry.version {
                    return ["\(entry.file) holds \(report.manifest?.moduleID ?? "?") \(report.manifest?.version ?? "?"), " +
                            "not the \(entry.id) \(entry.version) the catalog lists"]
                }
                if report.signature.keyID != entry.signedBy {
                    return ["\(entry.file) is \(report.signature), but the catalog says it is " +
                            (entry.signedBy.map { "signed by key \($0)" } ?? "unsigned")]
                }
                return []
            }
            do throws(BundleError) {
                _ = try install(path, trustedKey: trustedKey, expect: expect, accept: accept)
                let previous = installed.filter { $0.id == entry.id }.last
                outcome.result = previous.map { .updated(from: $0.version) } ?? .installed
            } catch {
                outcome.result = .failed(error.problems)
            }
            return outcome
        }
    }
}
