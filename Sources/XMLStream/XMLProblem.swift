import LessonpackDiagnostics

/// Something wrong with the XML itself, found by libxml2 or by the safety rules this reader adds to it.
package struct XMLProblem: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// Not well-formed: libxml2's own error, with its numeric code.
        case syntax(code: Int)
        /// A DOCTYPE with an internal subset (`<!DOCTYPE plist [ … ]>`): the door to entity attacks.
        case internalSubset
        /// `<!ENTITY …>` anywhere.
        case entityDeclaration
        /// A reference to an entity other than the five predefined ones and character references.
        case undefinedEntity
        /// Deeper element nesting than the reader allows.
        case tooDeep(limit: Int)
        /// More bytes than the reader accepts.
        case tooLarge(limit: Int)
    }

    /// Another place that explains the problem: where an element that is never closed was opened, or where the
    /// parser noticed.
    package struct Note: Hashable, Sendable {
        package var message: String
        package var position: SourcePosition?

        package init(_ message: String, at position: SourcePosition?) {
            self.message = message
            self.position = position
        }
    }

    package var kind: Kind
    package var message: String
    package var position: SourcePosition?
    package var isWarning: Bool
    package var notes: [Note]
    /// libxml2's own wording, for whoever debugs the reader; never shown to authors, who get `message`.
    package var libxmlMessage: String?

    package init(kind: Kind, message: String, position: SourcePosition?, isWarning: Bool = false,
                 notes: [Note] = [], libxmlMessage: String? = nil) {
        self.kind = kind
        self.message = message
        self.position = position
        self.isWarning = isWarning
        self.notes = notes
        self.libxmlMessage = libxmlMessage
    }
}

/// The bounds that keep a hostile document from exhausting memory, stack or time.
package struct XMLLimits: Sendable {
    package var maxBytes: Int
    package var maxDepth: Int

    package init(maxBytes: Int = 32 << 20, maxDepth: Int = 128) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }
}
