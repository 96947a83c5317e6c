import Foundation
import FuzzHarness

let scratch = NSTemporaryDirectory() + "/lessonpack-fuzz-\(ProcessInfo.processInfo.processIdentifier).lessonpack"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundle(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.bundle(Array(UnsafeBufferPointer(start: data, count: size)), scratch: scratch)
    return 0
}
