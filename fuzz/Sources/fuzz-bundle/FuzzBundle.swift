import Foundation
import FuzzHarness

/// A static let, not a top-level global: libFuzzer supplies `main`, so top-level code never runs.
enum Scratch {
    static let path = NSTemporaryDirectory() + "/lessonpack-fuzz-\(ProcessInfo.processInfo.processIdentifier).lessonpack"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundle(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.bundle(Array(UnsafeBufferPointer(start: data, count: size)), scratch: Scratch.path)
    return 0
}
