import Foundation
import HTTPTypes
import Hummingbird
import LessonpackCheck
import LessonpackCore
import LessonpackModel
import LessonpackStudio
import LessonpackStudioServer
import NIOCore
import PropertyList

/// The studio's request parsing, without a server: what the gate, the router, the media paths and the range
/// header make of a request, and what the JSON interface decodes from a body. A target of its own, apart from
/// FuzzHarness, because it brings in Hummingbird and SwiftNIO: the other fuzzers build without them.
public enum FuzzStudioHarness {
    static let studioToken = String(repeating: "7f", count: 32)
    static let studioReadToken = String(repeating: "c3", count: 32)
    static let studioPort = 4711

    /// An HTTP/1 request head as text: `METHOD TARGET`, then `Name: value` lines (`Host` is the authority), up to an
    /// empty line. Whatever the gate lets in with the read cookie alone must not reach the module's data; no media
    /// path the router or an upload accepts leads outside media/; a served range lies within the file.
    public static func studioRequest(_ bytes: [UInt8]) {
        // Lines parted as bytes: as Characters, "\r\n" is one, and never equal to "\n".
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            Substring(String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self))
        }
        guard let requestLine = lines.first else { return }
        let words = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2, let method = HTTPRequest.Method(String(words[0])) else { return }
        let target = String(words[1])
        var authority: String?
        var headers = HTTPFields()
        for line in lines.dropFirst() {
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name.lowercased() == "host" { authority = value; continue }
            guard let fieldName = HTTPField.Name(name) else { continue }
            headers.append(HTTPField(name: fieldName, value: value))
        }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: authority, path: target,
                                                headerFields: headers),
                              body: RequestBody(buffer: ByteBuffer()))
        let path = request.uri.path, parts = StudioRoutes.parts(of: path)

        let gate = StudioGate(token: studioToken, readToken: studioReadToken, port: studioPort)
        if gate.refusal(method: method, authority: authority, path: path, headers: headers, query: request.uri.query) == nil {
            let tokenInHeader = headers[StudioGate.tokenHeader] == studioToken
            if method != .get, method != .head, !tokenInHeader {
                fatalError("a \(method) without the token in its header was let in: \(target)")
            }
            // In by the cookie alone: no address the router answers with the module's data may be reached.
            if !tokenInHeader, !gate.tokenInQuery(request.uri.query), Self.answersWithModuleData(parts) {
                fatalError("the read cookie opened the module's data: \(target)")
            }
        }

        if parts.first == "media", parts.count >= 3, let media = try? StudioRoutes.decoded(parts[2...]),
           MediaFolder.problem(with: media) == nil {
            requireInsideMedia(media, "a media address")
        }
        let query = StudioRoutes.query(request)
        if let upload = try? MediaUpload.mediaPath(folder: query["folder"] ?? "", name: query["name"] ?? "").path {
            requireInsideMedia(upload, "an upload's folder and name")
        }
        if let removed = query["path"], MediaFolder.problem(with: removed) == nil {
            requireInsideMedia(removed, "a removal's path")
        }

        if let range = headers[.range] {
            for size in [0, 1, 7, 4096, Int(Int32.max)] {
                guard case .part(let first, let last) = MediaResponses.byteRange(range, size: size) else { continue }
                if first < 0 || last < first || last >= size {
                    fatalError("'\(range)' of \(size) bytes was served as \(first)-\(last)")
                }
            }
        }
    }

    /// The GET addresses StudioRoutes answers with what only the token may read, as its switches match them (the
    /// parts after a module's key are matched on their first alone): the module list, the first load, a module's
    /// state and its revision. The subtitle track and a preview's recording are the cookie's, by design.
    static func answersWithModuleData(_ parts: [String]) -> Bool {
        guard parts.first == "api", parts.count >= 2 else { return false }
        if parts.count == 2 { return parts[1] == "modules" || parts[1] == "start" }
        return parts[1] == "modules" && (parts.count == 3 || parts[3] == "revision")
    }

    private static func requireInsideMedia(_ path: String, _ what: String) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || components.contains("..") || components.contains("") || path.contains("\0") {
            fatalError("\(what) accepted a path that leaves media/: \(path)")
        }
    }

    /// A JSON body for the interface's requests, the first byte choosing which. A module the page sends is what a
    /// save writes: its source files must be property lists the loader reads, and the checker must get through them.
    public static func studioJSON(_ bytes: [UInt8], baseFolder: String) {
        guard let selector = bytes.first else { return }
        let body = Array(bytes.dropFirst())
        switch selector % 6 {
        case 0: if let save = try? StudioRoutes.body(SaveRequest.self, from: body) { saved(save.module, baseFolder: baseFolder) }
        case 1: if let module = try? StudioRoutes.body(Module.self, from: body) { saved(module, baseFolder: baseFolder) }
        case 2: _ = try? StudioRoutes.body(NewModule.self, from: body)
        case 3: _ = try? StudioRoutes.body(RevisionRequest.self, from: body)
        case 4:
            if let preview = try? StudioRoutes.body(PreviewRequest.self, from: body) { _ = ActivityKind(rawValue: preview.activity) }
        default: _ = try? StudioRoutes.body(BuildRequest.self, from: body)
        }
    }

    private static func saved(_ module: Module, baseFolder: String) {
        var sources: [SourceFile: [UInt8]] = [:]
        // media.plist is the scanner's: a save ignores what the page sends of it, and writes the rest.
        for (file, value) in ModuleSourceWriter.values(of: module) where file != .media {
            guard !value.containsNaN else { continue }
            // A value XML cannot hold (a control character) is refused by the save, which is its answer to it.
            guard let xml = try? PlistXMLWriter.xml(value) else { continue }
            // It must read back as a property list; what the author got wrong (two entries for one term: a duplicate
            // key) it may still hold, for the check that follows the save to report.
            let again = PlistReader.read(Array(xml.utf8), file: file.path)
            if again.root == nil { fatalError("\(file.path) as written does not read back:\n\(xml)") }
            sources[file] = Array(xml.utf8)
        }
        _ = ModuleChecker.check(ModuleLoader.load(sources: sources, folder: baseFolder))
    }
}

extension FuzzStudioHarness {
    /// Seeds for `studioJSON`, each behind its selector byte: the modules in `moduleFolders` as the page sends them
    /// (alone and in a save), and the interface's other bodies as docs/studio-api.md gives them.
    public static func studioJSONSeeds(moduleFolders: [String]) -> [[UInt8]] {
        let encoder = StudioJSON.encoder()
        var seeds: [[UInt8]] = []
        for folder in moduleFolders {
            guard let module = try? ModuleLoader.load(folder: folder).module, let json = try? encoder.encode(module) else { continue }
            seeds.append([1] + Array(json))
            seeds.append([0] + Array(#"{"revision":"0123abcd","module":"#.utf8) + Array(json) + Array("}".utf8))
        }
        let bodies = [(2, #"{"name":"at-the-bank","title":"At the bank"}"#), (3, #"{"revision":"0123abcd"}"#),
                      (4, #"{"activity":"audio-game","seed":7}"#), (5, #"{"keyFile":"/path/to/key.pem"}"#), (5, "{}")]
        for (selector, body) in bodies { seeds.append([UInt8(selector)] + Array(body.utf8)) }
        return seeds
    }
}
