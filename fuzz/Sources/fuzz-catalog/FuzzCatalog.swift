import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.catalog(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
