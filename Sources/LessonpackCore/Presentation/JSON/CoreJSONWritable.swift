/// A value the core writes as JSON in the shape Swift's synthesized `Codable` gives it: members named as the
/// properties are, a nil member left out, an array's nil written as null, an enum with a raw value as that value and
/// one with payloads as `{"case":{"label":…}}` (`_0` for an unlabelled payload). So a page's renderers read the same
/// views from the core in WebAssembly as from the studio's `JSONEncoder`, and `PresenterJSONTests` holds the two
/// together. The core writes it by hand because Embedded Swift has no `Codable`.
package protocol CoreJSONWritable {
    func write(to json: inout CoreJSON)
}

extension String: CoreJSONWritable {
    package func write(to json: inout CoreJSON) { json.value(self) }
}

extension Int: CoreJSONWritable {
    package func write(to json: inout CoreJSON) { json.value(self) }
}

extension Bool: CoreJSONWritable {
    package func write(to json: inout CoreJSON) { json.value(self) }
}

extension Double: CoreJSONWritable {
    package func write(to json: inout CoreJSON) { json.value(decimal: self) }
}

extension Array: CoreJSONWritable where Element: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.array(count) { json, index in self[index].write(to: &json) }
    }
}

extension Optional: CoreJSONWritable where Wrapped: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        if let self { self.write(to: &json) } else { json.null() }
    }
}

/// An enum written as its raw value, as `Codable` writes it.
package protocol CoreJSONRawValue: CoreJSONWritable, RawRepresentable where RawValue == String {}

extension CoreJSONRawValue {
    package func write(to json: inout CoreJSON) { json.value(rawValue) }
}

extension CoreJSON {
    /// A member, written as `Codable` writes a property.
    package mutating func field<Value: CoreJSONWritable>(_ name: String, _ value: Value) {
        key(name)
        value.write(to: &self)
    }

    /// A member that is left out when nil, as `Codable` leaves out a nil property.
    package mutating func field<Value: CoreJSONWritable>(_ name: String, _ value: Value?) {
        guard let value else { return }
        field(name, value)
    }

    /// An enum case as `Codable` writes one: `{"name":{members…}}`, `{"name":{}}` without a payload.
    package mutating func enumCase(_ name: String, _ payload: (inout CoreJSON) -> Void = { _ in }) {
        object { json in
            json.key(name)
            json.object(payload)
        }
    }
}
