import LessonpackModel

/// The activity ids of Lessonpack's statements (docs/publishing.md, "Activity ids"). Every id starts with the
/// module's, so a report tells one module's activities from another's by prefix:
///
///     urn:lessonpack:module:job-interview                                  the module
///     urn:lessonpack:module:job-interview:activity:test                    an activity
///     urn:lessonpack:module:job-interview:activity:test:item:t07           an item of it
///     urn:lessonpack:module:job-interview:activity:video:role-play:manager a role play of the video, as a speaker
///     urn:lessonpack:module:job-interview:objective:greet                  a learning objective
///
/// A URN rather than an http address: no web server of ours answers for them, and a module is the same lesson
/// wherever it was installed from. Parts are percent-encoded beyond letters, digits, `-`, `_` and `.`, so an id
/// can never add a `:` of its own.
package enum ActivityIRI {
    package static let prefix = "urn:lessonpack:module:"

    package static func module(_ moduleID: String) -> String { prefix + escaped(moduleID) }

    package static func activity(_ kind: ActivityKind, of moduleID: String) -> String {
        module(moduleID) + ":activity:" + kind.rawValue
    }

    package static func item(_ itemID: String, in kind: ActivityKind, of moduleID: String) -> String {
        activity(kind, of: moduleID) + ":item:" + escaped(itemID)
    }

    /// The video's role play with the learner as `speaker` (by id).
    package static func rolePlay(as speaker: String, of moduleID: String) -> String {
        activity(.video, of: moduleID) + ":role-play:" + escaped(speaker)
    }

    package static func objective(_ objectiveID: String, of moduleID: String) -> String {
        module(moduleID) + ":objective:" + escaped(objectiveID)
    }

    /// The parts of one of these ids, for reports; nil for an id that is not Lessonpack's.
    package struct Parts: Sendable, Equatable {
        package var module: String
        package var activity: ActivityKind?
        package var item: String?
        package var objective: String?
        /// The speaker a role play's learner played, by id.
        package var rolePlay: String?

        package init(module: String, activity: ActivityKind? = nil, item: String? = nil, objective: String? = nil,
                    rolePlay: String? = nil) {
            self.module = module
            self.activity = activity
            self.item = item
            self.objective = objective
            self.rolePlay = rolePlay
        }
    }

    package static func parse(_ iri: String) -> Parts? {
        guard iri.hasPrefix(prefix) else { return nil }
        let fields = iri.dropFirst(prefix.count).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let module = fields.first.flatMap(unescaped), !module.isEmpty else { return nil }
        // After the module come `name:value` pairs, in one of the shapes IRIs are made in.
        let rest = Array(fields.dropFirst())
        guard rest.count.isMultiple(of: 2) else { return nil }
        let pairs = stride(from: 0, to: rest.count, by: 2).map { (name: rest[$0], value: rest[$0 + 1]) }
        guard shapes.contains(pairs.map(\.name)) else { return nil }
        let values = Dictionary(uniqueKeysWithValues: pairs.map { ($0.name, $0.value) })
        var parts = Parts(module: module)
        if let kind = values["activity"] {
            guard let activity = ActivityKind(rawValue: kind) else { return nil }
            parts.activity = activity
        }
        parts.item = values["item"].flatMap(unescaped)
        if let speaker = values["role-play"] {
            guard let unescapedSpeaker = unescaped(speaker) else { return nil }
            parts.rolePlay = unescapedSpeaker
        }
        if let objective = values["objective"] {
            guard let unescapedObjective = unescaped(objective) else { return nil }
            parts.objective = unescapedObjective
        }
        return parts
    }

    /// The names after the module in the IRIs `module`, `activity`, `item`, `rolePlay` and `objective` make.
    private static let shapes: Set<[String]> = [[], ["activity"], ["activity", "item"], ["activity", "role-play"], ["objective"]]

    private static let hexDigits = Set("0123456789abcdefABCDEF".utf8)
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.".utf8)

    static func escaped(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if plain.contains(byte) { result.unicodeScalars.append(Unicode.Scalar(byte)) }
            else { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return result
    }

    static func unescaped(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                // Exactly two hex digits: UInt8(_:radix:) alone would also take a sign ("%+F").
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex else { return nil }
                let digits = utf8[high...utf8.index(after: high)]
                guard digits.allSatisfy({ hexDigits.contains($0) }),
                      let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                index = utf8.index(high, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The extensions Lessonpack adds to statements, as IRIs in the same scheme.
package enum ExtensionIRI {
    /// Context: the version of the module the attempt was made with.
    package static let moduleVersion = "urn:lessonpack:extension:module-version"
    /// Context: the attempt's number among the learner's attempts at the activity, from 1.
    package static let attemptNumber = "urn:lessonpack:extension:attempt"
    /// Context of a test's statements: the module's pass mark, in percent.
    package static let passMark = "urn:lessonpack:extension:pass-mark"
    /// Definition of a test item: its weight in the score.
    package static let weight = "urn:lessonpack:extension:weight"
    /// Result of a finished attempt: every item shown, with its outcome and objective (`ItemRecord`s).
    package static let outcomes = "urn:lessonpack:extension:outcomes"
    /// A role play's: the learner's lines they said (recorded), and all their lines in the conversation.
    package static let linesSpoken = "urn:lessonpack:extension:lines-spoken"
    package static let lines = "urn:lessonpack:extension:lines"
}

/// The activity types of xAPI's vocabulary that Lessonpack's activities are.
package enum ActivityType {
    package static let module = "http://adlnet.gov/expapi/activities/module"
    package static let media = "http://adlnet.gov/expapi/activities/media"
    package static let lesson = "http://adlnet.gov/expapi/activities/lesson"
    /// A role play.
    package static let simulation = "http://adlnet.gov/expapi/activities/simulation"
    package static let assessment = "http://adlnet.gov/expapi/activities/assessment"
    package static let interaction = "http://adlnet.gov/expapi/activities/cmi.interaction"
    package static let objective = "http://adlnet.gov/expapi/activities/objective"
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
