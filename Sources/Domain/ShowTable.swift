/// Many shows stored compactly, column by column: the names and web sites in one UTF-8 buffer
/// with offsets, the values shows repeat (kinds, languages, statuses, genre lists, schedules,
/// broadcasters) as small integer ids into tables that hold each value once, dates as day
/// numbers (`CivilDays`), numbers as 32-bit integers where they fit. A show of a table
/// (`TVShow(row:of:)`) is a reference and a row number; its fields are read from the columns
/// when asked for: about 80 bytes a show plus the bytes of its name and web site (a `TVShow` held
/// on its own is about 344 bytes plus its strings on the heap).
///
/// Nothing is lost: a show with a value that does not fit a column (a number beyond 32 bits,
/// text beyond 4 GiB in all) is kept whole beside the columns, and a synopsis is kept by row.
/// Immutable once made (`Builder.finish()`), so it is shared between threads freely.
public final class ShowTable: Sendable {
    /// Marks a missing 32-bit value in a column.
    static let none32 = Int32.min
    /// Marks a missing 64-bit value in a column.
    static let none64 = Int64.min

    /// Bits of `flags`.
    enum Flag {
        static let hasSite: UInt8 = 1, hasRating: UInt8 = 2, asciiName: UInt8 = 4, whole: UInt8 = 8
    }

    let ids: [Int]
    /// The UTF-8 bytes of every name and web site, row after row.
    let text: [UInt8]
    /// Per row r, the name is `text[offsets[2r] ..< offsets[2r + 1]]` and the web site
    /// `text[offsets[2r + 1] ..< offsets[2r + 2]]`.
    let offsets: [UInt32]
    /// Per row, three ids into `words` (0 for none): kind, language, status.
    let wordIDs: [UInt32]
    /// Per row, an id into `genreLists` (0 for none), `schedules` and `broadcasters` (0 for none).
    let listIDs: [UInt32]
    let words: [String]
    let genreLists: [[String]]
    let schedules: [AirSchedule]
    let broadcasters: [Broadcaster?]
    /// Per row: runtime in minutes, weight, popularity rank, first and last day (day numbers).
    let numbers: [Int32]
    let ratings: [Double]
    let updated: [Int64]
    let flags: [UInt8]
    /// Synopses by row, for the rows that have one.
    let summaries: [Int32: [String]]
    /// Shows kept whole by row, for the rows whose values do not fit the columns.
    let wholeShows: [Int32: TVShow]

    static let numbersPerRow = 5

    /// How many shows the table holds.
    public var count: Int { ids.count }

    fileprivate init(_ b: consuming Builder) {
        ids = b.ids
        text = b.text
        offsets = b.offsets
        wordIDs = b.wordIDs
        listIDs = b.listIDs
        words = b.words
        genreLists = b.genreLists
        schedules = b.schedules
        broadcasters = b.broadcasters
        numbers = b.numbers
        ratings = b.ratings
        updated = b.updated
        flags = b.flags
        summaries = b.summaries
        wholeShows = b.wholeShows
    }

    /// A table of the given shows, in their order.
    /// - Parameter shows: the shows.
    public convenience init(_ shows: [TVShow]) {
        var builder = Builder()
        builder.reserve(shows.count, textBytes: shows.count * 48)
        for i in shows.indices { builder.append(shows[i]) }
        self.init(builder)
    }

    /// The shows of the table, in row order.
    public var shows: [TVShow] { (0..<count).map { TVShow(row: $0, of: self) } }

    // MARK: Reading a row

    /// The show's id.
    /// - Parameter row: a row, from 0 below `count`.
    @inline(__always) public func id(_ row: Int) -> Int { ids[row] }

    /// The name's UTF-8 bytes, given to `body` without a copy.
    /// - Parameters:
    ///   - row: a row.
    ///   - body: reads the bytes.
    /// - Returns: what `body` returns.
    public func withNameBytes<R>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if flags[row] & Flag.whole != 0, let whole = wholeShows[Int32(row)] {
            var name = whole.name
            return try name.withUTF8(body)
        }
        let start = Int(offsets[2 * row]), end = Int(offsets[2 * row + 1])
        return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// True when the row's name is ASCII only (so that it compares and lower-cases byte by byte).
    /// - Parameter row: a row.
    @inline(__always) public func nameIsASCII(_ row: Int) -> Bool { flags[row] & Flag.asciiName != 0 }

