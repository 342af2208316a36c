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
    private(set) var newestUpdate: Int?

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

    /// Scans a file in pieces of a few megabytes.
    static func scanFile(path: String) throws -> ScannedShows {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ShowArrayScanner.Failure.unsure }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4 << 20)
        var filled = 0 // bytes of `buffer` holding file data
        var base = 0 // file offset of buffer[0]
        var resume = 0 // where scanning goes on, in `buffer`
        var opened = false, first = true, ended = false, atEOF = false, reserved = false
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
                let n = buffer.withUnsafeMutableBytes { b -> Int in
                    while true {
                        let r = read(fd, b.baseAddress! + filled, b.count - filled)
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
            if !outcome.needMore { return result }
            if !reserved, base + resume > 0, result.count > 0 {
                // Room for the whole file's shows at the first piece's rate (+5 %), so that
                // the array of 100,000 shows is not copied at each doubling as it grows. At
                // most `reservedShows`: a first piece of tiny records must not make a large
                // file reserve more memory than its shows will take.
                reserved = true
                var info = stat()
                if fstat(fd, &info) == 0, info.st_size > base + resume {
                    let estimate = Double(result.count) * Double(info.st_size) / Double(base + resume) * 1.05
                    result.reserve(Int(min(estimate, Double(Self.reservedShows))))
                }
            }
            if atEOF { throw ShowArrayScanner.Failure.unsure }
        }
    }
}
