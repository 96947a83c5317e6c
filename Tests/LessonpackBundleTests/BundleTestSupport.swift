import BundleArchive
import Foundation
import LessonpackTestSupport
@testable import LessonpackBundle

/// Builds the sample module into `folder` and returns the bundle's path.
func buildSample(into folder: TemporaryFolder, key: SigningKey? = nil, timestamp: Int64? = nil) throws -> String {
    let result = try BundleBuilder.build(folder: Paths.sampleModule,
                                         options: .init(outputFolder: folder.child("dist"), signingKey: key,
                                                        timestamp: timestamp))
    guard let path = result.bundlePath else { throw BundleError("the sample did not build: \(result.diagnostics)") }
    return path
}

/// Every entry of a ZIP file, in stored order.
func entries(of path: String) throws -> [(name: String, bytes: [UInt8])] {
    let reader = try ZipReader(path: path)
    var list: [(String, [UInt8])] = []
    while let header = try reader.next() { list.append((header.path, try reader.readAll(limit: 1 << 30))) }
    return list
}

/// Writes a copy of a bundle with its entries changed by `edit`, as a tamperer with a ZIP tool would.
func tampered(_ path: String, into folder: TemporaryFolder, name: String = "tampered.lessonpack",
              _ edit: (inout [(name: String, bytes: [UInt8])]) throws -> Void) throws -> String {
    var list = try entries(of: path)
    try edit(&list)
    let output = folder.child(name)
    let writer = try ZipWriter(path: output)
    for entry in list {
        try writer.add(entry.name, bytes: entry.bytes, compression: entry.name == "mimetype" ? .store : .deflate)
    }
    try writer.finish()
    return output
}

extension Array where Element == (name: String, bytes: [UInt8]) {
    func index(of name: String) -> Int? { firstIndex { $0.name == name } }
}
