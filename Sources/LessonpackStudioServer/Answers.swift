import Foundation
import HTTPTypes
import Hummingbird
import LessonpackStudio

/// How the studio answers: JSON for the page's requests, errors in one shape, and headers that keep the page to
/// its own origin (no framing, no scripts or styles from elsewhere, nothing cached).
enum Answers {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        do {
            return bytes(Array(try encoder.encode(value)), contentType: "application/json", status: status)
        } catch {
            return failure(StudioError(.badRequest, "the answer could not be encoded: \(error)"))
        }
    }

    static func rawJSON(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Self.bytes(bytes, contentType: "application/json", status: status)
    }

    static func bytes(_ bytes: [UInt8], contentType: String, status: HTTPResponse.Status = .ok,
                      extra: HTTPFields = HTTPFields()) -> Response {
        var headers = common
        headers[.contentType] = contentType
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A body written as it is made, by `write`, which must not finish the writer (this does).
    static func streamed(contentType: String, extra: HTTPFields = HTTPFields(),
                         _ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void) -> Response {
        var headers = common
        headers[.contentType] = contentType
        headers.append(contentsOf: extra)
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await write(&writer)
            try await writer.finish(nil)
        })
    }

    /// One of the page's own files: cached by the browser, revalidated on every load (an upgraded binary serves new
    /// files under the same names), answered 304 when unchanged.
    static func asset(_ bytes: [UInt8], contentType: String, ifNoneMatch: String?) -> Response {
        let tag = WebAssets.entityTag(bytes)
        var extra = HTTPFields()
        extra[.eTag] = tag
        if ifNoneMatch == tag {
            var headers = common
            headers[.cacheControl] = "no-cache"
            headers.append(contentsOf: extra)
            return Response(status: .notModified, headers: headers)
        }
        var response = Self.bytes(bytes, contentType: contentType, extra: extra)
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    /// One of the page's files under its version's folder: it never changes there, so the browser keeps it.
    static func immutable(_ bytes: [UInt8], contentType: String) -> Response {
        var response = Self.bytes(bytes, contentType: contentType)
        response.headers[.cacheControl] = "private, max-age=31536000, immutable"
        return response
    }

    static func failure(_ error: StudioError) -> Response {
        struct Body: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
            }
            var error: Detail
            var diagnostics: [PlacedDiagnostic]?
        }
        return json(Body(error: .init(code: error.code.rawValue, message: error.message),
                         diagnostics: error.diagnostics.isEmpty ? nil : error.diagnostics),
                    status: status(of: error.code))
    }

    static func refused(_ status: HTTPResponse.Status, code: String, message: String) -> Response {
        struct Body: Encodable {
            var error: [String: String]
        }
        return json(Body(error: ["code": code, "message": message]), status: status)
    }

    static func status(of code: StudioError.Code) -> HTTPResponse.Status {
        switch code {
        case .notAModule, .badRequest, .badName, .nothingToUndo, .importFailed, .buildFailed, .documentErrors: .badRequest
        case .noSuchModule, .notFound, .noSuchPreview: .notFound
        case .exists: .conflict
        case .tooLarge: .contentTooLarge
        // The request is fine; the module cannot be timed as it is (no video, no speech in it, no lines).
        case .cannotAlign: .unprocessableContent
        case .wrongType: .unsupportedMediaType
        case .cannotWrite, .cannotSpeak: .internalServerError
        }
    }

    /// Sent with everything: the page may load only its own scripts, styles and media, may not be framed, and is
    /// never cached (it changes with the binary; the data with every save).
    static let common: HTTPFields = [
        .contentSecurityPolicy: "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; " +
            "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-store",
    ]

    static var encoder: JSONEncoder { StudioJSON.encoder() }
}
