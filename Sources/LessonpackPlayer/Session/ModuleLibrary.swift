import Foundation
import LessonpackBundle
import LessonpackModel
import LessonpackSystem

/// The learner's installed modules: verified bundles copied into `<data folder>/library/<id>/`, so `play` can
/// take a module's id instead of a path.
public struct ModuleLibrary: Sendable {
    public let folder: String

    public init(dataFolder: String) { folder = dataFolder + "/library" }

    public struct Installed: Sendable, Equatable {
        public var id: String
        public var version: String
        public var title: String
        public var path: String
        public var signature: String
    }

    /// Verifies `bundle` (and its signature against `key`, when given) and copies it in, replacing nothing older
    /// than itself. Returns what was installed.
    public func install(_ bundle: String, trustedKey: VerificationKey? = nil) throws(BundleError) -> Installed {
        try install(bundle, verified: BundleVerifier.verify(bundle, trustedKey: trustedKey))
    }

    /// Copies in a bundle `report` says is valid: for callers that check more than validity first.
    func install(_ bundle: String, verified report: BundleVerifier.Report) throws(BundleError) -> Installed {
        guard report.isValid, let manifest = report.manifest else {
            throw BundleError(problems: report.problems.isEmpty ? ["\(bundle) is not a bundle"] : report.problems)
        }
        let opened = try BundleReader.open(bundle)
        let destination = "\(folder)/\(manifest.moduleID)/" + BundleFormat.fileName(id: manifest.moduleID, version: manifest.version)
        do {
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            let temporary = destination + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
            try? FileManager.default.removeItem(atPath: temporary)
            try FileManager.default.copyItem(atPath: bundle, toPath: temporary)
            guard rename(temporary, destination) == 0 else { throw BundleError("cannot install into \(destination)") }
        } catch let error as BundleError {
            throw error
        } catch {
            throw BundleError("cannot install into \(folder): \(error.localizedDescription)")
        }
        return Installed(id: manifest.moduleID, version: manifest.version, title: opened.module.title,
                         path: destination, signature: report.signature.description)
    }

    /// Every installed bundle, by id then version.
    public func list() -> [Installed] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [Installed] = []
        for id in ids.sorted() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(id)")) ?? []
            for file in files where file.hasSuffix("." + BundleFormat.fileExtension) {
                let path = "\(folder)/\(id)/\(file)"
                guard let bundle = try? BundleReader.open(path) else { continue }
                found.append(Installed(id: bundle.module.id, version: bundle.module.version, title: bundle.module.title,
                                       path: path, signature: bundle.signature.description))
            }
        }
        return found.sorted { $0.id != $1.id ? $0.id < $1.id
            : (SemanticVersion($0.version) ?? .init(major: 0, minor: 0, patch: 0)) < (SemanticVersion($1.version) ?? .init(major: 0, minor: 0, patch: 0)) }
    }

    /// The newest installed version of module `id`.
    public func newest(_ id: String) -> Installed? { list().last { $0.id == id } }
}
