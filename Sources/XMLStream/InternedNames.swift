internal import CLibXML2

/// Element and attribute names as Swift strings, made once per name rather than once per tag. libxml2 keeps each
/// name it meets once, in its parser's dictionary, and hands out the same pointer every time: a property list
/// repeats a dozen names thousands of times, and turning each occurrence into a new string was a measurable part
/// of reading one. The cache lives as long as one parse, as the dictionary does.
struct InternedNames {
    private var pointers: [UnsafePointer<xmlChar>] = []
    private var names: [String] = []
    /// A document with more distinct names than this is not a property list; past it names are made each time.
    private static let capacity = 32

    mutating func name(_ localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) -> String {
        guard let localName else { return "" }
        if let prefix { return String(cString: prefix) + ":" + String(cString: localName) }
        // Few names, searched newest-first: a linear scan of pointers beats hashing them.
        for index in pointers.indices.reversed() where pointers[index] == localName { return names[index] }
        let name = String(cString: localName)
        if pointers.count < Self.capacity {
            pointers.append(localName)
            names.append(name)
        }
        return name
    }
}
