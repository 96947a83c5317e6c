import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.plist(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
