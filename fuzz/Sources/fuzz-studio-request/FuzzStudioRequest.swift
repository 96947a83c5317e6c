import FuzzStudioHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStudioRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzStudioHarness.studioRequest(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
