import CSnapshotData
import Domain
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Catalogues read with `ShowArrayScanner`: the shows in the order of the array, with where
/// each show's JSON object lies.
extension ShowCatalog {
    /// Shows read by `ShowArrayScanner`, in the order of the array, with their objects' places.
    struct ScannedShows {
        var shows: [TVShow] = []
        var records: [Range<Int>] = []

        /// Makes room for `count` shows in all.
        mutating func reserve(_ count: Int) {
            shows.reserveCapacity(count)
            records.reserveCapacity(count)
        }

        /// One copy of each value that many shows repeat, so that their storage is shared.
        private var shared = SharedValues()

        mutating func append(_ show: TVShow, record: Range<Int>) {
            shows.append(shared.sharing(show))
            records.append(record)
        }
    }

    /// The values a catalogue's shows repeat (kinds, languages, statuses, genre lists,
    /// schedules, broadcasters), each kept once: a show made with the kept value shares its
    /// string and array storage instead of holding its own heap copy. Only the few distinct
    /// values of these fields are kept (a real catalogue has a few thousand at most), and the
    /// table is dropped once the catalogue is read.
    struct SharedValues {
        private var texts: [String: String] = [:]
        private var lists: [[String]: [String]] = [:]
        private var schedules: [AirSchedule: AirSchedule] = [:]
        private var broadcasters: [Broadcaster: Broadcaster] = [:]

        /// The show with its repeated values replaced by the kept equal ones.
        /// - Parameter show: a show.
        /// - Returns: an equal show.
        mutating func sharing(_ show: TVShow) -> TVShow {
            TVShow(
                id: show.id, name: show.name, type: text(show.type), language: text(show.language), genres: list(show.genres),
                status: text(show.status), runtimeMinutes: show.runtimeMinutes, premiered: show.premiered, ended: show.ended,
                officialSite: show.officialSite, schedule: schedule(show.schedule), rating: show.rating, weight: show.weight,
                broadcaster: broadcaster(show.broadcaster), summary: show.summary, updatedAt: show.updatedAt,
                popularityRank: show.popularityRank
            )
        }

        private mutating func text(_ value: String?) -> String? {
            guard let value else { return nil }
            if let kept = texts[value] { return kept }
            texts[value] = value
            return value
        }

        private mutating func list(_ value: [String]) -> [String] {
            if value.isEmpty { return [] }
            if let kept = lists[value] { return kept }
            lists[value] = value
            return value
        }

        private mutating func schedule(_ value: AirSchedule) -> AirSchedule {
            if let kept = schedules[value] { return kept }
            schedules[value] = value
            return value
        }

        private mutating func broadcaster(_ value: Broadcaster?) -> Broadcaster? {
            guard let value else { return nil }
            if let kept = broadcasters[value] { return kept }
            broadcasters[value] = value
            return value
        }
    }

    init(_ scanned: consuming ScannedShows, source: DataSource, store: ShowRecords.Store) {
        let order = Self.rankOrder(of: scanned.shows, keeping: Self.newestByID(scanned.shows))
        // The shows are put in rank order in place (a copy of 100,000 shows would retain and
        // release every string of each); older duplicates go to the end and are dropped.
        var shows = scanned.shows, records = scanned.records
        scanned.shows = []
        scanned.records = []
        var full = order
        if order.count < shows.count {
            var kept = [Bool](repeating: false, count: shows.count)
            for i in order { kept[i] = true }
            full += shows.indices.filter { !kept[$0] }
        }
        Self.permute(&shows, &records, by: full)
        shows.removeLast(shows.count - order.count)
        records.removeLast(records.count - order.count)
        self.init(sorted: shows, source: source, cast: [:], seasons: [:], summaryHTML: [:],
                  records: ShowRecords(store: store, ranges: records))
    }

    /// Reorders two parallel arrays in place so that position `i` holds what was at
    /// `order[i]`, by swaps along each cycle of the permutation (values are moved, never copied).
    /// - Parameters:
    ///   - shows: the shows.
    ///   - records: their records, reordered alike.
    ///   - order: a permutation of the arrays' indices.
    static func permute(_ shows: inout [TVShow], _ records: inout [Range<Int>], by order: [Int]) {
        var placed = [Bool](repeating: false, count: order.count)
        // Swapped through buffer pointers, which move the values (`Array.swapAt` copies them,
        // retaining and releasing every string of a show).
        shows.withUnsafeMutableBufferPointer { shows in
            records.withUnsafeMutableBufferPointer { records in
                for start in order.indices where !placed[start] {
                    var j = start
                    placed[j] = true
                    while order[j] != start {
                        let k = order[j]
                        shows.swapAt(j, k)
                        records.swapAt(j, k)
                        placed[k] = true
                        j = k
                    }
                }
            }
        }
    }

    /// Scans a whole document held in memory.
    static func scanWhole(_ bytes: UnsafeRawBufferPointer) throws -> ScannedShows {
        var scanner = ShowArrayScanner(bytes: bytes)
        var result = ScannedShows()
        do {
            try scanner.openArray()
            var first = true
            scanLoop: while true {
                switch try scanner.nextElement(first: first) {
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
        var filled = 0          // bytes of `buffer` holding file data
        var base = 0            // file offset of buffer[0]
        var resume = 0          // where scanning goes on, in `buffer`
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
                        switch try scanner.nextElement(first: first) {
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
            if !reserved, base + resume > 0, !result.shows.isEmpty {
                // Room for the whole file's shows at the first piece's rate (+5 %), so that
                // the array of 100,000 shows is not copied at each doubling as it grows. At
                // most `reservedShows`: a first piece of tiny records must not make a large
                // file reserve more memory than its shows will take.
                reserved = true
                var info = stat()
                if fstat(fd, &info) == 0, info.st_size > base + resume {
                    let estimate = Double(result.shows.count) * Double(info.st_size) / Double(base + resume) * 1.05
                    result.reserve(Int(min(estimate, Double(Self.reservedShows))))
                }
            }
            if atEOF { throw ShowArrayScanner.Failure.unsure }
        }
    }
}
