import Domain
import FoundationEssentials

/// A name folded into the filter's bytes.
extension NameFilter {
    /// Appends a name folded (`SearchFolding.fold`) as UTF-8 to `out`: an ASCII name lower-cased
    /// byte by byte, any other through `SearchFolding`.
    static func appendFolded(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.makeContiguousUTF8()
        let isASCII =
            text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
                for b in buffer where b >= 0x80 { return false }
                out.reserveCapacity(out.count + buffer.count)
                appendLowercased(buffer, to: &out)
                return true
            } ?? false
        if isASCII { return }
        out.append(contentsOf: SearchFolding.fold(text).utf8)
    }

    /// Appends ASCII bytes to `out` with their letters lower-cased (an ASCII name's fold).
    static func appendLowercased(_ ascii: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        for b in ascii { out.append(b &+ ((b >= 0x41 && b <= 0x5A) ? 0x20 : 0)) }
    }
}
