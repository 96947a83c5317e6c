/// Each presenter's view, and what a step hands the page besides (effects, a message), written as the studio's
/// `JSONEncoder` writes them (`CoreJSONWritable`), member by member in the order the properties are declared.

extension Message: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("text", text)
            json.field("tone", tone)
        }
    }
}

extension Tone: CoreJSONRawValue {}
extension TriState: CoreJSONRawValue {}
extension VoiceComparison: CoreJSONRawValue {}
extension AudioGameEngine.Difficulty: CoreJSONRawValue {}
extension WordDiff.Mark: CoreJSONRawValue {}
extension ActivityKind: CoreJSONRawValue {}
extension VideoPresenter.View.State: CoreJSONRawValue {}
extension VideoPresenter.RolePlayView.State: CoreJSONRawValue {}
extension AudioGamePresenter.View.Mode: CoreJSONRawValue {}
extension QuestionsPresenter.View.Mark: CoreJSONRawValue {}
extension TestPresenter.View.Mark: CoreJSONRawValue {}
extension DictionaryPresenter.Page: CoreJSONRawValue {}

extension Effect: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        switch self {
        case .play(let media, let from, let until):
            json.enumCase("play") { json in
                json.field("media", media)
                json.field("from", from)
                json.field("until", until)
            }
        case .stopSound: json.enumCase("stopSound")
        case .record(let line, let seconds, let rolePlay):
            json.enumCase("record") { json in
                json.field("line", line)
                json.field("seconds", seconds)
                json.field("rolePlay", rolePlay)
            }
        case .compare(let line, let recording, let mode):
            json.enumCase("compare") { json in
                json.field("line", line)
                json.field("recording", recording)
                json.field("mode", mode)
            }
        case .playFile(let path): json.enumCase("playFile") { json in json.field("path", path) }
        case .stopRecording: json.enumCase("stopRecording")
        case .analyse(let line, let recording):
            json.enumCase("analyse") { json in
                json.field("line", line)
                json.field("recording", recording)
            }
        case .playSlowed(let media, let speed):
            json.enumCase("playSlowed") { json in
                json.field("media", media)
                json.field("speed", speed)
            }
        case .playSilencing(let media, let from, let silenced):
            json.enumCase("playSilencing") { json in
                json.field("media", media)
                json.field("from", from)
                json.field("silenced", silenced)
            }
        case .playWithTakes(let media, let takes):
            json.enumCase("playWithTakes") { json in
                json.field("media", media)
                json.field("takes", takes)
            }
        }
    }
}

extension LineTake: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("line", line)
            json.field("start", start)
            json.field("end", end)
            json.field("recording", recording)
        }
    }
}

extension IntonationResult: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("score", score)
            json.field("feedback", feedback)
            json.field("timing", timing)
            json.field("step", step)
            json.field("model", model)
            json.field("learner", learner)
        }
    }
}

extension SpokenLine: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("id", id)
            json.field("speaker", speaker)
            json.field("colour", colour)
            json.field("text", text)
            json.field("start", start)
        }
    }
}

extension SoundSpan: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("start", start)
            json.field("end", end)
        }
    }
}

extension VideoPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("state", state)
            json.field("clock", clock)
            json.field("position", position)
            json.field("duration", duration)
            json.field("subtitlesOn", subtitlesOn)
            json.field("subtitleSpeaker", subtitleSpeaker)
            json.field("subtitles", subtitles)
            json.field("speakers", speakers)
            json.field("voices", voices)
            json.field("hearing", hearing)
            json.field("subtitle", subtitle)
            json.field("upcoming", upcoming)
            json.field("transcript", transcript)
            json.field("lineCount", lineCount)
            json.field("current", current)
            json.field("hidden", hidden)
            json.field("length", length)
            json.field("canRolePlay", canRolePlay)
            json.field("rolePlay", rolePlay)
        }
    }
}

extension VideoPresenter.RolePlayView.Row: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("text", text)
            json.field("said", said)
            json.field("feedback", feedback)
            json.field("intonation", intonation)
        }
    }
}

extension VideoPresenter.RolePlayView: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("state", state)
            json.field("speaker", speaker)
            json.field("status", status)
            json.field("prompt", prompt)
            json.field("line", line)
            json.field("before", before)
            json.field("recording", recording)
            json.field("failure", failure)
            json.field("spoken", spoken)
            json.field("total", total)
            json.field("rows", rows)
            json.field("current", current)
        }
    }
}

extension VideoTaskPresenter.View.Row: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("text", text)
            json.field("mark", mark)
            json.field("right", right)
        }
    }
}

extension VideoTaskPresenter.View.Mistake: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("text", text)
            json.field("truth", truth)
            json.field("lines", lines)
        }
    }
}

extension VideoTaskPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("prompt", prompt)
            json.field("rows", rows)
            json.field("selected", selected)
            json.field("summary", summary)
            json.field("allRight", allRight)
            json.field("mistakes", mistakes)
            json.field("selectedMistake", selectedMistake)
            json.field("hint", hint)
            json.field("confirming", confirming)
        }
    }
}

extension VocabularyPresenter.View.Span: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("text", text)
            json.field("term", term)
            json.field("selected", selected)
        }
    }
}

