import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Shows read by `ShowArrayScanner`, in the order of the array, with their objects' places:
/// collected straight into the columns of a `ShowTable`, so that no show is held as a value of
/// its own. `ShowCatalog` ranks them and keeps one show per id.
struct ScannedShows {
    var table = ShowTable.Builder()
    var records: [Range<Int>] = []

    /// Makes room for `count` shows in all.
    mutating func reserve(_ count: Int) {
        table.reserve(count, textBytes: count * 64)
        records.reserveCapacity(count)
    }

    /// How many shows are read.
    var count: Int { table.count }
    /// The newest `updated` stamp of the shows read (Unix seconds), nil when none has one.
    var newestUpdate: Int?

    /// Adds a show read whole, as the table's next row.
    mutating func append(_ show: TVShow, record: Range<Int>) {
        table.append(show)
        appended(updated: show.updatedAt, record: record)
    }

    /// Notes a row the scanner wrote to the table itself.
    mutating func appended(updated: Int?, record: Range<Int>) {
        if let updated, updated > newestUpdate ?? Int.min { newestUpdate = updated }
        records.append(record)
    }

    /// Scans a whole document held in memory.
    static func scanWhole(_ bytes: UnsafeRawBufferPointer) throws -> ScannedShows {
        var scanner = ShowArrayScanner(bytes: bytes)
        var result = ScannedShows()
        do {
            try scanner.openArray()
            var first = true
            scanLoop: while true {
                switch try scanner.nextElement(first: first, into: &result.table) {
                case .row(let start, let end, let updated):
                    result.appended(updated: updated, record: start..<end)
                case .show(let element):
                    result.append(TVmazeMapper.show(element.show, includeSummary: false), record: element.start..<element.end)
                case .skipped: break
                case .end: break scanLoop
                }
                first = false
            }
            try scanner.finish()
        } catch ShowArrayScanner.Failure.needMore {
            throw ShowArrayScanner.Failure.unsure
        }
        return result
    }

    /// The most shows `scanFile` makes room for ahead (twice the largest catalogue benched); a larger
    /// catalogue's array grows as it is read.
    static let reservedShows = 200_000

    /// The bytes read from the file at a time, per piece scanned (a buffer grows to hold an
    /// element larger than this).
    static let readSize = 1 << 20

    /// What `scanRegion` read: the shows of the elements it read, the file offset just past the
    /// last of them, and whether it read the array's end (and checked that only white space
    /// follows it).
    struct Region {
        var shows: ScannedShows
        var end: Int
        var ended: Bool
    }

    /// Scans the elements of a file's array from an offset, in pieces of `readSize` bytes.
    /// - Parameters:
    ///   - fd: the file, open for reading (read with `pread`, so pieces may be scanned at once).
    ///   - start: the offset: 0 for the file's start (the array is opened), else just past an
    ///     element (a `,` and the next element follow).
    ///   - limit: stop after the first element that ends at or past this offset; nil to read to
    ///     the array's end.
    ///   - fileSize: the file's size in bytes.
    ///   - roomUntil: the offset up to which the shows' room is made ahead, at the rate of the
    ///     first piece read (the file's end, or the limit when another region's shows will be
    ///     added to another builder).
    /// - Returns: the region read.
    /// - Throws: `ShowArrayScanner.Failure.unsure` when the file cannot be read or is not one the
    ///   scanner reads exactly like `JSONDecoder`.
    static func scanRegion(fd: Int32, from start: Int, until limit: Int?, fileSize: Int, roomUntil: Int? = nil) throws -> Region {
        var buffer = [UInt8](repeating: 0, count: readSize)
        var filled = 0 // bytes of `buffer` holding file data
        var base = start // file offset of buffer[0]
        var resume = 0 // where scanning goes on, in `buffer`
        var opened = start > 0, first = start == 0, ended = false, atEOF = false, reserved = false, stopped = false
        var result = ScannedShows()
        while true {
            // Read more: keep the bytes from `resume`, grow when one element fills the buffer.
            if resume > 0 {
                buffer.withUnsafeMutableBytes { b in
                    _ = memmove(b.baseAddress!, b.baseAddress! + resume, filled - resume)
                }
                filled -= resume
                base += resume
                resume = 0
            }
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            if !atEOF {
                let offset = base + filled
                let n = buffer.withUnsafeMutableBytes { b -> Int in
                    while true {
                        let r = pread(fd, b.baseAddress! + filled, b.count - filled, off_t(offset))
                        if r < 0 && errno == EINTR { continue }
                        return r
                    }
                }
                guard n >= 0 else { throw ShowArrayScanner.Failure.unsure }
                if n == 0 { atEOF = true }
                filled += n
            }
            let outcome: (resume: Int, needMore: Bool) = try buffer.withUnsafeBytes { whole in
                let bytes = UnsafeRawBufferPointer(rebasing: whole[0..<filled])
                var scanner = ShowArrayScanner(bytes: bytes, position: resume)
                var mark = resume
                do {
                    if !opened {
                        try scanner.openArray()
                        opened = true
                        mark = scanner.position
                    }
                    while !ended {
                        switch try scanner.nextElement(first: first, into: &result.table) {
                        case .row(let start, let end, let updated):
                            result.appended(updated: updated, record: (base + start)..<(base + end))
                        case .show(let element):
                            result.append(TVmazeMapper.show(element.show, includeSummary: false), record: (base + element.start)..<(base + element.end))
                        case .skipped: break
                        case .end: ended = true
                        }
                        first = false
                        mark = scanner.position
                        if !ended, let limit, base + mark >= limit {
                            stopped = true
                            return (mark, false)
                        }
                    }
                    if atEOF {
                        try scanner.finish()
                    } else {
                        // Only white space may follow; read on to see.
                        var tail = scanner
                        do { try tail.finish() } catch { throw ShowArrayScanner.Failure.unsure }
                        return (filled, true)
                    }
                    return (mark, false)
                } catch ShowArrayScanner.Failure.needMore {
                    return (mark, true)
                }
            }
            resume = outcome.resume
            if !outcome.needMore { return Region(shows: result, end: base + resume, ended: !stopped) }
            if !reserved, base + resume > start, result.count > 0 {
                // Room for the shows up to `roomUntil` at the first piece's rate (+5 %), so
                // that the array of 100,000 shows is not copied at each doubling as it grows. At
                // most that part of the file's share of `reservedShows`: a first piece of tiny
                // records must not make a large file reserve more memory than its shows will take.
                reserved = true
                let room = Double((roomUntil ?? fileSize) - start), read = Double(base + resume - start)
                if room > read, fileSize > 0 {
                    let estimate = Double(result.count) * room / read * 1.05
                    result.reserve(Int(min(estimate, Double(Self.reservedShows) * min(1, room / Double(fileSize)))))
                }
            }
            if atEOF { throw ShowArrayScanner.Failure.unsure }
        }
    }
}
