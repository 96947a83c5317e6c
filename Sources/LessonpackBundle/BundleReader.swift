import BundleArchive
import Foundation
import LessonpackModel
import LessonpackSystem

/// A bundle opened for use: its manifest and module read and checked, its media left in the file until needed.
public struct OpenedBundle: Sendable {
    public let path: String
    public let manifest: BundleManifest
    public let manifestBytes: [UInt8]
    public let module: Module
    public let signature: SignatureStatus
    public let directory: ZipDirectory
}

public enum BundleReader {
    /// Opens a bundle, refusing it (with every reason found) when it is hostile, corrupt, tampered with or newer
    /// than this build understands. Reads the directory, the manifest and module.json only.
    public static func open(_ path: String, limits: BundleLimits = .default) throws(BundleError) -> OpenedBundle {
        let scan = BundleScan(path: path, readMedia: false, limits: limits)
        guard scan.problems.isEmpty, let manifest = scan.manifest, let manifestBytes = scan.manifestBytes,
              let module = scan.module, let directory = scan.directory else {
            throw BundleError(problems: scan.problems.isEmpty ? ["\(path) is not a bundle"] : scan.problems)
        }
        return OpenedBundle(path: path, manifest: manifest, manifestBytes: manifestBytes, module: module,
                            signature: scan.signature, directory: directory)
    }

    /// Copies one entry out of the bundle to `destination`, checking its size and SHA-256 against the manifest on
    /// the way; the file appears only once it is complete and correct.
    public static func extract(_ entryPath: String, from bundle: OpenedBundle, to destination: String)
        throws(BundleError) {
        guard let expected = bundle.manifest.entry(entryPath) else {
            throw BundleError("the bundle has no entry '\(entryPath)'")
        }
        let folder = (destination as NSString).deletingLastPathComponent
        let temporary = folder + "/." + (destination as NSString).lastPathComponent + ".\(UUID().uuidString).tmp"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary, contents: nil),
                  let output = FileHandle(forWritingAtPath: temporary) else {
                throw BundleError("cannot write \(temporary)")
            }
            defer { try? output.close() }
            let reader = try ZipReader(path: bundle.path)
            var hasher = StreamingSHA256()
            var size = 0
            while let header = try reader.next() {
                guard header.path == entryPath else {
                    try reader.skip()
                    continue
                }
                size = try reader.read(limit: expected.size) { chunk in
                    hasher.update(chunk)
                    try output.write(contentsOf: Data(chunk))
                }
                break
            }
            guard size == expected.size, hasher.finalize() == expected.sha256 else {
                throw BundleError("entry '\(entryPath)' does not match the manifest: the bundle was changed")
            }
            try output.synchronize()
            guard rename(temporary, destination) == 0 else { throw BundleError("cannot write \(destination)") }
        } catch {
            unlink(temporary)
            if let error = error as? BundleError { throw error }
            throw BundleError("cannot extract '\(entryPath)': \(error)")
        }
    }
}

/// `lessonpack verify`: everything `open` checks, plus every media entry's size and hash, and the signature
/// against a trusted key when one is given.
public enum BundleVerifier {
    public struct Report: Sendable {
        public var problems: [String]
        public var signature: SignatureStatus
        public var manifest: BundleManifest?
        /// Entries in the ZIP directory.
        public var entryCount: Int
        public var isValid: Bool { problems.isEmpty }
    }

    public static func verify(_ path: String, trustedKey: VerificationKey? = nil,
                              limits: BundleLimits = .default) -> Report {
        let scan = BundleScan(path: path, readMedia: true, trustedKey: trustedKey, limits: limits)
        return Report(problems: scan.problems, signature: scan.signature, manifest: scan.manifest,
                      entryCount: scan.directory?.entries.count ?? 0)
    }
}
