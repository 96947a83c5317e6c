import Foundation
import Testing

/// Where things are in the package, found from this file's own location so tests run from any directory.
package enum Paths {
    /// The package root: the folder holding Package.swift.
    package static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    package static func inPackage(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    package static let sampleModule = inPackage("Modules/job-interview")
    /// The shared test data beside the project (`../shared`), or wherever $LESSONPACK_SHARED says.
    package static let shared = ProcessInfo.processInfo.environment["LESSONPACK_SHARED"] ?? inPackage("../shared")
    package static let corpus = shared + "/corpus"
    /// Whether the shared test data is there.
    package static var hasSharedData: Bool { FileManager.default.fileExists(atPath: corpus) }
}

extension Trait where Self == ConditionTrait {
    /// For a test that reads the shared data: on a plain clone without it, skipped with a message saying so; when
    /// CI is set, always run, so that missing data fails it.
    package static var needsSharedData: Self {
        .enabled(if: Paths.hasSharedData || ProcessInfo.processInfo.environment["CI"] != nil,
                 "needs the shared test data at ../shared (or $LESSONPACK_SHARED); required when CI is set")
    }
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
package final class TemporaryFolder: @unchecked Sendable {
    package let path: String

    package init(_ label: String = "lessonpack-test") {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    package func child(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Copies `source` into this folder as `name` and returns the copy's path.
    @discardableResult
    package func copy(_ source: String, as name: String) -> String {
        let destination = child(name)
        try! FileManager.default.copyItem(atPath: source, toPath: destination)
        return destination
    }

    @discardableResult
    package func write(_ text: String, to name: String) -> String {
        let destination = child(name)
        try! FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: destination))
        return destination
    }
}
