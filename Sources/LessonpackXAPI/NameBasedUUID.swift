import Crypto
import Foundation

/// RFC 9562 version 5 UUIDs: the same namespace and name always give the same UUID. A statement's id is made from
/// its attempt and what happened in it, so a statement made again (a queue rebuilt, a file exported twice) keeps
/// its id, and a record store that has it already knows it is the same statement.
package enum NameBasedUUID {
    /// The namespace of every Lessonpack statement id: itself the version 5 UUID of "urn:lessonpack:statements" in
    /// RFC 9562's URL namespace. Never to be changed: every statement id ever sent is made from it.
    package static let statements = make(namespace: UUID(uuidString: "6ba7b811-9dad-11d1-80b4-00c04fd430c8")!,
                                         name: "urn:lessonpack:statements")

    package static func make(namespace: UUID, name: String) -> UUID {
        var hash = Insecure.SHA1()
        withUnsafeBytes(of: namespace.uuid) { hash.update(bufferPointer: $0) }
        hash.update(data: Array(name.utf8))
        var bytes = Array(hash.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50   // version 5
        bytes[8] = (bytes[8] & 0x3F) | 0x80   // the RFC's variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// A statement's id from its attempt (the registration) and a name for what happened in it.
    package static func statement(registration: String, _ what: String) -> String {
        make(namespace: statements, name: registration.lowercased() + "/" + what).uuidString.lowercased()
    }
}
