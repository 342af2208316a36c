import Dispatch
import Domain
import FoundationEssentials
import Synchronization

/// The names of shows folded into a `NameFilter`: by the rows of the `ShowTable` that holds them
/// when they are most of its rows, else show by show, each half on a thread of its own from
/// `halvedNames` names on.
///
/// A list is in popularity order, not in the order of its table's rows, so reading the names
/// show by show reads the table's text, offsets and flags at random: at 100,000 shows nearly
/// every name costs a few misses of the processor's caches, which took most of the time of
/// the fold. Folded by rows, the table is read from start to end; the folded names are then
/// taken in the list's order from the filters of the rows, a few megabytes that stay in the
/// caches.
enum ShowNameFolding {
    /// The fewest names folded in two halves at once (below it, a thread costs more than it
    /// saves).
    static let halvedNames = 20_000

    /// The fewest shows whose names are folded by their table's rows (below it, the table's
    /// text stays in the caches whatever the order).
    static let byRowsNames = 4_096

    /// The names of shows, folded (`NameFilter.init(namesOf:)`).
    /// - Parameter shows: the shows, in list order.
    /// - Returns: their names folded, in the same order.
    static func names(of shows: [TVShow]) -> NameFilter {
        if shows.count >= byRowsNames, let (table, rows) = tableRows(of: shows), rows.count * 2 >= table.count {
            return take(rows, from: rowParts(of: table))
        }
        return inHalves(shows.count) { range in
            var part = NameFilter()
            appendNames(of: shows, range, to: &part)
            return part
        }
    }

