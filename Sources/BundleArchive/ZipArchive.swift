internal import CZlib
import Foundation
import LessonpackSystem

/// A ZIP file opened for reading: its checked directory, and each entry's data read from the offsets that
/// directory found, through zlib. The file stays open, so every entry comes from the file whose directory was
/// checked, even if the path is replaced meanwhile. Work is bounded by what the directory declares: an entry is
/// never decompressed past its declared size, and the caller's limit is checked before a byte is read.
package final class ZipArchive: Sendable {
    package let path: String
    package let directory: ZipDirectory
    private let file: ReadableFile

    package init(path: String, limits: ZipDirectory.Limits = ZipDirectory.Limits()) throws(ArchiveError) {
        self.path = path
        file = try Self.open(path)
        directory = try ZipDirectory.read(file, limits: limits)
    }

    static func open(_ path: String) throws(ArchiveError) -> ReadableFile {
        switch ReadableFile.open(path, links: .follow) {
        case .success(let file): return file
        case .failure(.missing): throw ArchiveError(.zipUnreadable, "no such file")
        case .failure(let failure): throw ArchiveError(.zipUnreadable, "it \(failure)")
        }
    }

    /// The entry the directory names `name`, byte for byte.
    package func entry(_ name: String) -> ZipDirectory.Entry? {
        let raw = Array(name.utf8)
        return directory.entries.first { $0.rawName == raw }
    }

    /// Streams an entry's data to `consume`, checking it decompresses to exactly its declared size and CRC-32.
    /// Refuses, before reading, an entry that declares more than `limit` bytes. Returns the size read.
    @discardableResult
    package func read(_ entry: ZipDirectory.Entry, limit: Int,
                     _ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        let quoted = "entry '\(entry.name)'"
        guard entry.uncompressedSize <= UInt64(max(0, limit)) else {
            throw ArchiveError(.zipTooLarge, "\(quoted) declares \(entry.uncompressedSize) bytes; at most \(limit) are read")
        }
        var checksum = uLong(0)
        let checked: (UnsafeRawBufferPointer) throws -> Void = { chunk in
            checksum = CZlib.crc32(checksum, chunk.bindMemory(to: Bytef.self).baseAddress, uInt(chunk.count))
            try consume(chunk)
        }
        let produced = entry.method == 0 ? try copyStored(entry, checked) : try inflate(entry, checked)
        guard produced == entry.uncompressedSize else {
            throw ArchiveError(.zipCorruptEntry, "\(quoted) holds \(produced) bytes, not the \(entry.uncompressedSize) it declares")
        }
        guard UInt32(checksum) == entry.crc32 else {
            throw ArchiveError(.zipCorruptEntry, "\(quoted) does not match its CRC-32: its data is damaged")
        }
        return Int(produced)
    }

    /// An entry's data, whole.
    package func readAll(_ entry: ZipDirectory.Entry, limit: Int) throws -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(Int(min(entry.uncompressedSize, UInt64(max(0, limit)))))
        try read(entry, limit: limit) { data.append(contentsOf: $0) }
        return data
    }

    private static let chunk = 1 << 16

    private func copyStored(_ entry: ZipDirectory.Entry, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> UInt64 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 1)
        defer { buffer.deallocate() }
        var done: UInt64 = 0
        while done < entry.compressedSize {
            let want = Int(min(UInt64(Self.chunk), entry.compressedSize - done))
            let got = try readData(entry, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]), at: done)
            try consume(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
            done += UInt64(got)
        }
        return done
    }

    private func inflate(_ entry: ZipDirectory.Entry, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> UInt64 {
        let quoted = "entry '\(entry.name)'"
        var stream = z_stream()
        // A negative window size: raw deflate, as ZIP stores it, with no zlib header or checksum.
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ArchiveError(.zipCorruptEntry, "cannot start decompressing \(quoted)")
        }
        defer { inflateEnd(&stream) }
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 1)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 1)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var readSoFar: UInt64 = 0
        var produced: UInt64 = 0
        while true {
            if stream.avail_in == 0, readSoFar < entry.compressedSize {
                let want = Int(min(UInt64(Self.chunk), entry.compressedSize - readSoFar))
                let got = try readData(entry, into: UnsafeMutableRawBufferPointer(rebasing: input[..<want]), at: readSoFar)
                readSoFar += UInt64(got)
                stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(got)
            }
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(Self.chunk)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let made = Self.chunk - Int(stream.avail_out)
            if made > 0 {
                produced += UInt64(made)
                // Stop the moment it outgrows its declaration: a bomb costs no more than what was declared.
                guard produced <= entry.uncompressedSize else {
                    throw ArchiveError(.zipCorruptEntry, "\(quoted) expands beyond the \(entry.uncompressedSize) bytes it declares")
                }
                try consume(UnsafeRawBufferPointer(rebasing: output[..<made]))
            }
            if status == Z_STREAM_END { break }
            if status == Z_BUF_ERROR, made == 0, stream.avail_in == 0, readSoFar == entry.compressedSize {
                throw ArchiveError(.zipCorruptEntry, "\(quoted) ends in the middle of its compressed data")
            }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                throw ArchiveError(.zipCorruptEntry, "\(quoted) has damaged compressed data")
            }
        }
        guard stream.avail_in == 0, readSoFar == entry.compressedSize else {
            throw ArchiveError(.zipCorruptEntry, "\(quoted) has bytes after the end of its compressed data")
        }
        return produced
    }

    /// Reads part of an entry's compressed data, which the directory has checked lies within the file.
    private func readData(_ entry: ZipDirectory.Entry, into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64)
        throws(ArchiveError) -> Int {
        let got: Int
        do { got = try file.read(into: buffer, at: entry.dataOffset + offset) } catch {
            throw ArchiveError(.zipUnreadable, "cannot read entry '\(entry.name)': \(SystemErrorText.describe(error))")
        }
        guard got == buffer.count else { throw ArchiveError(.zipTruncated, "entry '\(entry.name)' is cut short") }
        return got
    }
}
