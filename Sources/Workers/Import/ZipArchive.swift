import CZipInflate
import FoundationEssentials

/// The members of a zip archive (PKWARE's APPNOTE.TXT, https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT):
/// the central directory found from the end-of-central-directory record, each member's data
/// after its local header, stored (method 0) or deflated (method 8) and inflated by the
/// system's zlib (`CZipInflate`), its CRC-32 checked. Zip64, encrypted members and other
/// methods are refused with a reason, as is a member above 256 MiB.
struct ZipArchive {
    /// One member's name and bytes.
    struct Member {
        let name: String
        let data: Data
    }

    /// Why an archive cannot be read here.
    struct Unreadable: Error {
        let reason: String
    }

    /// The largest member read, in bytes.
    static let memberLimit = 256 * 1024 * 1024

    /// The members whose names `wanted` accepts, in directory order.
    /// - Parameters:
    ///   - data: the archive's bytes.
    ///   - wanted: which names to read (others are listed only).
    /// - Returns: the members read, and the names of the others.
    /// - Throws: `Unreadable` for a damaged archive, zip64, an encrypted member, another
    ///   method, a wrong CRC, or zlib not found.
    static func members(of data: Data, where wanted: (String) -> Bool) throws -> (read: [Member], others: [String]) {
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(at), let high = u16(at + 2) else { return nil }
            return low | high << 16
        }
        guard bytes.count >= 22 else { throw Unreadable(reason: "too short to be a zip archive") }
        var end = -1
        var at = bytes.count - 22
        while at >= max(0, bytes.count - 22 - 65_535) {
            if u32(at) == 0x0605_4B50 { end = at; break }
            at -= 1
        }
        guard end >= 0, let entries = u16(end + 10), var offset = u32(end + 16) else {
            throw Unreadable(reason: "no zip central directory (damaged or cut short)")
        }
        if entries == 0xFFFF || offset == 0xFFFF_FFFF { throw Unreadable(reason: "a zip64 archive") }
        var read: [Member] = []
        var others: [String] = []
        for _ in 0..<entries {
            guard u32(offset) == 0x0201_4B50, let flags = u16(offset + 8), let method = u16(offset + 10), let crc = u32(offset + 16),
                let compressed = u32(offset + 20), let size = u32(offset + 24), let nameLength = u16(offset + 28),
                let extraLength = u16(offset + 30), let commentLength = u16(offset + 32), let local = u32(offset + 42),
                offset + 46 + nameLength <= bytes.count
            else {
                throw Unreadable(reason: "a damaged zip central directory")
            }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            offset += 46 + nameLength + extraLength + commentLength
            guard !name.hasSuffix("/"), wanted(name) else {
                if !name.hasSuffix("/") { others.append(name) }
                continue
            }
            if flags & 1 != 0 { throw Unreadable(reason: "\(name) is encrypted") }
            if compressed == 0xFFFF_FFFF || size == 0xFFFF_FFFF { throw Unreadable(reason: "a zip64 archive") }
            guard size <= memberLimit else { throw Unreadable(reason: "\(name) is larger than 256 MiB") }
            guard u32(local) == 0x0403_4B50, let localName = u16(local + 26), let localExtra = u16(local + 28) else {
                throw Unreadable(reason: "\(name)'s local header is damaged")
            }
            let start = local + 30 + localName + localExtra
            guard start + compressed <= bytes.count else { throw Unreadable(reason: "\(name) is cut short") }
            let input = Array(bytes[start..<(start + compressed)])
            switch method {
            case 0:
                var available: Int32 = 0
                let sum = input.withUnsafeBufferPointer { discover_zip_crc32($0.baseAddress, $0.count, &available) }
                guard available != 0 else { throw Unreadable(reason: "zlib (libz.so.1) cannot be opened") }
                guard compressed == size, Int(sum) == crc else { throw Unreadable(reason: "\(name) fails its CRC check") }
                read.append(Member(name: name, data: Data(input)))
            case 8:
                var output = [UInt8](repeating: 0, count: size)
                let status = input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { discover_zip_inflate(source.baseAddress, source.count, $0.baseAddress, size, UInt32(crc)) }
                }
                switch status {
                case 0: read.append(Member(name: name, data: Data(output)))
                case 1: throw Unreadable(reason: "zlib (libz.so.1) cannot be opened")
                case 3: throw Unreadable(reason: "\(name) fails its CRC check")
                default: throw Unreadable(reason: "\(name) is not valid deflated data")
                }
            default:
                throw Unreadable(reason: "\(name) uses compression method \(method), not stored or deflated")
            }
        }
        return (read, others)
    }
}
