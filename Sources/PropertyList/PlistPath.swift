/// One step from a container to a value inside it: a dictionary key or an array index. A path of them names any
/// value in a property list, for callers that treat values by where they are (`fmt`'s key order).
package enum PlistPathStep: Hashable, Sendable, CustomStringConvertible {
    case key(String)
    case index(Int)

    package var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}