extension VocabularyPresenter.View.Line: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("speaker", speaker)
            json.field("colour", colour)
            json.field("spans", spans)
        }
    }
}

extension VocabularyPresenter.View.Shown: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("term", term)
            json.field("partOfSpeech", partOfSpeech)
            json.field("meaning", meaning)
            json.field("sentence", sentence)
        }
    }
}

extension VocabularyPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("lines", lines)
            json.field("terms", terms)
            json.field("focusLine", focusLine)
            json.field("definition", definition)
            json.field("hint", hint)
        }
    }
}

extension AudioGamePresenter.View.Tile: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("id", id)
            json.field("speaker", speaker)
            json.field("colour", colour)
            json.field("text", text)
        }
    }
}

extension AudioGamePresenter.View.Slot: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("tile", tile)
            json.field("isCursor", isCursor)
        }
    }
}

extension AudioGamePresenter.View.TrayTile: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("label", label)
            json.field("tile", tile)
            json.field("isCursor", isCursor)
            json.field("sprangBack", sprangBack)
        }
    }
}

extension AudioGamePresenter.View.Level: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("difficulty", difficulty)
            json.field("text", text)
            json.field("isCursor", isCursor)
        }
    }
}

extension AudioGamePresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("mode", mode)
            json.field("levels", levels)
            json.field("status", status)
            json.field("solved", solved)
            json.field("slots", slots)
            json.field("tray", tray)
            json.field("holding", holding)
            json.field("labels", labels)
        }
    }
}

extension PronunciationPresenter.View.Row: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("text", text)
            json.field("recorded", recorded)
            json.field("isCurrent", isCurrent)
        }
    }
}

extension PronunciationPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("line", line)
            json.field("position", position)
            json.field("status", status)
            json.field("recorded", recorded)
            json.field("failure", failure)
            json.field("recording", recording)
            json.field("rows", rows)
            json.field("current", current)
            json.field("intonation", intonation)
            json.field("intonationStatus", intonationStatus)
        }
    }
}

extension DictationPresenter.View.Row: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("text", text)
            json.field("status", status)
            json.field("written", written)
            json.field("allRight", allRight)
            json.field("isCurrent", isCurrent)
        }
    }
}

extension DictationPresenter.View.Marked: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("mark", mark)
            json.field("text", text)
        }
    }
}

extension DictationPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("instruction", instruction)
            json.field("position", position)
            json.field("number", number)
            json.field("total", total)
            json.field("speaker", speaker)
            json.field("colour", colour)
            json.field("heard", heard)
            json.field("writing", writing)
            json.field("draft", draft)
            json.field("written", written)
            json.field("line", line)
            json.field("marked", marked)
            json.field("notes", notes)
            json.field("score", score)
            json.field("allRight", allRight)
            json.field("summary", summary)
            json.field("confirming", confirming)
            json.field("rows", rows)
            json.field("current", current)
        }
    }
}

extension QuestionsPresenter.View.Answer: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("letter", letter)
            json.field("text", text)
            json.field("mark", mark)
            json.field("isCursor", isCursor)
        }
    }
}

extension QuestionsPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("header", header)
            json.field("number", number)
            json.field("total", total)
            json.field("question", question)
            json.field("answers", answers)
            json.field("feedback", feedback)
            json.field("explanation", explanation)
            json.field("summary", summary)
            json.field("listening", listening)
            json.field("confirming", confirming)
        }
    }
}

extension DictionaryPresenter.View.Entry: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("term", term)
            json.field("partOfSpeech", partOfSpeech)
            json.field("selected", selected)
        }
    }
}

extension DictionaryPresenter.View.Box: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("title", title)
            json.field("text", text)
        }
    }
}

extension DictionaryPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("page", page)
            json.field("searchLabel", searchLabel)
            json.field("query", query)
            json.field("count", count)
            json.field("entries", entries)
            json.field("selected", selected)
            json.field("opened", opened)
            json.field("openedTerm", openedTerm)
            json.field("boxes", boxes)
            json.field("summary", summary)
        }
    }
}

extension TestPresenter.View.Choice: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("letter", letter)
            json.field("text", text)
            json.field("chosen", chosen)
        }
    }
}

extension TestPresenter.View.Item: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("number", number)
            json.field("text", text)
            json.field("mark", mark)
            json.field("choices", choices)
            json.field("answerText", answerText)
        }
    }
}

extension TestPresenter.View.Results.Objective: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("percent", percent)
            json.field("text", text)
            json.field("good", good)
        }
    }
}

extension TestPresenter.View.Results.Review: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("prompt", prompt)
            json.field("text", text)
        }
    }
}

extension TestPresenter.View.Results: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("score", score)
            json.field("counts", counts)
            json.field("objectives", objectives)
            json.field("review", review)
            json.field("earlier", earlier)
        }
    }
}

extension TestPresenter.View: CoreJSONWritable {
    package func write(to json: inout CoreJSON) {
        json.object { json in
            json.field("header", header)
            json.field("item", item)
            json.field("items", items)
            json.field("answered", answered)
            json.field("current", current)
            json.field("confirming", confirming)
            json.field("results", results)
            json.field("allAnswered", allAnswered)
        }
    }
}
