import FoundationEssentials

/// A fast reader of a JSON array of TVmaze shows (RFC 8259 syntax), for snapshots of up to
/// hundreds of thousands of shows: it reads only the fields a list needs, straight from the
/// bytes, and notes where each show's object lies so that its synopsis, cast and seasons can be
/// decoded later, when its details are asked for.
///
/// It reads each field as `TVmazeDTO.Show`'s lenient decoding does (a field of the wrong type
/// reads as missing; an element without an integer `id` is skipped). Anything it is not sure to
/// read the same way — malformed or truncated JSON, a known key given twice, an escaped key, a
/// string that is not UTF-8 — makes it give up with `Failure.unsure`, and the caller decodes the
/// document with `JSONDecoder` instead, which gives the same result or the error to report.
struct ShowArrayScanner {
    /// Why a scan stopped.
    enum Failure: Error {
        /// The bytes end inside a value: read more and scan again from the last element.
        case needMore
        /// The document is not one this scanner reads exactly like `JSONDecoder`.
        case unsure
    }

    /// One element of the array that is a show.
    struct Element {
        /// The show's fields as the lenient DTO decoding reads them (synopsis and `_embedded` left out).
        let show: TVmazeDTO.Show
        /// Offset of the element's first byte (`{`), from the start of the scanned bytes.
        let start: Int
        /// Offset just past the element's last byte (`}`).
        let end: Int
    }

    let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    var position: Int
    /// Objects and arrays open around the current value.
    var depth = 0
    /// Deeper nesting is left to `JSONDecoder` (which refuses it), so that a hostile file
    /// cannot exhaust the stack.
    static let maximumDepth = 256

    /// Makes a scanner over bytes, starting at an offset.
    init(bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    // MARK: The array

    /// Skips white space and a UTF-8 byte-order mark, then the array's `[`.
    /// - Throws: `.unsure` when the document does not start with an array.
    mutating func openArray() throws {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains(bytes[position]) { position += 1 }
        guard position < bytes.count else { throw Failure.needMore }
        guard bytes[position] == UInt8(ascii: "[") else { throw Failure.unsure }
        position += 1
    }

    /// Reads the next element of the array and the `,` or `]` after it.
    /// - Parameter first: true for the array's first element (no `,` before it).
    /// - Returns: `.show` for a show, `.skipped` for an element that is not one, `.end` after `]`.
    /// - Throws: `.needMore` when the bytes end inside the element, `.unsure` as above.
    mutating func nextElement(first: Bool) throws -> Next {
        skipSpace()
        let c = try peek()
        if c == UInt8(ascii: "]") {
            position += 1
            return .end
        }
        if !first {
            guard c == UInt8(ascii: ",") else { throw Failure.unsure }
            position += 1
            skipSpace()
        }
        let start = position
        guard try peek() == UInt8(ascii: "{") else {
            try skipValue()
            return .skipped
        }
        guard let show = try readShow() else { return .skipped }
        return .show(Element(show: show, start: start, end: position))
    }

    /// What `nextElement` found.
    enum Next {
        case show(Element)
        case skipped
        case end
    }

    /// Checks that only white space follows the array.
    /// - Throws: `.unsure` when anything else does.
    mutating func finish() throws {
        skipSpace()
        guard position == bytes.count else { throw Failure.unsure }
    }

    // MARK: Bytes

    @inline(__always)
    func peek() throws -> UInt8 {
        guard position < bytes.count else { throw Failure.needMore }
        return bytes[position]
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws {
        guard try peek() == byte else { throw Failure.unsure }
        position += 1
    }

    @inline(__always)
    mutating func skipSpace() {
        while position < bytes.count {
            let c = bytes[position]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            position += 1
        }
    }

    /// Where the plain bytes of a string end, from `position`: the offset of the first quote,
    /// backslash or control byte (`bytes.count` when there is none), and whether every byte
    /// before it is ASCII. Eight bytes at a time: a byte equal to 0 is found in a word `v`
    /// by `(v - 0x01…01) & ~v & 0x80…80`, and one below `n` ≤ 128 by the same with `n` for
    /// 1 (Anderson, "Bit Twiddling Hacks": "Determine if a word has a zero byte"); a word
    /// holding one is then read byte by byte.
    @inline(__always)
    func plainRun() -> (end: Int, ascii: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = ones &* 0x22, backslashes = ones &* 0x5C, spaces = ones &* 0x20
        let count = bytes.count
        var i = position
        var seen: UInt64 = 0
        if let base = bytes.baseAddress {
            while i + 8 <= count {
                let v = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let q = v ^ quotes, b = v ^ backslashes
                let stop = ((q &- ones) & ~q) | ((b &- ones) & ~b) | ((v &- spaces) & ~v)
                if stop & highs != 0 { break }
                seen |= v
                i += 8
            }
        }
        var ascii = seen & highs == 0
        while i < count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
            if c >= 0x80 { ascii = false }
            i += 1
        }
        return (i, ascii)
    }
}
