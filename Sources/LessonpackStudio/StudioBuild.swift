import Foundation
import LessonpackActivities
import LessonpackBundle
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
import LessonpackSystem

/// The page's Build: check and build the module as `lessonpack build` does, signed when the author names a key,
/// and what came of it: the bundle's size against the media it holds, and `inspect`'s summary.
package enum StudioBuild {
    package struct Outcome: Sendable, Encodable {
        package var ok: Bool
        package var bundle: String?
        package var size: Int?
        package var mediaSize: Int
        package var signed: Bool
        package var refusal: String?
        package var inspection: BundleInspection?
        package var diagnostics: [PlacedDiagnostic]
    }

    package static func run(folder: String, outputFolder: String, keyFile: String?) throws(StudioError) -> Outcome {
        var key: SigningKey?
        if let keyFile = keyFile?.trimmingCharacters(in: .whitespaces), !keyFile.isEmpty {
            do { key = try SigningKey.load(from: keyFile) } catch {
                throw StudioError(.buildFailed, error.description)
            }
        }
        // The media hashes the check makes are the ones the build records (hash once).
        let digests = DigestMemo()
        let checked: ModuleChecker.Result
        do { checked = try ModuleChecker.check(folder: folder, digests: digests) } catch {
            throw StudioError(.notAModule, error.description)
        }
        let mediaSize = checked.source.module.media.reduce(0) { $0 + $1.size }
        let result: BundleBuilder.Result
        do {
            result = try BundleBuilder.build(checked, options: BundleBuilder.Options(outputFolder: outputFolder,
                                                                                     signingKey: key, digests: digests))
        } catch {
            throw StudioError(.buildFailed, error.description)
        }
        let placed = result.diagnostics.map {
            PlacedDiagnostic($0, folder: folder, module: checked.source.module)
        }
        guard let path = result.bundlePath, !result.diagnostics.contains(where: { $0.severity == .error }) else {
            let errors = result.diagnostics.count { $0.severity == .error }
            return Outcome(ok: false, mediaSize: mediaSize, signed: false,
                           refusal: result.refusal ?? "the module has \(errors) error\(errors == 1 ? "" : "s"): fix them first",
                           diagnostics: placed)
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        let inspection = try? BundleInspection(BundleReader.open(path), describe: ActivityRegistry.summary)
        return Outcome(ok: true, bundle: path, size: size, mediaSize: mediaSize, signed: key != nil,
                       inspection: inspection, diagnostics: placed)
    }
}
