import BundleArchive
import Foundation
import LessonpackSigning
import LessonpackTestSupport
@testable import LessonpackBundle

/// Builds the sample module into `folder` and returns the bundle's path.
func buildSample(into folder: TemporaryFolder, key: SigningKey? = nil, timestamp: Int64? = nil) throws -> String {
    let result = try BundleBuilder.build(folder: Paths.sampleModule,
                                         options: .init(outputFolder: folder.child("dist"), signingKey: key,
                                                        timestamp: timestamp))
    guard let path = result.bundlePath else {
        throw BundleError(.bundleWriteFailed, "the sample did not build: \(result.diagnostics)")
    }
    return path
}

/// Every entry of a ZIP file, in stored order.
func entries(of path: String) throws -> [(name: String, bytes: [UInt8])] {
    let archive = try ZipArchive(path: path)
    return try archive.directory.entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }.map { entry in
        (entry.name, try archive.readAll(entry, limit: 1 << 30))
    }
}

/// Writes a copy of a bundle with its entries changed by `edit`, as a tamperer with a ZIP tool would.
func tampered(_ path: String, into folder: TemporaryFolder, name: String = "tampered.lessonpack",
              _ edit: (inout [(name: String, bytes: [UInt8])]) throws -> Void) throws -> String {
    var list = try entries(of: path)
    try edit(&list)
    let output = folder.child(name)
    try TestZip.write(output) { writer in
        for entry in list {
            try writer.add(entry.name, bytes: entry.bytes, compression: entry.name == "mimetype" ? .store : .deflate)
        }
    }
    return output
}

extension Array where Element == (name: String, bytes: [UInt8]) {
    func index(of name: String) -> Int? { firstIndex { $0.name == name } }
}
