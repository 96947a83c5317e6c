import Foundation
import HTTPTypes
import Hummingbird
import LessonpackDiagnostics
import NIOCore
import LessonpackAuthoring
import LessonpackModel
import LessonpackStudio
import LessonpackSystem

/// Every address the studio answers, after the gate let the request in: the page's files, the module interface
/// (docs/studio-api.md), previews and media. Requests name modules by key and media by validated media path; a
/// path from the browser is never opened as it is.
package struct StudioRoutes: Sendable {
    let studio: Studio
    let assets: WebAssets

    static let jsonLimit = 16 << 20

    func respond(_ request: Request, gate: StudioGate) async -> Response {
        var request = request
        let parts = Self.parts(of: request.uri.path)
        do {
            switch (request.method, parts.first) {
            case (.get, nil): return page(gate: gate, query: request.uri.query)
            case (.get, "media"?) where parts.count >= 3:
                let editor = try await studio.editor(parts[1])
                let path = try Self.decoded(parts[2...])
                return MediaResponses.file(path, in: editor.folder, range: request.headers[.range])
            case (_, "api"?) where parts.count >= 2:
                return try await api(Array(parts.dropFirst()), &request)
            case (.get, "v"?) where parts.count == 3:
                guard let version = assets.version, parts[1] == version, let asset = assets.file(parts[2]) else { break }
                return Answers.immutable(asset.bytes, contentType: asset.contentType)
            case (.get, let name?) where parts.count == 1:
                guard let asset = assets.file(name) else { break }
                return Answers.asset(asset.bytes, contentType: asset.contentType, ifNoneMatch: request.headers[.ifNoneMatch])
            default: break
            }
            return Answers.failure(StudioError(.notFound, "nothing is at \(request.uri.path.prefix(80))"))
        } catch let error as StudioError {
            var answer = Answers.failure(error)
            // A body refused as too large is left unread: the connection ends with this answer (ConnectionGuard).
            if error.code == .tooLarge { answer.headers[.connection] = "close" }
            return answer
        } catch {
            return Answers.failure(StudioError(.badRequest, "the request could not be read: \(error)".prefix(300).description))
        }
    }

    /// index.html. Opened from the address the studio printed (its token in the query), the page also holds the
    /// answer to its first request, `GET /api/start`, at its end: the part before is sent at once, so the browser
    /// parses it and fetches the scripts while the state is made, and the page draws the module without another
    /// round trip. Without the token (a reload, which only has the read cookie) it holds nothing of the module.
    private func page(gate: StudioGate, query: String?) -> Response {
        guard let page = assets.page() else {
            return Answers.failure(StudioError(.notFound, "this lessonpack was built without the studio's pages"))
        }
        guard gate.tokenInQuery(query) else { return Answers.bytes(page.bytes, contentType: page.contentType) }
        var extra = HTTPFields()
        extra[.setCookie] = gate.cookie
        guard let (before, after) = WebAssets.splitAtFirstAnswer(page.bytes) else {
            return Answers.bytes(page.bytes, contentType: page.contentType, extra: extra)
        }
        return Answers.streamed(contentType: page.contentType, extra: extra) { [self] writer in
            try await writer.write(ByteBuffer(bytes: before))
            // A module that cannot be read leaves the block empty: the page then asks, and shows the error it gets.
            let answer = try? await startAnswer()
            let json = answer.flatMap { try? Answers.encoder.encode($0) }.map(Array.init)
            try await writer.write(ByteBuffer(bytes: WebAssets.firstAnswerBlock(json) + after))
        }
    }

    /// The page's first load in one answer rather than two in a row: with one module there is nothing to choose, and
    /// the page opens it at once.
    private func startAnswer() async throws(StudioError) -> StartAnswer {
        let entries = await studio.entries()
        let only = entries.count == 1 ? await (try studio.editor(entries[0].key)).state() : nil
        return StartAnswer(modules: entries, state: only)
    }

    // MARK: /api

    private func api(_ parts: [String], _ request: inout Request) async throws -> Response {
        let query = Self.query(request)
        switch (request.method, parts.count, parts[0]) {
        case (.get, 1, "modules"):
            return Answers.json(ModuleList(modules: await studio.entries()))
        case (.get, 1, "start"):
            return Answers.json(try await startAnswer())
        case (.post, 1, "modules"):
            let body = try await decode(NewModule.self, &request)
            return Answers.json(try await studio.create(name: body.name, title: body.title ?? ""), status: .created)
        case (.post, 2, "modules") where parts[1] == "from-lesson":
            // New module from a document: the body is the document (or the pasted lesson); the folder is one name
            // the studio places in its working folder; a video comes first, through staged-videos.
            let body = try await collect(&request, limit: StudioLessonDocument.sizeLimit)
            let pasted = query["pasted"] == "1"
            let document = StudioLessonDocument(bytes: body, fileName: pasted ? nil : (query["document"] ?? ""))
            let made = try await studio.createFromLesson(name: query["name"] ?? "", title: query["title"],
                                                         document: document, video: query["video"],
                                                         speak: query["speak"] == "1")
            return Answers.json(made, status: .created)
        case (.post, 1, "staged-videos"):
            let name = query["name"] ?? ""
            _ = try MediaUpload.mediaPath(folder: "video", name: name)
            let body = try await collect(&request, limit: MediaUpload.sizeLimit)
            return Answers.json(["video": try await studio.stageVideo(body, name: name)], status: .created)
        case (_, _, "modules") where parts.count >= 2:
            let editor = try await studio.editor(parts[1])
            return try await module(editor, Array(parts.dropFirst(2)), &request, query: query)
        case (.post, 3, "preview") where parts[2] == "event":
            let body = try await collect(&request, limit: Self.jsonLimit)
            return Answers.rawJSON(try await studio.previews.send(body, to: parts[1], at: Date()))
        case (.post, 3, "preview") where parts[2] == "recording":
            let line = (query["line"] ?? "")
            if query["failed"] == "1" {
                let reason = try await collect(&request, limit: 4096)
                return Answers.rawJSON(try await studio.previews.recordingFailed(
                    line: line, reason: String(decoding: reason, as: UTF8.self), in: parts[1], at: Date()))
            }
            let body = try await collect(&request, limit: PreviewSessions.recordingLimit)
            return Answers.rawJSON(try await studio.previews.recorded(
                body, contentType: request.headers[.contentType] ?? "", line: line, in: parts[1], at: Date()))
        case (.get, 3, "preview") where parts[2] == "recording":
            let recording = try await studio.previews.recording(line: (query["line"] ?? ""), in: parts[1])
            return Answers.bytes(recording.bytes, contentType: recording.contentType)
        default:
            throw StudioError(.notFound, "no such request")
        }
    }

    private func module(_ editor: ModuleEditor, _ parts: [String], _ request: inout Request,
                        query: [String: String]) async throws -> Response {
        switch (request.method, parts.first) {
        case (.get, nil): return Answers.json(await editor.state())
        case (.put, nil):
            let body = try await decode(SaveRequest.self, &request)
            return saved(try await editor.save(body.module, revision: body.revision))
        case (.post, "undo"?):
            return saved(try await editor.undo(revision: try await decode(RevisionRequest.self, &request).revision))
        case (.post, "redo"?):
            return saved(try await editor.redo(revision: try await decode(RevisionRequest.self, &request).revision))
        case (.post, "reload"?): return Answers.json(try await editor.reload())
        case (.get, "revision"?): return Answers.json(["revision": await editor.revisionOnDisk()])
        case (.get, "subtitles.vtt"?):
            return Answers.bytes(Array(SubtitleTrack.webVTT(await editor.module).utf8), contentType: "text/vtt; charset=utf-8")
        case (.post, "media"?) where parts.count == 1:
            let uploadFolder = query["folder"] ?? "", name = query["name"] ?? ""
            _ = try MediaUpload.mediaPath(folder: uploadFolder, name: name)
            let body = try await collect(&request, limit: MediaUpload.sizeLimit)
            let replace = query["replace"] == "1"
            // A clip named for its place (`l03.opus`, `q1-b.opus`) fills that field when it is empty: one step of
            // the history, so Undo empties it again.
            let (filled, state) = try await editor.changeFiles(undoable: true) { [probe = studio.probe, digests = studio.digests] folder, module throws(StudioError) in
                let stored = try MediaUpload.store(body, folder: uploadFolder, name: name, replace: replace,
                                                   in: folder, probe: probe)
                try Self.rescan(folder, listing: module.media, probe: probe, digests: digests)
                return try ClipPlacement.place([stored], in: folder)
            }
            return Answers.json(UploadAnswer(state: state, filled: filled), status: .created)
        case (.delete, "media"?) where parts.count == 1:
            let path = query["path"] ?? ""
            let (_, state) = try await editor.changeFiles { [probe = studio.probe, digests = studio.digests] folder, module throws(StudioError) in
                try MediaUpload.remove(path, in: folder)
                try Self.rescan(folder, listing: module.media, probe: probe, digests: digests)
            }
            return Answers.json(state)
        case (.post, "media"?) where parts.count == 2 && parts[1] == "scan":
            // As `lessonpack media scan`: clips named for their place fill their empty fields (one undoable step).
            let (filled, state) = try await editor.changeFiles(undoable: true) { [probe = studio.probe, digests = studio.digests] folder, module throws(StudioError) in
                try Self.rescan(folder, listing: module.media, probe: probe, digests: digests)
                return try ClipPlacement.place(MediaFolder(moduleFolder: folder).allFiles(), in: folder)
            }
            return Answers.json(UploadAnswer(state: state, filled: filled))
        case (.post, "speak"?) where parts.count == 1:
            // Speak it for now: one question's or answer's clip, spoken by espeak-ng and marked a stand-in; a
            // clip made for an empty field fills it by its name. One step of the history.
            let field = query["field"] ?? ""
            let (spoken, state) = try await editor.changeFiles(undoable: true) { [probe = studio.probe, digests = studio.digests] folder, module throws(StudioError) in
                let spoken = try StudioSpeech.speak(field: field, in: folder, module: module) { text, path in
                    try SpokenPlaceholders.speak(text, to: path, in: folder)
                }
                probe.trust(module.media, in: folder)
                _ = try MediaUpload.rescan(folder, probe: probe, digests: digests, placeholders: [spoken.path])
                return (spoken, try ClipPlacement.place([spoken.path], in: folder))
            }
            return Answers.json(UploadAnswer(state: state, filled: spoken.1, spoken: spoken.0))
        case (.post, "align"?) where parts.count == 1:
            // Time lines from the video: every line's start, end and clip from the module's video. Not a step of the
            // history: the stand-in clips it replaces are removed, and an Undo that named them again would leave the
            // lines pointing at nothing. A line's times are corrected by hand, which Undo does take back.
            let (timed, state) = try await editor.changeFiles(undoable: false) { folder, _ throws(StudioError) in
                try StudioAlignment.run(in: folder)
            }
            return Answers.json(AlignAnswer(state: state, timed: timed))
        case (.post, "preview"?):
            let body = try await decode(PreviewRequest.self, &request)
            guard let kind = ActivityKind(rawValue: body.activity) else {
                throw StudioError(.badRequest, "there is no activity '\(body.activity.prefix(40))'")
            }
            return Answers.rawJSON(try await studio.previews.start(kind, module: await editor.module,
                                                                   moduleFolder: editor.folder, seed: body.seed,
                                                                   at: Date()), status: .created)
        case (.post, "build"?):
            let body = try await decode(BuildRequest.self, &request)
            let outcome = try StudioBuild.run(folder: editor.folder, outputFolder: studio.outputFolder, keyFile: body.keyFile)
            return Answers.json(outcome)
        case (.post, "import"?):
            guard let kind = StudioImport.Kind(rawValue: (query["kind"] ?? "")) else {
                throw StudioError(.badRequest, "kind must be transcript, questions or glossary")
            }
            let body = try await collect(&request, limit: StudioImport.sizeLimit)
            let (target, objective) = (query["target"], query["objective"])
            // A lesson pasted into the page's box has no file name; it is read as Markdown.
            let name: String? = kind == .lesson && query["pasted"] == "1" ? nil : query["name"] ?? "import"
            // One step of the history: Undo puts the sources back as they were before the import.
            let (outcome, state) = try await editor.changeFiles(undoable: true) { folder, module throws(StudioError) in
                try StudioImport.run(kind, bytes: body, name: name, target: target, objective: objective,
                                     objectives: module.objectives.map(\.id), into: folder)
            }
            let fields = ImportAnswer(report: outcome.report, written: outcome.written,
                                      diagnostics: outcome.diagnostics, state: state)
            return Answers.json(fields)
        default:
            throw StudioError(.notFound, "no such request")
        }
    }

    /// Rescans media/, probing only files that are new or changed since media.plist was written.
    private static func rescan(_ folder: String, listing media: [MediaFile], probe: CachingProbe,
                               digests: DigestMemo) throws(StudioError) {
        probe.trust(media, in: folder)
        _ = try MediaUpload.rescan(folder, probe: probe, digests: digests)
    }

    private func saved(_ outcome: ModuleEditor.SaveOutcome) -> Response {
        switch outcome {
        case .saved(let state): return Answers.json(state)
        case .conflict(let files, let state):
            let message = files.isEmpty
                ? "the module was saved from another page since this one loaded it: reload to see the changes"
                : "changed on disk by another program since you opened it: " + files.joined(separator: ", ")
            return Answers.json(Conflict(error: .init(code: DiagnosticCode.studioConflict.rawValue, message: message, files: files), state: state),
                                status: .conflict)
        }
    }

    // MARK: Bodies

    /// The request's body, refused (413) past `limit`; other failures (the connection closing) stay what they are.
    /// A body announced larger than the limit is refused before any of it is read (it used to be held in memory up
    /// to the limit first); the refusal closes the connection (`respond`), so nothing waits for the unread body.
    private func collect(_ request: inout Request, limit: Int) async throws -> [UInt8] {
        if let announced = request.headers[.contentLength], let length = Int(announced), length > limit {
            throw StudioError(.tooLarge, "the request's body is larger than the \(Self.size(limit)) this address takes")
        }
        do {
            return Array(buffer: try await request.body.collect(upTo: limit))
        } catch is NIOTooManyBytesError {
            throw StudioError(.tooLarge, "the request's body is larger than the \(Self.size(limit)) this address takes")
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) kB" : "\(bytes) bytes"
    }

    private func decode<Body: Decodable>(_ type: Body.Type, _ request: inout Request) async throws -> Body {
        try Self.body(type, from: try await collect(&request, limit: Self.jsonLimit))
    }

    /// A request's JSON body as `type`, or the 400 that says why not.
    package static func body<Body: Decodable>(_ type: Body.Type, from bytes: [UInt8]) throws(StudioError) -> Body {
        do {
            return try JSONDecoder().decode(Body.self, from: Data(bytes))
        } catch {
            throw StudioError(.badRequest, "the request's JSON is not what this address takes: \(error)".prefix(400).description)
        }
    }

    /// The path's parts as the router matches them: empty parts dropped (`//api/start` is `/api/start`), not decoded.
    package static func parts(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// The query's parameters, decoded; the first of a repeated name counts.
    package static func query(_ request: Request) -> [String: String] {
        Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first })
    }

    /// A media file's path from the parts after `/media/KEY/`, each percent-decoded.
    package static func decoded(_ parts: ArraySlice<String>) throws(StudioError) -> String {
        let pieces = parts.map { $0.removingPercentEncoding }
        guard !pieces.contains(nil) else { throw StudioError(.notFound, "there is no media file by that name") }
        return pieces.compactMap { $0 }.joined(separator: "/")
    }
}

