import Foundation
import LessonpackSystem

/// Where `export web` finds the learning core built for the browser (lessonpack-core.wasm, made by
/// scripts/build-wasm): named by LESSONPACK_CORE_WASM, else beside the executable, else in ../share/lessonpack/ from
/// it, where scripts/install puts it. It is not built into the binary: compiling it needs the Embedded Swift
/// toolchain, which a SwiftPM build of the native binary does not run (docs/web-player.md says why).
package enum WebCoreFile {
    package static let name = "lessonpack-core.wasm"
    /// A WebAssembly module starts with these four bytes (and its version, 1).
    static let magic: [UInt8] = [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]
    static let limit = 16 << 20

    /// The places looked at, in order.
    package static func candidates(environment: [String: String], executable: String) -> [String] {
        if let named = environment["LESSONPACK_CORE_WASM"], !named.isEmpty { return [named] }
        let folder = (URL(fileURLWithPath: executable).resolvingSymlinksInPath().path as NSString).deletingLastPathComponent
        return ["\(folder)/\(name)", ((folder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("share/lessonpack/\(name)")]
    }

    /// The core's bytes, from the first place that has a WebAssembly module.
    package static func read(environment: [String: String] = ProcessInfo.processInfo.environment,
                             executable: String = Bundle.main.executablePath ?? CommandLine.arguments[0]) throws(WebExportError) -> [UInt8] {
        let places = candidates(environment: environment, executable: executable)
        for place in places {
            guard case .success(let bytes) = BoundedFile.read(place, limit: limit) else { continue }
            guard bytes.starts(with: magic) else {
                throw WebExportError(.webCoreMissing, "\(place) is not a WebAssembly module: rebuild it with scripts/build-wasm", file: place)
            }
            return bytes
        }
        throw WebExportError(.webCoreMissing, "the learning core for the browser (\(name)) is not installed: looked at "
                             + places.joined(separator: ", ") + "; build it with scripts/build-wasm and install it with "
                             + "scripts/install, or name it with LESSONPACK_CORE_WASM")
    }
}
