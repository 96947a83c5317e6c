import Foundation
import LessonpackAuthoring
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio

/// The issue's measure of done: a module made with the studio alone (New module, forms, media dropped in) builds
/// the same bundle, byte for byte, as the hand-written sources with the same content.
@Suite struct SameBundleTests {
    @Test func theSampleRemadeInTheStudioBuildsTheSameBundle() async throws {
        guard FFProbe().unavailableReason == nil else {
            Issue.record("ffprobe is needed to measure the media durations (scripts/setup installs ffmpeg)")
            return
        }
        let temporary = TemporaryFolder()
        let original = try ModuleLoader.load(folder: Paths.sampleModule).module
        let studio = try Studio(folders: [], workingFolder: temporary.path, outputFolder: temporary.child("dist"))
        let entry = try await studio.create(name: original.id, title: original.title)
        let editor = try await studio.editor(entry.key)
        let folder = editor.folder

        // The media library: the starter's placeholders out, the sample's media dropped in.
        for file in await editor.state().media.files where file.onDisk {
            try MediaUpload.remove(file.path, in: folder)
        }
        for file in original.media {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Paths.sampleModule + "/media/" + file.path)))
            let parts = file.path.split(separator: "/")
            _ = try MediaUpload.store(bytes, folder: parts.count > 1 ? String(parts[0]) : "", name: String(parts.last!),
                                      replace: false, in: folder, probe: studio.probe)
        }
        let (_, state) = try await editor.changeFiles { [probe = studio.probe] folder, _ throws(StudioError) in
            try MediaUpload.rescan(folder, probe: probe)
        }

        // The forms: everything the sample says.
        guard case .saved(let saved) = try await editor.save(original, revision: state.revision) else {
            Issue.record("the save was refused")
            return
        }
        #expect(saved.diagnostics.filter { $0.severity == .error }.isEmpty, "\(saved.diagnostics)")
        #expect(saved.module == original)
        #expect(SourceFormatter.files(under: folder).allSatisfy { file in
            guard case .success(let bytes) = BoundedFile.read(file.path, limit: 1 << 24) else { return false }
            return SourceFormatter.format(bytes, file: file.path, role: file.role) == .unchanged
        }, "what the studio writes is what fmt would write")

        let options = { (name: String) in BundleBuilder.Options(outputFolder: temporary.child(name), timestamp: 1_700_000_000) }
        let handWritten = try BundleBuilder.build(folder: Paths.sampleModule, options: options("hand"))
        let studioMade = try BundleBuilder.build(folder: folder, options: options("studio"))
        let a = try Data(contentsOf: URL(fileURLWithPath: try #require(handWritten.bundlePath)))
        let b = try Data(contentsOf: URL(fileURLWithPath: try #require(studioMade.bundlePath)))
        #expect(a == b)
    }
}