private struct ModuleList: Encodable { var modules: [Studio.Entry] }
private struct StartAnswer: Encodable {
    var modules: [Studio.Entry]
    var state: ModuleState?
}
// The JSON bodies the interface takes (docs/studio-api.md); package, so that the studio-json fuzzer decodes them.
package struct NewModule: Decodable {
    package var name: String
    package var title: String?
}
package struct SaveRequest: Decodable {
    package var revision: String
    package var module: Module
}
package struct RevisionRequest: Decodable { package var revision: String }
package struct PreviewRequest: Decodable {
    package var activity: String
    package var seed: UInt64?
}
package struct BuildRequest: Decodable { package var keyFile: String? }
private struct ImportAnswer: Encodable {
    var report: [String]
    var written: Bool
    var diagnostics: [PlacedDiagnostic]
    var state: ModuleState
}
/// An upload's or a rescan's answer: the module's state, and the clip fields the files' names filled (`filled`).
private struct UploadAnswer: Encodable {
    var state: ModuleState
    var filled: [ClipPlacement.Placed]
    /// The clip Speak it for now made.
    var spoken: StudioSpeech.Spoken? = nil

    private enum Keys: String, CodingKey { case filled, spoken }

    func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(filled, forKey: .filled)
        try container.encodeIfPresent(spoken, forKey: .spoken)
    }
}
/// Time lines from the video's answer: the module's state, and how many lines were timed and doubted (`timed`).
private struct AlignAnswer: Encodable {
    var state: ModuleState
    var timed: StudioAlignment.Outcome

    private enum Keys: String, CodingKey { case timed }

    func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(timed, forKey: .timed)
    }
}
private struct Conflict: Encodable {
    struct Detail: Encodable {
        var code: String
        var message: String
        var files: [String]
    }
    var error: Detail
    var state: ModuleState
}
