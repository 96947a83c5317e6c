import Foundation
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// Installing from a catalog folder (the output of `lessonpack release`, on a share or copied from one): every
/// bundle is checked against the catalog's size, SHA-256 and signing key, then verified in full as any bundle is,
/// and installed unless the library already has exactly that file, from a signer the learner trusts. Learners'
/// progress is kept by module id, so an update carries it over.
extension ModuleLibrary {
    package struct CatalogOutcome: Sendable {
        package enum Result: Sendable {
            case installed
            case updated(from: String)
            case upToDate
            case failed([Diagnostic])
        }

        package var id: String
        package var version: String
        package var result: Result
        package var warnings: [Diagnostic] = []

        package init(id: String, version: String, result: Result, warnings: [Diagnostic] = []) {
            self.id = id
            self.version = version
            self.result = result
            self.warnings = warnings
        }
    }

    package func install(catalog folder: String, trust: Trust = Trust()) throws(CatalogError) -> [CatalogOutcome] {
        let catalog = try Catalog.read(folder: folder)
        let held: FolderLock
        do { held = try lock() } catch {
            throw CatalogError(.libraryBusy, error.description, file: self.folder)
        }
        defer { withExtendedLifetime(held) {} }
        return catalog.modules.map { entry in install(entry, from: folder, trust: trust) }
    }

    private func install(_ entry: Catalog.Module, from folder: String, trust: Trust) -> CatalogOutcome {
        var outcome = CatalogOutcome(id: entry.id, version: entry.version, result: .upToDate)
        let installed = list().filter { $0.id == entry.id }
        // Already there only when it is the very file listed and, with --key, signed by that key.
        if let present = installed.first(where: { $0.version == entry.version }),
           FileDigest.sha256(ofFileAt: present.path, links: .refuse) == entry.sha256,
           trust.key.map({ present.signature.keyID == $0.keyID }) ?? true {
            return outcome
        }
        // The file name was checked to be `<id>-<version>.lessonpack` when the catalog was read.
        let path = ModuleLayout.join(folder, entry.file)
        let checks = Self.checks(for: entry, at: path)
        guard FileManager.default.fileExists(atPath: path) else {
            outcome.result = .failed([.error(.catalogBundleMismatch, "\(entry.file) is listed in the catalog but not in " +
                                             "\(folder)", at: SourceLocation(file: path))])
            return outcome
        }
        do throws(BundleError) {
            let done = try installLocked(path, size: entry.size, trust: trust, checks: checks)
            outcome.warnings = done.warnings
            if let previous = installed.filter({ $0.version != entry.version }).last {
                outcome.result = .updated(from: previous.version)
            } else {
                outcome.result = .installed
            }
        } catch {
            outcome.result = .failed(error.diagnostics)
        }
        return outcome
    }

    /// What a bundle fetched for a catalog entry must be: the very file listed (size and SHA-256), holding the
    /// module, version and signer listed. `path` names it in messages.
    package static func checks(for entry: Catalog.Module, at path: String) -> Checks {
        let location = SourceLocation(file: path)
        return Checks(expect: { copy in
            let size = (try? FileManager.default.attributesOfItem(atPath: copy))?[.size] as? Int
            return size == entry.size && FileDigest.sha256(ofFileAt: copy, links: .refuse) == entry.sha256 ? []
                : [.error(.catalogBundleMismatch, "\(entry.file) is not the file the catalog lists (its size or SHA-256 " +
                          "differs)", at: location)]
        }, accept: { report in
            if report.manifest?.moduleID != entry.id || report.manifest?.version != entry.version {
                return [.error(.catalogBundleMismatch, "\(entry.file) holds \(report.manifest?.moduleID ?? "?") " +
                               "\(report.manifest?.version ?? "?"), not the \(entry.id) \(entry.version) the catalog lists",
                               at: location)]
            }
            if report.signature.keyID != entry.signedBy {
                return [.error(.catalogBundleMismatch, "\(entry.file) is \(report.signature), but the catalog says it is " +
                               (entry.signedBy.map { "signed by key \($0)" } ?? "unsigned"), at: location)]
            }
            return []
        })
    }
}
