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
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            guard let size else {
                outcome.result = .failed(["\(entry.file) is listed in the catalog but not in \(folder)"])
                return outcome
            }
            guard size == entry.size, FileDigest.sha256(ofFileAt: path) == entry.sha256 else {
                outcome.result = .failed(["\(entry.file) is not the file the catalog lists (its size or SHA-256 differs)"])
                return outcome
            }
            let report = BundleVerifier.verify(path, trustedKey: trustedKey)
            if report.isValid, report.signature.keyID != entry.signedBy {
                outcome.result = .failed(["\(entry.file) is \(report.signature), but the catalog says it is " +
                                          (entry.signedBy.map { "signed by key \($0)" } ?? "unsigned")])
                return outcome
            }
            do throws(BundleError) {
                _ = try install(path, verified: report)
                let previous = installed.filter { $0.id == entry.id }.last
                outcome.result = previous.map { .updated(from: $0.version) } ?? .installed
            } catch {
                outcome.result = .failed(error.problems)
            }
            return outcome
        }
    }
}
