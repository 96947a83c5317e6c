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

    /// Copies `bundle` in, verifies the copy (and its signature against `key`, when given), and keeps it only if
    /// it is valid: verifying the copy rather than the original means a file swapped on a shared folder after it
    /// was checked cannot get in. `expect` may refuse the copy before it is verified (it is not the file a catalog
    /// lists), and `accept` a valid bundle after (it is not the module the catalog says). Returns what was installed.
    public func install(_ bundle: String, trustedKey: VerificationKey? = nil,
                        expect: (_ copy: String) -> [String] = { _ in [] },
                        accept: (BundleVerifier.Report) -> [String] = { _ in [] }) throws(BundleError) -> Installed {
        let incoming = "\(folder)/.incoming-\(UUID().uuidString).\(BundleFormat.fileExtension)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: bundle, toPath: incoming)
        } catch {
            try? FileManager.default.removeItem(atPath: incoming)
            throw BundleError("cannot copy \(bundle) into \(folder): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: incoming) }
        let unexpected = expect(incoming)
        guard unexpected.isEmpty else { throw BundleError(problems: unexpected) }
        let report = BundleVerifier.verify(incoming, trustedKey: trustedKey)
        guard report.isValid, let manifest = report.manifest else {
            throw BundleError(problems: report.problems.isEmpty ? ["\(bundle) is not a bundle"]
                                                                : report.problems.map { $0.replacingOccurrences(of: incoming, with: bundle) })
        }
        let refusals = accept(report)
        guard refusals.isEmpty else { throw BundleError(problems: refusals) }
        let opened = try BundleReader.open(incoming)
        // The manifest's id and version were checked to be an id and a version when it was read: no '/' or '..'.
        let destination = "\(folder)/\(manifest.moduleID)/" + BundleFormat.fileName(id: manifest.moduleID, version: manifest.version)
        do {
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
        } catch {
            throw BundleError("cannot install into \(folder): \(error.localizedDescription)")
        }
        guard rename(incoming, destination) == 0 else {
            throw BundleError("cannot install into \(destination): \(String(cString: strerror(errno)))")
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
