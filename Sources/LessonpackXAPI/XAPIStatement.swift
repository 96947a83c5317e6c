import Foundation

/// An xAPI 1.0.3 statement, as Lessonpack writes and reads them: only the parts it uses, each typed. Unknown
/// properties of statements read back from a learning record store (`stored`, `authority`) are ignored.
package struct XAPIStatement: Codable, Sendable, Equatable {
    package var id: String
    /// Nil while the statement waits in the learner's queue: who the learner is is said when it is sent.
    package var actor: Agent?
    package var verb: Verb
    package var object: Activity
    package var result: StatementResult?
    package var context: StatementContext?
    /// ISO 8601, UTC, with milliseconds: when it happened (not when it was sent).
    package var timestamp: String

    package init(id: String, actor: Agent? = nil, verb: Verb, object: Activity, result: StatementResult? = nil,
                context: StatementContext? = nil, timestamp: String) {
        self.id = id
        self.actor = actor
        self.verb = verb
        self.object = object
        self.result = result
        self.context = context
        self.timestamp = timestamp
    }

    /// Compact JSON with sorted keys: the same statement always gives the same bytes, so a statement sent twice is
    /// the same statement to the record store.
    package func json() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(self))
    }

    /// A queued statement's JSON (as `json()` wrote it, without an actor) with `actor` put in: the same bytes as
    /// encoding the statement with its actor, since keys are sorted and "actor" sorts first, without decoding and
    /// encoding the rest again (that was most of `sync`'s own time).
    package static func json(_ body: String, actor: Agent) throws -> String {
        guard body.hasPrefix("{\""), body.hasSuffix("}"), !body.hasPrefix("{\"actor\"") else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a queued statement"))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return "{\"actor\":" + String(decoding: try encoder.encode(actor), as: UTF8.self) + "," + body.dropFirst()
    }

    package static func decode(_ bytes: some Collection<UInt8>) throws -> XAPIStatement {
        try JSONDecoder().decode(XAPIStatement.self, from: Data(bytes))
    }
}

/// A statement read from elsewhere (a record store's page, an exported file): nil for one Lessonpack cannot read,
/// another tool's, which is skipped rather than failing the whole read.
package struct LenientStatement: Decodable, Sendable {
    package var statement: XAPIStatement?

    package init(from decoder: any Decoder) throws { statement = try? XAPIStatement(from: decoder) }
}

/// The learner, as xAPI names a person: by e-mail address (`mbox`) or by an account on a system.
package struct Agent: Codable, Sendable, Equatable {
    package struct Account: Codable, Sendable, Equatable {
        package var homePage: String
        package var name: String

        package init(homePage: String, name: String) {
            self.homePage = homePage
            self.name = name
        }
    }

    package var objectType = "Agent"
    package var name: String?
    package var mbox: String?
    package var account: Account?

    package init(name: String?, mbox: String? = nil, account: Account? = nil) {
        self.name = name
        self.mbox = mbox
        self.account = account
    }

    /// How reports tell learners apart: the address or the account, whichever identifies them.
    package var key: String { mbox ?? account.map { "\($0.homePage)#\($0.name)" } ?? name ?? "" }
}

package struct Verb: Codable, Sendable, Equatable {
    package var id: String
    package var display: [String: String]

    package init(id: String, display: [String: String]) {
        self.id = id
        self.display = display
    }
}

package struct Activity: Codable, Sendable, Equatable {
    package var objectType = "Activity"
    package var id: String
    package var definition: ActivityDefinition?

    package init(id: String, definition: ActivityDefinition? = nil) {
        self.id = id
        self.definition = definition
    }
}

package struct ActivityDefinition: Codable, Sendable, Equatable {
    package struct Choice: Codable, Sendable, Equatable {
        package var id: String
        package var description: [String: String]

        package init(id: String, description: [String: String]) {
            self.id = id
            self.description = description
        }
    }

    package var name: [String: String]?
    package var description: [String: String]?
    package var type: String?
    package var interactionType: String?
    package var correctResponsesPattern: [String]?
    package var choices: [Choice]?
    package var extensions: [String: ExtensionValue]?

    package init(name: [String: String]? = nil, description: [String: String]? = nil, type: String? = nil,
                interactionType: String? = nil, correctResponsesPattern: [String]? = nil, choices: [Choice]? = nil,
                extensions: [String: ExtensionValue]? = nil) {
        self.name = name
        self.description = description
        self.type = type
        self.interactionType = interactionType
        self.correctResponsesPattern = correctResponsesPattern
        self.choices = choices
        self.extensions = extensions
    }
}

package struct StatementResult: Codable, Sendable, Equatable {
    package struct Score: Codable, Sendable, Equatable {
        package var scaled: Double?
        package var raw: Double?
        package var min: Double?
        package var max: Double?

        package init(scaled: Double?, raw: Double?, min: Double?, max: Double?) {
            self.scaled = scaled
            self.raw = raw
            self.min = min
            self.max = max
        }
    }

    package var score: Score?
    package var success: Bool?
    package var completion: Bool?
    package var response: String?
    /// ISO 8601 duration: `PT1M12.5S`.
    package var duration: String?
    package var extensions: [String: ExtensionValue]?

    package init(score: Score? = nil, success: Bool? = nil, completion: Bool? = nil, response: String? = nil,
                duration: String? = nil, extensions: [String: ExtensionValue]? = nil) {
        self.score = score
        self.success = success
        self.completion = completion
        self.response = response
        self.duration = duration
        self.extensions = extensions
    }
}

package struct StatementContext: Codable, Sendable, Equatable {
    package struct Activities: Codable, Sendable, Equatable {
        package var parent: [Activity]?
        package var grouping: [Activity]?
        package var category: [Activity]?

        package init(parent: [Activity]? = nil, grouping: [Activity]? = nil, category: [Activity]? = nil) {
            self.parent = parent
            self.grouping = grouping
            self.category = category
        }
    }

    /// The attempt: every statement about one attempt shares it.
    package var registration: String?
    package var contextActivities: Activities?
    package var platform: String?
    package var language: String?
    package var extensions: [String: ExtensionValue]?

    package init(registration: String? = nil, contextActivities: Activities? = nil, platform: String? = nil,
                language: String? = nil, extensions: [String: ExtensionValue]? = nil) {
        self.registration = registration
        self.contextActivities = contextActivities
        self.platform = platform
        self.language = language
        self.extensions = extensions
    }
}

/// An extension's value: xAPI allows any JSON; Lessonpack writes strings, numbers and lists of item outcomes.
package enum ExtensionValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case outcomes([ItemRecord])
    /// Anything else another tool wrote: kept out of the way.
    case other

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([ItemRecord].self) { self = .outcomes(value) }
        else { self = .other }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .outcomes(let value): try container.encode(value)
        case .other: try container.encodeNil()
        }
    }

    package var string: String? { if case .string(let value) = self { value } else { nil } }
    package var number: Double? { if case .number(let value) = self { value } else { nil } }
}

/// One item of a finished attempt as its `completed` statement lists it: what a report needs to count every item
/// shown, answered or not, per objective.
package struct ItemRecord: Codable, Sendable, Equatable {
    package var item: String
    package var outcome: String
    package var objective: String?
    package var weight: Int?

    package init(item: String, outcome: String, objective: String?, weight: Int?) {
        self.item = item
        self.outcome = outcome
        self.objective = objective
        self.weight = weight
    }
}
