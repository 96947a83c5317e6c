import LessonpackDiagnostics
import PropertyList

/// Builds a `Module` and its `SourceMap` from the parsed source files, one file at a time, reporting what does not
/// fit the format. Whatever can be read is kept, so the cross-file rules still run on a partly broken module.
struct ModuleDecoder {
    var module = Module()
    var map = SourceMap()
    let sink: DiagnosticSink

    init(sink: DiagnosticSink) { self.sink = sink }

    /// The root of every source file except definitions.plist is a dictionary with one main list in it.
    mutating func rootFields(_ root: PlistNode, file: SourceFile, knownKeys: [String]) -> FieldReader? {
        let fields = FieldReader(root, what: file.path, knownKeys: knownKeys, sink: sink) { key in
            Self.rootPath(file, key: key)
        }
        map.roots[file] = fields?.origin
        return fields
    }

    /// The part of the module a root key holds: module.plist's own fields and chosen lines, the test's draw, a file's
    /// main list.
    private static func rootPath(_ file: SourceFile, key: String?) -> ModulePath {
        if file == .module, let field = key.flatMap(ModulePath.ModuleField.init(rawValue:)) { return .module(field) }
        if file == .module, let key, ActivityKind.allCases.contains(where: { $0.chosenLinesKey == key }) {
            return .chosenLines(key: key)
        }
        if file == .test, let field = key.flatMap(ModulePath.TestField.init(rawValue:)) { return .test(field) }
        if let key, key == file.mainList { return .list(file.part) }
        return .root(file.part)
    }

    /// Each entry of a list becomes a reader named after it ("line 'l03'", or "line 3" when it has no id yet).
    /// `path` names a field of the entry that will have the given index in the model's list.
    func entries(_ nodes: [PlistNode]?, named noun: String, knownKeys: [String],
                 path: @escaping (Int, String?) -> ModulePath) -> [FieldReader] {
        var readers: [FieldReader] = []
        for (index, node) in (nodes ?? []).enumerated() {
            let name = node.dictionary?["id"]?.string.map { "\(noun) '\($0)'" } ?? "\(noun) \(index + 1)"
            let position = readers.count
            if let reader = FieldReader(node, what: name, knownKeys: knownKeys, sink: sink,
                                        path: { path(position, $0) }) {
                readers.append(reader)
            }
        }
        return readers
    }

    func report(_ diagnostic: Diagnostic, about path: ModulePath? = nil) { sink.report(diagnostic.about(path)) }
}
