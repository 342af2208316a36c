import Domain
import FoundationEssentials

/// A name folded into the filter's bytes.
extension NameFilter {
    /// Makes a filter over the names of shows (`ShowNameFolding.names(of:)`).
    /// - Parameter shows: the shows, in list order; each name is read in place (mapping the
    ///   shows to their names would copy every show, retaining each of its strings).
    package init(namesOf shows: [TVShow]) {
        self = ShowNameFolding.names(of: shows)
    }

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

    /// Adds an ASCII name, its letters lower-cased (its fold), with its masks and the 0 that
    /// ends it, in one pass over its bytes (what `appendFolded` and `appendMasks` do).
    mutating func appendASCIIName(_ name: UnsafeBufferPointer<UInt8>) {
        let at = bytes.count, n = name.count
        var all: UInt64 = 0, words: UInt64 = 0
        bytes.append(contentsOf: repeatElement(0, count: n + 1))
        bytes.withUnsafeMutableBufferPointer { out in
            var afterWordByte = true // the first byte starts no word after it
            for k in 0..<n {
                let b = name[k]
                let folded = b &- 0x41 < 26 ? b | 0x20 : b
                out[at + k] = folded
                let bit = ByteMask.bit(folded)
                all |= bit
                if !afterWordByte { words |= bit }
                afterWordByte = FoldedMatch.isWordByte(folded)
            }
        }
        held.append(all)
        wordStarts.append(words)
    }
}
