/// Little-endian fields of ZIP records, read from byte arrays that the caller has already checked are long enough.
extension Array where Element == UInt8 {
    func le16(_ index: Int) -> UInt16 { UInt16(self[index]) | UInt16(self[index + 1]) << 8 }
    func le32(_ index: Int) -> UInt32 { UInt32(le16(index)) | UInt32(le16(index + 2)) << 16 }
    func le64(_ index: Int) -> UInt64 { UInt64(le32(index)) | UInt64(le32(index + 4)) << 32 }
}

/// The signatures that start each kind of ZIP record.
enum ZipSignature {
    static let localHeader: UInt32 = 0x0403_4B50
    static let centralRecord: UInt32 = 0x0201_4B50
    static let dataDescriptor: UInt32 = 0x0807_4B50
    static let endRecord: UInt32 = 0x0605_4B50
    static let zip64EndRecord: UInt32 = 0x0606_4B50
    static let zip64Locator: UInt32 = 0x0706_4B50
}