    func string(_ row: Int, _ which: Int) -> String {
        let start = Int(offsets[2 * row + which]), end = Int(offsets[2 * row + which + 1])
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    func name(_ row: Int) -> String { string(row, 0) }
    func officialSite(_ row: Int) -> String? { flags[row] & Flag.hasSite != 0 ? string(row, 1) : nil }
    func word(_ row: Int, _ which: Int) -> String? {
        let id = Int(wordIDs[3 * row + which])
        return id == 0 ? nil : words[id]
    }
    func genres(_ row: Int) -> [String] { genreLists[Int(listIDs[3 * row])] }
    func schedule(_ row: Int) -> AirSchedule { schedules[Int(listIDs[3 * row + 1])] }
    func broadcaster(_ row: Int) -> Broadcaster? { broadcasters[Int(listIDs[3 * row + 2])] }
    func number(_ row: Int, _ which: Int) -> Int? {
        let n = numbers[Self.numbersPerRow * row + which]
        return n == Self.none32 ? nil : Int(n)
    }
    func date(_ row: Int, _ which: Int) -> CalendarDate? { number(row, which).map(CivilDays.date) }
    /// The rating (0–10), nil when none.
    /// - Parameter row: a row.
    @inline(__always) public func rating(_ row: Int) -> Double? {
        let flag = flags[row]
        if flag & Flag.whole != 0 { return wholeShows[Int32(row)]?.rating }
        return flag & Flag.hasRating != 0 ? ratings[row] : nil
    }
    /// The weight (TVmaze's popularity score), nil when none.
    /// - Parameter row: a row.
    @inline(__always) public func weight(_ row: Int) -> Int? {
        flags[row] & Flag.whole != 0 ? wholeShows[Int32(row)]?.weight : number(row, 1)
    }
    /// The place in the provider's own popularity list, nil when none.
    /// - Parameter row: a row.
    @inline(__always) public func popularityRank(_ row: Int) -> Int? {
        flags[row] & Flag.whole != 0 ? wholeShows[Int32(row)]?.popularityRank : number(row, 2)
    }
    /// When the provider last changed the record (Unix seconds), nil when not said.
    /// - Parameter row: a row.
    @inline(__always) public func updatedAt(_ row: Int) -> Int? {
        let n = updated[row]
        if n == Self.none64, flags[row] & Flag.whole != 0 { return wholeShows[Int32(row)]?.updatedAt }
        return n == Self.none64 ? nil : Int(n)
    }
    func summary(_ row: Int) -> [String] { summaries[Int32(row)] ?? [] }
    /// The row's show when it is kept whole (its values do not fit the columns), else nil.
    @inline(__always) func whole(_ row: Int) -> TVShow? {
        flags[row] & Flag.whole != 0 ? wholeShows[Int32(row)] : nil
    }

    // MARK: Making a table

    /// Collects shows into the columns of a table.
    public struct Builder: Sendable {
        var ids: [Int] = []
        var text: [UInt8] = []
        var offsets: [UInt32] = [0]
        var wordIDs: [UInt32] = []
        var listIDs: [UInt32] = []
        var words: [String] = [""]
        var genreLists: [[String]] = [[]]
        var schedules: [AirSchedule] = [.none]
        var broadcasters: [Broadcaster?] = [nil]
        var numbers: [Int32] = []
        var ratings: [Double] = []
        var updated: [Int64] = []
        var flags: [UInt8] = []
        var summaries: [Int32: [String]] = [:]
        var wholeShows: [Int32: TVShow] = [:]
        var wordIndex: [String: UInt32] = [:]
        var genreIndex: [[String]: UInt32] = [[]: 0]
        var scheduleIndex: [AirSchedule: UInt32] = [.none: 0]
        var broadcasterIndex: [Broadcaster?: UInt32] = [nil: 0]
        // The ids of values found by the bytes they are read from (`appendRow`): kinds apart,
        // since their bytes are read otherwise (HTML entities decoded) than a language's.
        private var kindKeys = ByteKeyedIDs(), wordKeys = ByteKeyedIDs(), genreKeys = ByteKeyedIDs()
        private var scheduleKeys = ByteKeyedIDs(), broadcasterKeys = ByteKeyedIDs()

        /// Makes an empty builder.
        public init() {}

        /// How many shows are collected.
        public var count: Int { ids.count }

        /// Makes room for `count` shows in all, whose names and sites take about `textBytes`.
        /// - Parameters:
        ///   - count: shows.
        ///   - textBytes: bytes of names and web sites.
        public mutating func reserve(_ count: Int, textBytes: Int) {
            ids.reserveCapacity(count)
            text.reserveCapacity(textBytes)
            offsets.reserveCapacity(2 * count + 1)
            wordIDs.reserveCapacity(3 * count)
            listIDs.reserveCapacity(3 * count)
            numbers.reserveCapacity(ShowTable.numbersPerRow * count)
            ratings.reserveCapacity(count)
            updated.reserveCapacity(count)
            flags.reserveCapacity(count)
        }

        /// Adds a show as the next row.
        /// - Parameter show: the show.
        public mutating func append(_ show: TVShow) {
            let row = Int32(truncatingIfNeeded: ids.count)
            ids.append(show.id)
            var flag: UInt8 = 0
            let runtime = show.runtimeMinutes, weight = show.weight, rank = show.popularityRank
            let first = show.premiered.map(CivilDays.days), last = show.ended.map(CivilDays.days)
            func fits32(_ n: Int?) -> Bool { n.map { $0 > Int(ShowTable.none32) && $0 <= Int(Int32.max) } ?? true }
            let fits =
                fits32(runtime) && fits32(weight) && fits32(rank) && fits32(first) && fits32(last)
                && (show.updatedAt.map { Int64($0) != ShowTable.none64 } ?? true)
                && text.count + show.name.utf8.count + (show.officialSite?.utf8.count ?? 0) < Int(UInt32.max)
            var name = show.name, site = show.officialSite ?? ""
            if !fits {
                flag |= Flag.whole
                wholeShows[row] = show
                name = ""
                site = ""
            }
            var ascii = true
            name.withUTF8 { bytes in
                for b in bytes where b >= 0x80 { ascii = false; break }
                text.append(contentsOf: bytes)
            }
            offsets.append(UInt32(text.count))
            site.withUTF8 { text.append(contentsOf: $0) }
            offsets.append(UInt32(text.count))
            if ascii && fits { flag |= Flag.asciiName }
            if show.officialSite != nil { flag |= Flag.hasSite }
            if let rating = show.rating { flag |= Flag.hasRating; ratings.append(rating) } else { ratings.append(0) }
            for n in [runtime, weight, rank, first, last] { numbers.append(fits ? n.map { Int32($0) } ?? ShowTable.none32 : ShowTable.none32) }
            updated.append(fits ? show.updatedAt.map { Int64($0) } ?? ShowTable.none64 : ShowTable.none64)
            let wordRow = (word(show.type, 0), word(show.language, 1), word(show.status, 2))
            wordIDs.append(wordRow.0)
            wordIDs.append(wordRow.1)
            wordIDs.append(wordRow.2)
            let lists = (genreList(show.genres), schedule(show.schedule), broadcaster(show.broadcaster))
            listIDs.append(lists.0)
            listIDs.append(lists.1)
            listIDs.append(lists.2)
            if !show.summary.isEmpty { summaries[row] = show.summary }
            flags.append(flag)
        }

        /// Adds a row given as bytes and ids, with no show made; the same row as `append(_:)`
        /// adds for the show those values spell.
        /// - Parameter row: the row (its ids from this builder).
        /// - Returns: false, with nothing added, when a value does not fit the columns (a
        ///   number beyond 32 bits, text beyond 4 GiB in all): such a show is given whole to `append(_:)`.
        public mutating func appendRow(_ row: ShowTableRow) -> Bool {
            func fits32(_ n: Int?) -> Bool { n.map { $0 > Int(ShowTable.none32) && $0 <= Int(Int32.max) } ?? true }
            guard fits32(row.runtime), fits32(row.weight), fits32(row.firstDay), fits32(row.lastDay),
                row.updated.map({ Int64($0) != ShowTable.none64 }) ?? true,
                text.count + row.name.count + (row.officialSite?.count ?? 0) < Int(UInt32.max)
            else { return false }
            ids.append(row.id)
            text.append(contentsOf: row.name)
            offsets.append(UInt32(text.count))
            if let site = row.officialSite { text.append(contentsOf: site) }
            offsets.append(UInt32(text.count))
            var flag: UInt8 = row.nameIsASCII ? Flag.asciiName : 0
            if row.officialSite != nil { flag |= Flag.hasSite }
            if let rating = row.rating { flag |= Flag.hasRating; ratings.append(rating) } else { ratings.append(0) }
            for n in [row.runtime, row.weight, nil, row.firstDay, row.lastDay] { numbers.append(n.map { Int32($0) } ?? ShowTable.none32) }
            updated.append(row.updated.map { Int64($0) } ?? ShowTable.none64)
            wordIDs.append(row.kind)
            wordIDs.append(row.language)
            wordIDs.append(row.status)
            listIDs.append(row.genres)
            listIDs.append(row.schedule)
            listIDs.append(row.broadcaster)
            flags.append(flag)
            return true
        }

        /// The id of a kind, language or status found by the bytes it is read from.
        /// - Parameters:
        ///   - key: the bytes (the same bytes always give the same value).
        ///   - kind: true for a show's kind, false for a language or status.
        ///   - make: the value, asked for when the bytes are new to the builder.
        /// - Returns: the id for `ShowTableRow`.
        public mutating func wordID(key: UnsafeRawBufferPointer, kind: Bool, make: () -> String) -> UInt32 {
            if let id = kind ? kindKeys.id(for: key) : wordKeys.id(for: key) { return id }
            let id = Self.id(of: make(), in: &words, &wordIndex)
            if kind { kindKeys.add(key, id: id) } else { wordKeys.add(key, id: id) }
            return id
        }

        /// The id of a genre list found by the bytes it is read from; see `wordID(key:kind:make:)`.
        public mutating func genreListID(key: UnsafeRawBufferPointer, make: () -> [String]) -> UInt32 {
            if let id = genreKeys.id(for: key) { return id }
            let id = Self.id(of: make(), in: &genreLists, &genreIndex)
            genreKeys.add(key, id: id)
            return id
        }

        /// The id of a schedule found by the bytes it is read from; see `wordID(key:kind:make:)`.
        public mutating func scheduleID(key: UnsafeRawBufferPointer, make: () -> AirSchedule) -> UInt32 {
            if let id = scheduleKeys.id(for: key) { return id }
            let id = Self.id(of: make(), in: &schedules, &scheduleIndex)
            scheduleKeys.add(key, id: id)
            return id
        }

        /// The id of a broadcaster (nil for none) found by the bytes it is read from; see `wordID(key:kind:make:)`.
        public mutating func broadcasterID(key: UnsafeRawBufferPointer, make: () -> Broadcaster?) -> UInt32 {
            if let id = broadcasterKeys.id(for: key) { return id }
            let id = Self.id(of: make(), in: &broadcasters, &broadcasterIndex)
            broadcasterKeys.add(key, id: id)
            return id
        }

        /// The table of the shows collected (the builder is used up).
        public consuming func finish() -> ShowTable { ShowTable(self) }

        // A value equal to the previous row's takes its id without hashing (shows next to each
        // other often share them, and `==` stops at the first field that differs).
        private mutating func word(_ value: String?, _ slot: Int) -> UInt32 {
            guard let value else { return 0 }
            if let last = wordIDs.count >= 3 ? wordIDs[wordIDs.count - 3 + slot] : nil, last != 0, words[Int(last)] == value { return last }
            return Self.id(of: value, in: &words, &wordIndex)
        }

        private mutating func genreList(_ value: [String]) -> UInt32 {
            if let last = listIDs.count >= 3 ? listIDs[listIDs.count - 3] : nil, genreLists[Int(last)] == value { return last }
            return Self.id(of: value, in: &genreLists, &genreIndex)
        }

        private mutating func schedule(_ value: AirSchedule) -> UInt32 {
            if let last = listIDs.count >= 3 ? listIDs[listIDs.count - 2] : nil, schedules[Int(last)] == value { return last }
            return Self.id(of: value, in: &schedules, &scheduleIndex)
        }

        private mutating func broadcaster(_ value: Broadcaster?) -> UInt32 {
            if let last = listIDs.count >= 3 ? listIDs[listIDs.count - 1] : nil, broadcasters[Int(last)] == value { return last }
            return Self.id(of: value, in: &broadcasters, &broadcasterIndex)
        }

        /// The id of a value in a pool of distinct values, added at the end when new.
        static func id<T: Hashable>(of value: T, in pool: inout [T], _ index: inout [T: UInt32]) -> UInt32 {
            if let id = index[value] { return id }
            let id = UInt32(truncatingIfNeeded: pool.count)
            pool.append(value)
            index[value] = id
            return id
        }
    }
}
