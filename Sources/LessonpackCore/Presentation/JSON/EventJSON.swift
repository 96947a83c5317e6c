/// Each presenter's events read from JSON in the shape Swift's synthesized `Codable` writes them, which is what the
/// page's renderers send: `{"check":{}}`, `{"cycle":{"_0":3}}`, `{"place":{"label":1,"slot":4}}`. The page is not
/// trusted: anything else (an unknown case, a missing or mistyped payload) is nil, and the step is refused.
package protocol CoreJSONReadable {
    init?(json: CoreJSONValue)
}

/// One enum case as `Codable` writes it: its name and its payload's members.
package struct EnumCaseJSON {
    package let name: String
    private let payload: [(String, CoreJSONValue)]

    package init?(_ value: CoreJSONValue) {
        guard case .object(let members) = value, members.count == 1, case .object(let payload) = members[0].1 else {
            return nil
        }
        name = members[0].0
        self.payload = payload
    }

    private func member(_ label: String) -> CoreJSONValue? { payload.first { $0.0 == label }?.1 }

    package func integer(_ label: String = "_0") -> Int? { member(label)?.integer }
    package func number(_ label: String = "_0") -> Double? { member(label)?.number }
    package func string(_ label: String = "_0") -> String? { member(label)?.string }
    package func bool(_ label: String = "_0") -> Bool? { member(label)?.bool }
    package func array(_ label: String = "_0") -> [CoreJSONValue]? { member(label)?.array }

    package func value<Value: CoreJSONReadable>(_ label: String = "_0") -> Value? {
        member(label).flatMap { Value(json: $0) }
    }

    /// An optional payload: absent or null is `.some(nil)`; anything but an integer is nil.
    package func optionalInteger(_ label: String = "_0") -> Int?? {
        guard let value = member(label), !value.isNull else { return .some(nil) }
        return value.integer.map { .some($0) }
    }
}

extension CoreJSONRawValue {
    package init?(json: CoreJSONValue) {
        guard let raw = json.string else { return nil }
        self.init(rawValue: raw)
    }
}

extension TriState: CoreJSONReadable {}
extension VoiceComparison: CoreJSONReadable {}
extension AudioGameEngine.Difficulty: CoreJSONReadable {}
extension DictionaryPresenter.Page: CoreJSONReadable {}

extension TestEngine.Answer: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "correct": self = .correct
        case "incorrect": self = .incorrect
        case "cleared": self = .cleared
        case "choice": guard let index = event.integer("index") else { return nil }; self = .choice(index: index)
        default: return nil
        }
    }
}

extension VideoPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "togglePlay": self = .togglePlay
        case "play": self = .play
        case "pause": self = .pause
        case "rewind": self = .rewind
        case "forward": self = .forward
        case "toStart": self = .toStart
        case "seek": guard let seconds = event.number() else { return nil }; self = .seek(seconds)
        case "moveCursor": guard let step = event.integer() else { return nil }; self = .moveCursor(step)
        case "replayLine": guard let index = event.optionalInteger() else { return nil }; self = .replayLine(index)
        case "toggleSubtitles": self = .toggleSubtitles
        case "setSubtitles": guard let on = event.bool() else { return nil }; self = .setSubtitles(on)
        case "subtitlesFor": guard let index = event.optionalInteger("speaker") else { return nil }; self = .subtitlesFor(speaker: index)
        case "nextSubtitles": self = .nextSubtitles
        case "hearOnly": guard let index = event.integer("speaker") else { return nil }; self = .hearOnly(speaker: index)
        case "hearWithout": guard let index = event.integer("speaker") else { return nil }; self = .hearWithout(speaker: index)
        case "hearEveryone": self = .hearEveryone
        case "nextVoices": self = .nextVoices
        case "playPart": guard let index = event.integer("speaker") else { return nil }; self = .playPart(speaker: index)
        case "nextPart": self = .nextPart
        case "sayLine": self = .sayLine
        case "skipLine": self = .skipLine
        case "hearYours": self = .hearYours
        case "stopRolePlay": self = .stopRolePlay
        default: return nil
        }
    }
}

extension VideoTaskPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "move": guard let step = event.integer() else { return nil }; self = .move(step)
        case "select": guard let index = event.integer() else { return nil }; self = .select(index)
        case "cycle": guard let index = event.optionalInteger() else { return nil }; self = .cycle(index)
        case "mark":
            guard let index = event.integer(), let state: TriState = event.value("_1") else { return nil }
            self = .mark(index, state)
        case "markAll":
            guard let marks = event.array() else { return nil }
            var states: [TriState] = []
            for mark in marks {
                guard let state = TriState(json: mark) else { return nil }
                states.append(state)
            }
            self = .markAll(states)
        case "check": self = .check
        case "replay": guard let index = event.optionalInteger() else { return nil }; self = .replay(index)
        case "tryAgain": self = .tryAgain
        case "tryAgainNow": self = .tryAgainNow
        case "keepMarks": self = .keepMarks
        default: return nil
        }
    }
}

