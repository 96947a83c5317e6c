// The learning core's entry points for a web page: compiled by scripts/build-wasm together with
// Sources/LessonpackCore, with Embedded Swift, into lessonpack-core.wasm. Never part of the native build.
//
// The page passes integers through the module's memory (lc_alloc, then Int32s) and gets back a buffer the core
// allocated: a little-endian UInt32 byte count, then that many bytes of UTF-8 JSON. The page frees both.

@_cdecl("lc_alloc")
func lcAlloc(_ size: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(size, 1)), alignment: 16)
}

@_cdecl("lc_free")
func lcFree(_ pointer: UnsafeMutableRawPointer?) { pointer?.deallocate() }

/// The seed of one attempt's deal (`AttemptSeed.derive`); the activity's name comes as UTF-8 bytes.
@_cdecl("lc_attempt_seed")
func lcAttemptSeed(_ session: UInt64, _ name: UnsafePointer<UInt8>?, _ nameLength: Int32, _ attempt: Int32) -> UInt64 {
    let bytes = UnsafeBufferPointer(start: name, count: name == nil ? 0 : Int(max(nameLength, 0)))
    return AttemptSeed.derive(session: session, activity: String(decoding: bytes, as: UTF8.self), attempt: Int(attempt))
}

/// A deal (`DealCall.run`): `count` Int32 arguments at `arguments`.
@_cdecl("lc_deal")
func lcDeal(_ kind: Int32, _ seed: UInt64, _ arguments: UnsafePointer<Int32>?, _ count: Int32) -> UnsafeMutableRawPointer {
    let values = UnsafeBufferPointer(start: arguments, count: arguments == nil ? 0 : Int(max(count, 0))).map { Int($0) }
    return answer(DealCall.run(kind: Int(kind), seed: seed, arguments: values))
}

/// An attempt played from events (`EngineScript.run`): the module as the core's JSON (UTF-8 at `module`), the
/// activity, the seed, the options, and `count` Int32 events at `events`.
@_cdecl("lc_script")
func lcScript(_ module: UnsafePointer<UInt8>?, _ moduleLength: Int32, _ kind: Int32, _ seed: UInt64, _ options: Int32,
              _ events: UnsafePointer<Int32>?, _ count: Int32) -> UnsafeMutableRawPointer {
    let text = String(decoding: UnsafeBufferPointer(start: module, count: module == nil ? 0 : Int(max(moduleLength, 0))),
                      as: UTF8.self)
    let values = UnsafeBufferPointer(start: events, count: events == nil ? 0 : Int(max(count, 0))).map { Int($0) }
    return answer(EngineScript.run(module: text, kind: Int(kind), seed: seed, options: Int(options), events: values))
}

/// An activity on a page (`PageSession.run`): the module as the core's JSON and the request (the activity, the
/// session seed, the settings and the log), both UTF-8; the answer is the view after the log's last entry.
@_cdecl("lc_present")
func lcPresent(_ module: UnsafePointer<UInt8>?, _ moduleLength: Int32, _ request: UnsafePointer<UInt8>?,
               _ requestLength: Int32) -> UnsafeMutableRawPointer {
    answer(PageSession.run(module: text(module, moduleLength), request: text(request, requestLength)))
}

/// A text without case or accents, as the dictionary compares terms (`TextFolding.key`): UTF-8 in, a JSON string out.
@_cdecl("lc_fold")
func lcFold(_ text: UnsafePointer<UInt8>?, _ length: Int32) -> UnsafeMutableRawPointer {
    let typed = String(decoding: UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(max(length, 0))), as: UTF8.self)
    var json = CoreJSON()
    json.value(TextFolding.key(typed))
    return answer(json.text)
}

/// UTF-8 the page passed, as a String (invalid bytes replaced).
private func text(_ bytes: UnsafePointer<UInt8>?, _ length: Int32) -> String {
    String(decoding: UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(max(length, 0))), as: UTF8.self)
}

/// `text` in a buffer of the core's: its byte count, then its UTF-8.
private func answer(_ text: String) -> UnsafeMutableRawPointer {
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 4 + bytes.count, alignment: 16)
    let count = UInt32(bytes.count)
    for index in 0..<4 { buffer.storeBytes(of: UInt8(truncatingIfNeeded: count >> (8 * UInt32(index))), toByteOffset: index, as: UInt8.self) }
    bytes.withUnsafeBytes { buffer.advanced(by: 4).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    return buffer
}
