import LessonpackDiagnostics
import PropertyList

extension DiagnosticCode {
    package static let invalidMediaKind: DiagnosticCode = "invalid-media-kind"
}

extension ModuleDecoder {
    /// media.plist: `files`, a dictionary of path (under media/) → kind, size, sha256 and duration.
    mutating func decodeMediaManifest(_ root: PlistNode) {
        guard let fields = rootFields(root, file: .media, knownKeys: ModuleSchema.media) else { return }
        defer { fields.finish() }
        guard let filesNode = fields.node("files") else { return }
        guard let files = filesNode.dictionary else {
            report(.error(.wrongType, "'files' must be a <dict> of path → details, found <\(filesNode.elementName)>",
                          at: filesNode.location), about: .list(.media))
            return
        }
        for entry in files.entries {
            let index = module.media.count
            guard let file = FieldReader(entry.value, what: "media file '\(entry.key)'",
                                         knownKeys: ModuleSchema.mediaFile, sink: sink, path: {
                .media(index, $0.flatMap(ModulePath.MediaField.init(rawValue:)) ?? .entry)
            }) else { continue }
            let kindText = file.string("kind") ?? ""
            let kind = MediaKind(rawValue: kindText)
            if kind == nil, !kindText.isEmpty, let node = file.origin.fields["kind"] {
                let kinds = MediaKind.allCases.map(\.rawValue)
                report(.error(.invalidMediaKind, "unknown media kind '\(kindText)'" +
                              DidYouMean.hint(for: kindText, among: kinds) + " (kinds: " + kinds.joined(separator: ", ")
                              + ")", at: node.location), about: .media(index, .kind))
            }
            module.media.append(MediaFile(path: entry.key, kind: kind ?? .audio, size: file.integer("size") ?? -1,
                                          sha256: file.string("sha256") ?? "",
                                          duration: file.number("duration", required: false),
                                          placeholder: file.bool("placeholder", required: false).flatMap { $0 ? true : nil }))
            map.media.append(EntryOrigin(mark: entry.keyMark, fields: file.origin.fields))
            file.finish()
        }
    }
}
