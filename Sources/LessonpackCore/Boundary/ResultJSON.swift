/// An engine's effects and results as the core writes them for a page: every field, times and seconds in whole
/// milliseconds (a decimal fraction would be each build's own printing).
package enum ResultJSON {
    package static func write(_ effect: Effect, to json: inout CoreJSON) {
        json.object { json in
            switch effect {
            case .play(let media, let from, let until):
                json.member("effect", "play")
                json.member("media", media)
                json.member("fromMs", ModuleJSON.milliseconds(from))
                json.key("untilMs")
                if let until { json.value(ModuleJSON.milliseconds(until)) } else { json.null() }
            case .stopSound:
                json.member("effect", "stopSound")
            case .record(let line, let seconds, let rolePlay):
                json.member("effect", "record")
                json.member("line", line)
                json.member("ms", ModuleJSON.milliseconds(seconds))
                json.key("rolePlay")
                json.value(rolePlay)
            case .compare(let line, let recording, let mode):
                json.member("effect", "compare")
                json.member("line", line)
                json.member("recording", recording)
                json.member("mode", mode.rawValue)
            case .playFile(let path):
                json.member("effect", "playFile")
                json.member("path", path)
            case .stopRecording:
                json.member("effect", "stopRecording")
            case .analyse(let line, let recording):
                json.member("effect", "analyse")
                json.member("line", line)
                json.member("recording", recording)
            case .playSlowed(let media, let speed):
                json.member("effect", "playSlowed")
                json.member("media", media)
                json.member("speedPercent", Int((speed * 100).rounded()))
            case .playSilencing(let media, let from, let silenced):
                json.member("effect", "playSilencing")
                json.member("media", media)
                json.member("fromMs", ModuleJSON.milliseconds(from))
                json.key("silencedMs")
                json.array(silenced.count) { json, index in
                    json.array(2) { json, edge in
                        json.value(ModuleJSON.milliseconds(edge == 0 ? silenced[index].start : silenced[index].end))
                    }
                }
            case .playWithTakes(let media, let takes):
                json.member("effect", "playWithTakes")
                json.member("media", media)
                json.members("takes", takes) { json, take in
                    json.member("line", take.line)
                    json.member("startMs", ModuleJSON.milliseconds(take.start))
                    json.member("endMs", ModuleJSON.milliseconds(take.end))
                    json.member("recording", take.recording)
                }
            }
        }
    }

    package static func write(_ result: ActivityResult, startedAt origin: Date, to json: inout CoreJSON) {
        json.object { json in
            json.member("activity", result.activity.rawValue)
            json.member("startedMs", ModuleJSON.milliseconds(result.startedAt.timeIntervalSince(origin)))
            json.member("finishedMs", ModuleJSON.milliseconds(result.finishedAt.timeIntervalSince(origin)))
            json.members("items", result.items) { json, item in
                json.member("id", item.id)
                json.member("prompt", item.prompt)
                json.optionalMember("answer", item.answer)
                json.key("response")
                switch item.response {
                case .judgement(let claim)?: json.object { json in json.key("judgement"); json.value(claim) }
                case .choice(let index)?: json.object { json in json.member("choice", index) }
                case .text(let text, let diff)?:
                    json.object { json in
                        json.member("text", text)
                        json.key("diff")
                        if let diff {
                            json.members("words", diff.words) { json, word in
                                json.member("mark", word.mark.rawValue)
                                json.optionalMember("expected", word.expected)
                                json.optionalMember("typed", word.typed)
                            }
                        } else {
                            json.null()
                        }
                    }
                case nil: json.null()
                }
                json.optionalMember("expected", item.expected)
                json.member("outcome", item.outcome.rawValue)
                json.optionalMember("objective", item.objective)
                json.optionalMember("note", item.note)
            }
            json.key("score")
            if let score = result.score {
                json.object { json in
                    json.member("correct", score.correct)
                    json.member("total", score.total)
                }
            } else {
                json.null()
            }
            json.members("objectives", result.objectives) { json, objective in
                json.member("objective", objective.objective)
                json.optionalMember("performance", objective.performance)
                json.member("correct", objective.correct)
                json.member("incorrect", objective.incorrect)
                json.member("unanswered", objective.unanswered)
            }
            json.key("details")
            json.object { json in
                switch result.details {
                case .none:
                    json.member("kind", "none")
                case .video(let watched, let duration, let subtitlesOn, let rolePlays):
                    json.member("kind", "video")
                    json.member("watchedMs", ModuleJSON.milliseconds(watched))
                    json.member("durationMs", ModuleJSON.milliseconds(duration))
                    json.key("subtitlesOn")
                    json.value(subtitlesOn)
                    json.key("rolePlays")
                    if let rolePlays {
                        json.array(rolePlays.count) { json, index in
                            let rolePlay = rolePlays[index]
                            json.object { json in
                                json.member("speaker", rolePlay.speaker)
                                json.member("spoken", rolePlay.spoken)
                                json.member("lines", rolePlay.lines)
                                json.member("startedMs", ModuleJSON.milliseconds(rolePlay.startedAt.timeIntervalSince(origin)))
                                json.key("finishedMs")
                                if let finished = rolePlay.finishedAt {
                                    json.value(ModuleJSON.milliseconds(finished.timeIntervalSince(origin)))
                                } else {
                                    json.null()
                                }
                            }
                        }
                    } else {
                        json.null()
                    }
                case .vocabulary(let terms, let opened):
                    json.member("kind", "vocabulary")
                    json.member("terms", terms)
                    json.member("opened", opened)
                case .audioGame(let difficulty, let moves, let mistakes, let solved, let tiles):
                    json.member("kind", "audioGame")
                    json.member("difficulty", difficulty.rawValue)
                    json.member("moves", moves)
                    json.member("mistakes", mistakes)
                    json.key("solved")
                    json.value(solved)
                    json.member("tiles", tiles)
                case .pronunciation(let recorded, let lines):
                    json.member("kind", "pronunciation")
                    json.member("recorded", recorded)
                    json.member("lines", lines)
                case .dictionary(let entries, let opened):
                    json.member("kind", "dictionary")
                    json.member("entries", entries)
                    json.member("opened", opened)
                case .test(let correct, let incorrect, let unanswered):
                    json.member("kind", "test")
                    json.member("correct", correct)
                    json.member("incorrect", incorrect)
                    json.member("unanswered", unanswered)
                }
            }
        }
    }
}
