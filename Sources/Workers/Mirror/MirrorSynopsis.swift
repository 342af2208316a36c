import CZipInflate

/// A synopsis as the mirror keeps it: deflated (raw DEFLATE through the system's zlib, as zip
/// files are read), which takes a TVmaze synopsis to about half its bytes: the format byte 1, its
/// UTF-8 length and CRC-32 (4 bytes each, little-endian), then the deflated bytes; or, when zlib
/// cannot be opened or deflating gains nothing, the format byte 0 and the UTF-8 bytes.
enum MirrorSynopsis {
    /// The synopsis packed.
    /// - Parameter html: the synopsis (TVmaze's HTML).
    static func pack(_ html: String) -> [UInt8] {
        let plain = Array(html.utf8)
        var available: Int32 = 0
        let crc = plain.withUnsafeBufferPointer { discover_zip_crc32($0.baseAddress, $0.count, &available) }
        guard available != 0, plain.count > 16, plain.count <= Int(UInt32.max) else { return [0] + plain }
        var out = [UInt8](repeating: 0, count: plain.count)
        var produced = 0
        let status = plain.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { discover_deflate_raw(input.baseAddress, input.count, $0.baseAddress, $0.count, &produced) }
        }
        guard status == 0, produced + 9 < plain.count else { return [0] + plain }
        return [1] + littleEndian(UInt32(plain.count)) + littleEndian(crc) + out.prefix(produced)
    }

    /// The synopsis unpacked, or nil when the bytes are not a packed synopsis (damaged, or zlib
    /// cannot be opened to inflate them).
    /// - Parameter bytes: the packed bytes.
    static func unpack(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let format = bytes.first else { return nil }
        if format == 0 { return String(decoding: bytes.dropFirst(), as: UTF8.self) }
        guard format == 1, bytes.count >= 9 else { return nil }
        func word(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        let length = Int(word(1))
        let crc = word(5)
        var out = [UInt8](repeating: 0, count: length)
        let deflated = UnsafeRawBufferPointer(rebasing: bytes[9...])
        let status = out.withUnsafeMutableBufferPointer { output in
            discover_zip_inflate(deflated.baseAddress?.assumingMemoryBound(to: UInt8.self), deflated.count, output.baseAddress, output.count, crc)
        }
        return status == 0 ? String(decoding: out, as: UTF8.self) : nil
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
