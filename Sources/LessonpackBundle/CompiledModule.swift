import Foundation
import LessonpackCheck
import LessonpackSystem
import LessonpackModel

/// module.json: every text of the module (all its property lists) as one compact document the runtime loads in
/// one read. JSON with sorted keys, so the same module always gives the same bytes.
package enum CompiledModule {
    private struct Document: Codable {
        var format: Int
        var module: Module
    }

    package static func encode(_ module: Module) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(Document(format: BundleFormat.version, module: module)))
    }

    package static func decode(_ bytes: [UInt8]) throws(BundleError) -> Module {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            throw BundleError(.moduleJSONInvalid, "module.json is damaged: \(DecodingErrorText.describe(error))")
        }
        guard document.format <= BundleFormat.version else {
            throw BundleError(.bundleFormatNewer, "module.json uses format \(document.format), newer than this lessonpack supports " +
                              "(\(BundleFormat.version))")
        }
        return document.module
    }
}
