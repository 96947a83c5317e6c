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
        let fields = FieldReader(root, what: file.path, knownKeys: knownKeys, sink: sink)
        map.roots[file] = fields?.origin
        return fields
    }

    /// Each entry of a list becomes a reader named after it ("line 'l03'", or "line 3" when it has no id yet).
    func entries(_ nodes: [PlistNode]?, named noun: String, knownKeys: [String]) -> [FieldReader] {
        (nodes ?? []).enumerated().compactMap { index, node in
            let name = node.dictionary?["id"]?.string.map { "\(noun) '\($0)'" } ?? "\(noun) \(index + 1)"
            return FieldReader(node, what: name, knownKeys: knownKeys, sink: sink)
        }
    }

    func report(_ diagnostic: Diagnostic) { sink.report(diagnostic) }
}