extension VocabularyPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "next": self = .next
        case "previous": self = .previous
        case "select": guard let index = event.integer() else { return nil }; self = .select(index)
        case "openSelected": self = .openSelected
        case "define": guard let term = event.string() else { return nil }; self = .define(term)
        case "hearLine": guard let index = event.integer() else { return nil }; self = .hearLine(index)
        case "hearSelectedLine": self = .hearSelectedLine
        default: return nil
        }
    }
}

extension AudioGamePresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "chooseLevel":
            guard let level: AudioGameEngine.Difficulty = event.value() else { return nil }
            self = .chooseLevel(level)
        case "askLevel": self = .askLevel
        case "moveLevelCursor": guard let step = event.integer() else { return nil }; self = .moveLevelCursor(step)
        case "chooseLevelAtCursor": self = .chooseLevelAtCursor
        case "moveTrayCursor": guard let step = event.integer() else { return nil }; self = .moveTrayCursor(step)
        case "pickAtCursor": self = .pickAtCursor
        case "moveSlotCursor": guard let step = event.integer() else { return nil }; self = .moveSlotCursor(step)
        case "dropAtCursor": self = .dropAtCursor
        case "putBack": self = .putBack
        case "hearAtCursor": self = .hearAtCursor
        case "hear": guard let label = event.integer("label") else { return nil }; self = .hear(label: label)
        case "place":
            guard let label = event.integer("label"), let slot = event.integer("slot") else { return nil }
            self = .place(label: label, slot: slot)
        case "newGame": self = .newGame
        default: return nil
        }
    }
}

extension PronunciationPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "move": guard let step = event.integer() else { return nil }; self = .move(step)
        case "select": guard let index = event.integer() else { return nil }; self = .select(index)
        case "hearOriginal": self = .hearOriginal
        case "record": self = .record
        case "stopRecording": self = .stopRecording
        case "compare": guard let mode: VoiceComparison = event.value() else { return nil }; self = .compare(mode)
        case "hearSlowly": guard let speed = event.number() else { return nil }; self = .hearSlowly(speed)
        default: return nil
        }
    }
}

extension DictationPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "move": guard let step = event.integer() else { return nil }; self = .move(step)
        case "select": guard let index = event.integer() else { return nil }; self = .select(index)
        case "hear": self = .hear
        case "hearSlowly": guard let speed = event.number() else { return nil }; self = .hearSlowly(speed)
        case "edit": guard let text = event.string() else { return nil }; self = .edit(text)
        case "submit": self = .submit
        case "write": guard let text = event.string() else { return nil }; self = .write(text)
        case "advance": self = .advance
        case "finish": self = .finish
        case "cancelFinish": self = .cancelFinish
        case "newAttempt": self = .newAttempt
        default: return nil
        }
    }
}

extension QuestionsPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "answer": guard let index = event.integer() else { return nil }; self = .answer(index)
        case "answerAtCursor": self = .answerAtCursor
        case "moveCursor": guard let step = event.integer() else { return nil }; self = .moveCursor(step)
        case "move": guard let step = event.integer() else { return nil }; self = .move(step)
        case "go": guard let index = event.integer() else { return nil }; self = .go(index)
        case "hearQuestion": self = .hearQuestion
        case "hearAnswer": guard let index = event.integer() else { return nil }; self = .hearAnswer(index)
        case "newAttempt": self = .newAttempt
        case "newAttemptNow": self = .newAttemptNow
        case "keepAnswers": self = .keepAnswers
        case "advance": self = .advance
        default: return nil
        }
    }
}

extension DictionaryPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "type": guard let text = event.string() else { return nil }; self = .type(text)
        case "deleteBack": self = .deleteBack
        case "clear": self = .clear
        case "nextPage": self = .nextPage
        case "previousPage": self = .previousPage
        case "showPage": guard let page: DictionaryPresenter.Page = event.value() else { return nil }; self = .showPage(page)
        case "move": guard let step = event.integer() else { return nil }; self = .move(step)
        case "openSelected": self = .openSelected
        case "define": guard let term = event.string() else { return nil }; self = .define(term)
        case "search": guard let text = event.string() else { return nil }; self = .search(text)
        case "searchSpelling": guard let text = event.string() else { return nil }; self = .searchSpelling(text)
        default: return nil
        }
    }
}

extension TestPresenter.Event: CoreJSONReadable {
    package init?(json: CoreJSONValue) {
        guard let event = EnumCaseJSON(json) else { return nil }
        switch event.name {
        case "mark": guard let answer: TestEngine.Answer = event.value() else { return nil }; self = .mark(answer)
        case "cycle": self = .cycle
        case "choose": guard let index = event.integer() else { return nil }; self = .choose(index)
        case "clear": self = .clear
        case "move": guard let step = event.integer() else { return nil }; self = .move(step)
        case "go": guard let index = event.integer() else { return nil }; self = .go(index)
        case "finish": self = .finish
        case "finishNow": self = .finishNow
        case "cancelFinish": self = .cancelFinish
        case "nextUnanswered": self = .nextUnanswered
        case "showLastResults": self = .showLastResults
        case "hideResults": self = .hideResults
        default: return nil
        }
    }
}
