import Foundation
import LessonpackTestSupport
import Testing

/// Reading a catalog from the web is reading untrusted input: the reader's code should be small. It needs keys and
/// signatures (LessonpackSigning), never the bundle compiler or the checker.
@Suite struct CatalogReaderDependencies {
    @Test func theCatalogReaderPullsInNeitherBundleNorCheck() throws {
        let manifest = try String(contentsOfFile: Paths.inPackage("Package.swift"), encoding: .utf8)
        let dependencies = Self.targetDependencies(in: manifest)
        #expect(dependencies["LessonpackCatalogFormat"] != nil, "Package.swift declares the catalog format's target")
        var reached: Set<String> = []
        var waiting = ["LessonpackCatalogFormat"]
        while let target = waiting.popLast() {
            for next in dependencies[target] ?? [] where reached.insert(next).inserted { waiting.append(next) }
        }
        #expect(reached.contains("LessonpackSigning"))
        #expect(!reached.contains("LessonpackBundle") && !reached.contains("LessonpackCheck"), "\(reached.sorted())")
    }

    /// Each target's local dependencies, as Package.swift lists them (`.target(name: "X", dependencies: [...])`).
    static func targetDependencies(in manifest: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for block in manifest.components(separatedBy: ".target(name: \"").dropFirst() {
            guard let nameEnd = block.firstIndex(of: "\"") else { continue }
            let name = String(block[..<nameEnd])
            let rest = block[nameEnd...]
            guard let open = rest.range(of: "dependencies: ["), let close = rest[open.upperBound...].firstIndex(of: "]")
            else { result[name] = []; continue }
            let list = rest[open.upperBound..<close]
            result[name] = list.split(separator: ",").compactMap { item in
                let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
                guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count > 2 else { return nil }
                return String(trimmed.dropFirst().dropLast())
            }
        }
        return result
    }
}