    /// The names of every row of a table, folded in row order: in one filter, or from
    /// `halvedNames` rows on, with more than one processor, in two (the first half's rows and
    /// the second's), each folded on a thread of its own.
    /// - Parameter table: the shows' table.
    /// - Returns: filters whose positions, one after another, are the table's rows.
    static func rowParts(of table: ShowTable) -> [NameFilter] {
        guard table.count >= halvedNames, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            var all = NameFilter()
            appendRows(of: table, 0..<table.count, to: &all)
            return [all]
        }
        return each(halves(table.count)) { range in
            var half = NameFilter()
            appendRows(of: table, range, to: &half)
            return half
        }
    }

    /// The table the shows are rows of, and each show's row, in the shows' order; nil when a
    /// show is not a row of the same table as the first.
    static func tableRows(of shows: [TVShow]) -> (table: ShowTable, rows: [Int])? {
        guard let (table, _) = shows.first?.tableRow else { return nil }
        var rows: [Int] = []
        rows.reserveCapacity(shows.count)
        for show in shows {
            guard let (other, row) = show.tableRow, other === table else { return nil }
            rows.append(row)
        }
        return (table, rows)
    }

    /// A filter whose position k holds the name at position `positions[k]` of some filters'
    /// names one after another (`rowParts`): from `halvedNames` positions on, with more than
    /// one processor, each half of the positions taken on a thread of its own, straight into
    /// its place in the filter's columns.
    /// - Parameters:
    ///   - positions: positions of the parts' names, each below the sum of their counts.
    ///   - parts: the folded names to take from.
    static func take(_ positions: [Int], from parts: [NameFilter]) -> NameFilter {
        let n = positions.count
        let halved = n >= halvedNames && ProcessInfo.processInfo.activeProcessorCount > 1
        let pieces = halved ? halves(n) : [0..<n]
        var filter = NameFilter()
        var starts = [Int](repeating: 0, count: n)
        var held = [UInt64](repeating: 0, count: n)
        var wordStarts = [UInt64](repeating: 0, count: n)
        filter.bytes = withColumns(of: parts[...], []) { from in
            let reader = PartsReader(parts: from)
            let lengths = each(pieces) { reader.length(of: positions[$0]) }
            let total = lengths.reduce(0, +)
            return [UInt8](unsafeUninitializedCapacity: total) { out, written in
                starts.withUnsafeMutableBufferPointer { starts in
                    held.withUnsafeMutableBufferPointer { held in
                        wordStarts.withUnsafeMutableBufferPointer { words in
                            guard let to = PartsReader.Output(bytes: out, starts: starts, held: held, wordStarts: words) else { return }
                            _ = each(pieces.indices) { k in
                                reader.write(positions[pieces[k]], at: pieces[k].lowerBound, bytesFrom: lengths[..<k].reduce(0, +), to: to)
                            }
                        }
                    }
                }
                written = total
            }
        }
        filter.starts = starts
        filter.held = held
        filter.wordStarts = wordStarts
        return filter
    }

    /// `body` on each of some values, each on a thread of its own when there are more than one.
    /// - Returns: what `body` returned for each, in their order.
    private static func each<Values: RandomAccessCollection, Result: Sendable>(
        _ values: Values, _ body: @Sendable (Values.Element) -> Result
    ) -> [Result] where Values: Sendable, Values.Index == Int {
        guard values.count > 1 else { return values.map(body) }
        let results = Mutex<[Result?]>(Array(repeating: nil, count: values.count))
        DispatchQueue.concurrentPerform(iterations: values.count) { k in
            let result = body(values[values.startIndex + k])
            results.withLock { $0[k] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// The two halves of `0..<count`.
    private static func halves(_ count: Int) -> [Range<Int>] {
        [0..<count / 2, count / 2..<count]
    }

    /// The names of some filters one after another, read in place by position, and written
    /// into a filter's columns. Threads share one: it reads the parts, never writes them, and
    /// each writes its own positions' places in `Output`.
    private struct PartsReader: @unchecked Sendable {
        /// Columns that threads write in separate places.
        struct Output: @unchecked Sendable {
            let bytes: UnsafeMutablePointer<UInt8>, starts: UnsafeMutablePointer<Int>
            let held: UnsafeMutablePointer<UInt64>, wordStarts: UnsafeMutablePointer<UInt64>

            /// Nil when the columns are empty (no position).
            init?(
                bytes: UnsafeMutableBufferPointer<UInt8>, starts: UnsafeMutableBufferPointer<Int>, held: UnsafeMutableBufferPointer<UInt64>,
                wordStarts: UnsafeMutableBufferPointer<UInt64>
            ) {
                guard let b = bytes.baseAddress, let s = starts.baseAddress, let h = held.baseAddress, let w = wordStarts.baseAddress else { return nil }
                (self.bytes, self.starts, self.held, self.wordStarts) = (b, s, h, w)
            }
        }

        let parts: [Columns]
        /// Where each part's positions start.
        let bases: [Int]

        init(parts: [Columns]) {
            self.parts = parts
            var bases: [Int] = []
            var total = 0
            for part in parts {
                bases.append(total)
                total += part.starts.count
            }
            self.bases = bases
        }

        /// The part and the index in it of a position.
        @inline(__always)
        func locate(_ p: Int) -> (part: Int, index: Int) {
            var k = parts.count - 1
            while k > 0 && bases[k] > p { k -= 1 }
            return (k, p - bases[k])
        }

        /// Where a name starts in its part's bytes, and its length with the 0 that ends it.
        @inline(__always)
        func extent(_ k: Int, _ i: Int) -> (start: Int, length: Int) {
            let starts = parts[k].starts
            return (starts[i], (i + 1 < starts.count ? starts[i + 1] : parts[k].bytes.count) - starts[i])
        }

        /// The bytes of some positions' names, with their 0s.
        func length(of positions: ArraySlice<Int>) -> Int {
            var length = 0
            for p in positions {
                let (k, i) = locate(p)
                length += extent(k, i).length
            }
            return length
        }

        /// Writes some positions' names into `out` from index `first` on, their bytes from
        /// offset `offset` on.
        func write(_ positions: ArraySlice<Int>, at first: Int, bytesFrom offset: Int, to out: Output) {
            var j = first, at = offset
            for p in positions {
                let (k, i) = locate(p)
                let name = extent(k, i)
                if let base = parts[k].bytes.baseAddress { (out.bytes + at).update(from: base + name.start, count: name.length) }
                out.starts[j] = at
                out.held[j] = parts[k].held[i]
                out.wordStarts[j] = parts[k].wordStarts[i]
                at += name.length
                j += 1
            }
        }
    }

    /// A filter's columns, read in place.
    private struct Columns {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        let held: UnsafeBufferPointer<UInt64>
        let wordStarts: UnsafeBufferPointer<UInt64>
    }

    /// `body` with the columns of every part (and those of `read` before them), read in place.
    private static func withColumns<R>(of parts: ArraySlice<NameFilter>, _ read: [Columns], _ body: ([Columns]) -> R) -> R {
        guard let part = parts.first else { return body(read) }
        return part.bytes.withUnsafeBufferPointer { bytes in
            part.starts.withUnsafeBufferPointer { starts in
                part.held.withUnsafeBufferPointer { held in
                    part.wordStarts.withUnsafeBufferPointer { wordStarts in
                        let columns = Columns(bytes: bytes, starts: starts, held: held, wordStarts: wordStarts)
                        return withColumns(of: parts.dropFirst(), read + [columns], body)
                    }
                }
            }
        }
    }

    /// `make` run on `0..<count` whole, or from `halvedNames` on, with more than one
    /// processor, on each half on a thread of its own, the two joined in order.
    private static func inHalves(_ count: Int, _ make: @Sendable (Range<Int>) -> NameFilter) -> NameFilter {
        guard count >= halvedNames, ProcessInfo.processInfo.activeProcessorCount > 1 else { return make(0..<count) }
        let parts = each(halves(count), make)
        var whole = parts[0]
        whole.append(contentsOf: parts[1])
        return whole
    }

    /// Adds the names of some shows: an ASCII name held in a `ShowTable` is lower-cased from
    /// the table's bytes (what `appendFolded` does to its `String`), any other name is folded
    /// from its `String`.
    private static func appendNames(of shows: [TVShow], _ range: Range<Int>, to filter: inout NameFilter) {
        filter.starts.reserveCapacity(filter.starts.count + range.count)
        filter.held.reserveCapacity(filter.held.count + range.count)
        filter.wordStarts.reserveCapacity(filter.wordStarts.count + range.count)
        for i in range {
            if let (table, row) = shows[i].tableRow {
                appendRow(row, of: table, to: &filter)
            } else {
                filter.append(CollectionOfOne(shows[i].name))
            }
        }
    }

    /// Adds the names of some rows of a table, in row order (as `appendNames` folds them).
    private static func appendRows(of table: ShowTable, _ rows: Range<Int>, to filter: inout NameFilter) {
        filter.starts.reserveCapacity(filter.starts.count + rows.count)
        filter.held.reserveCapacity(filter.held.count + rows.count)
        filter.wordStarts.reserveCapacity(filter.wordStarts.count + rows.count)
        // Room for every name and its 0 at once (a folded name that is longer than its
        // bytes, ß as ss, grows it): growing by doubling maps and unmaps the buffer again and
        // again, which costs more than the fold once the buffer is past malloc's mmap threshold.
        var length = filter.bytes.count + rows.count
        for row in rows { length += table.withNameBytes(row) { $0.count } }
        filter.bytes.reserveCapacity(length)
        for row in rows { appendRow(row, of: table, to: &filter) }
    }

    /// Adds the name of a table's row: lower-cased from the table's bytes when it is ASCII,
    /// else folded from its `String`.
    @inline(__always)
    private static func appendRow(_ row: Int, of table: ShowTable, to filter: inout NameFilter) {
        if table.nameIsASCII(row) {
            filter.starts.append(filter.bytes.count)
            table.withNameBytes(row) { filter.appendASCIIName($0) }
        } else {
            filter.append(CollectionOfOne(TVShow(row: row, of: table).name))
        }
    }
}
