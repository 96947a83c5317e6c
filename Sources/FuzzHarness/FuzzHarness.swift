import Foundation
import LessonpackActivities
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// What each fuzzer does with one input. The libFuzzer targets in fuzz/ call these, and so do the regression
/// tests, on every input that once crashed: a fix stays fixed.
public enum FuzzHarness {
    /// Any bytes through the property list reader. Read without keeping values, as `plist lint` reads, it must
    /// say exactly the same. Whatever it accepts must survive writing it back as XML and reading it again
    /// unchanged, and convert to JSON (unless it holds a NaN, which JSON cannot).
    public static func plist(_ bytes: [UInt8]) {
        let document = PlistReader.read(bytes, file: "fuzz.plist")
        let linted = PlistReader.read(bytes, file: "fuzz.plist", keepingValues: false)
        if linted.diagnostics != document.diagnostics || linted.root != nil {
            fatalError("reading without values said otherwise: \(linted.diagnostics) against \(document.diagnostics)")
        }
        guard !document.hasErrors, let value = document.root?.value else { return }
        _ = try? PlistJSONWriter.json(value)
        guard !value.containsNaN, let xml = try? PlistXMLWriter.xml(value) else { return }
        let again = PlistReader.read(Array(xml.utf8), file: "again.plist")
        if again.root?.value != value { fatalError("writing and reading back changed the value:\n\(xml)") }
    }

    /// One source file of the module in `baseFolder` replaced by the bytes after the first (which chooses the
    /// file), then every rule run over the result.
    public static func module(_ bytes: [UInt8], baseFolder: String, baseSources: [String: [UInt8]]) {
        guard let selector = bytes.first else { return }
        var sources = Dictionary(uniqueKeysWithValues: baseSources.compactMap { name, bytes in
            SourceFile(rawValue: name).map { ($0, bytes) }
        })
        sources[SourceFile.allCases[Int(selector) % SourceFile.allCases.count]] = Array(bytes.dropFirst())
        let source = ModuleLoader.load(sources: sources, folder: baseFolder)
        let diagnostics = ModuleChecker.check(source)
        // Whatever the checker accepts from sources it must accept compiled: a bundle built from it must open.
        let compiled = ModuleChecker.check(compiled: source.module).filter { $0.severity == .error }
        if !diagnostics.hasErrors, !compiled.isEmpty {
            fatalError("a module check accepts was refused compiled: \(compiled.map(\.message))")
        }
    }

    /// The module's source files by name (`SourceFile`'s raw values), as `module` takes them.
    public static func sources(of folder: String) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: SourceFile.allCases.compactMap { file in
            FileManager.default.contents(atPath: ModuleLayout.join(folder, file.path)).map { (file.rawValue, [UInt8]($0)) }
        })
    }

    /// Any bytes as a catalog.json. Whatever the reader accepts, nothing built from it leads outside its folder:
    /// every file is exactly its module's bundle name, and each module is there once.
    public static func catalog(_ bytes: [UInt8]) {
        guard let catalog = try? Catalog.decode(Data(bytes), path: "catalog.json") else { return }
        var seen = Set<String>()
        for module in catalog.modules {
            guard module.file == BundleFormat.fileName(id: module.id, version: module.version), !module.file.contains("/"),
                  seen.insert(module.id).inserted else {
                fatalError("the catalog reader accepted \(module)")
            }
        }
    }

    /// Any bytes as a bundle file (written to `scratch`): verified in full, then opened and inspected.
    public static func bundle(_ bytes: [UInt8], scratch: String) {
        guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else { return }
        _ = BundleVerifier.verify(scratch)
        if let bundle = try? BundleReader.open(scratch) { _ = BundleInspection(bundle, describe: ActivityRegistry.summary) }
    }
}
