import LessonpackDiagnostics
import PropertyList

extension ModuleDecoder {
    /// definitions.plist: a dictionary, term → "(part of speech) definition".
    mutating func decodeDefinitions(_ root: PlistNode) {
        guard let dictionary = root.dictionary else {
            if !root.isInvalid {
                report(.error(.wrongType, "definitions.plist must hold a <dict> of term → definition, found " +
                              "<\(root.elementName)>", at: root.location))
            }
            return
        }
        for entry in dictionary.entries where !entry.value.isInvalid {
            guard let text = entry.value.string else {
                report(.error(.wrongType, "the definition of '\(entry.key)' must be a <string>, found " +
                              "<\(entry.value.elementName)>", at: entry.value.location))
                continue
            }
            // A definition without "(part of speech)" still goes in; the definition-format rule says what to fix.
            let parsed = Definition.parse(text)
            module.definitions.append(Definition(term: entry.key, partOfSpeech: parsed?.partOfSpeech ?? "",
                                                 meaning: parsed?.meaning ?? text))
            map.definitions.append(EntryOrigin(mark: entry.keyMark, valueMark: entry.value.mark))
        }
    }

    /// phrasebook.plist: `boxes`, the 'language focus' boxes.
    mutating func decodePhrasebook(_ root: PlistNode) {
        guard let fields = rootFields(root, file: .phrasebook, knownKeys: ModuleSchema.phrasebook) else { return }
        for box in entries(fields.array("boxes"), named: "box", knownKeys: ModuleSchema.box, path: {
            .phrasebook($0, $1.flatMap(ModulePath.BoxField.init(rawValue:)) ?? .entry)
        }) {
            module.phrasebook.append(FocusBox(title: box.string("title") ?? "", body: box.string("text") ?? ""))
            map.phrasebook.append(box.origin)
            box.finish()
        }
        fields.finish()
    }
}
