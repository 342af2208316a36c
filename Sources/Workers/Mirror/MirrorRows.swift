import Domain

/// The `shows` and `summaries` rows of the mirror: a show's fields to columns and back. Values a
/// show shares with others are kept in one column each, so that a list is read value by value
/// from SQLite's own bytes, each value met before found by those bytes (`ShowTable.Builder`'s
/// byte keys) with no string made: `genres` and `schedule` ('HH:MM' then the days) and
/// `channel` ('n' or 'w', name, country, code, zone) with their parts joined by U+001F.
enum MirrorRows {
    /// The separator of a column's parts (U+001F, the unit separator, in no name).
    static let separator: Character = "\u{1F}"
    /// The columns written, in this order (`channel` an id into `channels`; the synopsis apart).
    static let columns = "id, name, type, language, genres, status, runtime, premiered, ended, site, schedule, rating, weight, channel, updated"
    /// The columns read for the lists, in the same order, the channel's text joined in.
    static let listColumns =
        "shows.id, name, type, language, genres, status, runtime, premiered, ended, site, schedule, rating, weight, channels.text, updated"
    /// The rows the list's columns are read from.
    static let listSource = "shows LEFT JOIN channels ON channels.id = shows.channel"

    /// Writes shows and their synopses, replacing those with the same ids (in the caller's transaction).
    /// - Throws: `SQLiteError`.
    static func upsert(_ shows: [MirrorShow], into database: SQLiteDatabase) throws {
        // Each channel's text once, in `channels`; a show holds its id.
        var channelIDs: [String: Int64] = [:]
        for text in Set(shows.compactMap { channelText($0.show.broadcaster) }) {
            try database.query("INSERT OR IGNORE INTO channels(text) VALUES (?)", [.text(text)])
            channelIDs[text] = try database.integer("SELECT id FROM channels WHERE text = ?", [.text(text)])
        }
        try database.repeatedly(
            "INSERT OR REPLACE INTO shows(\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            shows.map { values($0, channel: channelText($0.show.broadcaster).flatMap { channelIDs[$0] }) })
        try database.repeatedly(
            "INSERT OR REPLACE INTO summaries(id, packed) VALUES (?, ?)",
            shows.compactMap { kept in kept.summaryHTML.map { [.integer(Int64(kept.show.id)), .blob(MirrorSynopsis.pack($0))] } })
        try database.repeatedly("DELETE FROM summaries WHERE id = ?", shows.filter { $0.summaryHTML == nil }.map { [.integer(Int64($0.show.id))] })
    }

    /// A channel as one text: 'n' or 'w', name, country, code, zone, joined by U+001F.
    private static func channelText(_ b: Broadcaster?) -> String? {
        b.map { [$0.kind == .webChannel ? "w" : "n", $0.name, $0.countryName ?? "", $0.countryCode ?? "", $0.timeZone ?? ""].joined(separator: String(separator)) }
    }

    private static func values(_ kept: MirrorShow, channel: Int64?) -> [SQLiteValue] {
        let show = kept.show
        func text(_ s: String?) -> SQLiteValue { s.map { .text($0) } ?? .null }
        func number(_ n: Int?) -> SQLiteValue { n.map { .integer(Int64($0)) } ?? .null }
        func joined(_ list: [String]) -> SQLiteValue { list.isEmpty ? .null : .text(list.joined(separator: String(separator))) }
        let schedule = show.schedule == .none ? SQLiteValue.null : .text(([show.schedule.time ?? ""] + show.schedule.days).joined(separator: String(separator)))
        return [
            .integer(Int64(show.id)), .text(show.name), text(show.type), text(show.language), joined(show.genres), text(show.status),
            number(show.runtimeMinutes), number(show.premiered.map(CivilDays.days)), number(show.ended.map(CivilDays.days)),
            text(show.officialSite), schedule, number(show.rating.map { Int(($0 * 10).rounded()) }), number(show.weight),
            channel.map { .integer($0) } ?? .null,
            number(show.updatedAt)
        ]
    }

    /// Every show (or those `condition`, an SQL expression over the columns, holds for) as rows
    /// of one table, in id order, then the given shows whose ids are not mirrored.
    /// - Throws: `SQLiteError`.
    static func table(from database: SQLiteDatabase, adding others: [TVShow], where condition: String? = nil) throws -> ShowTable {
        let filter = condition.map { " WHERE (" + $0 + ")" } ?? ""
        let count = Int(try database.integer("SELECT count(*) FROM shows" + filter))
        var builder = ShowTable.Builder()
        builder.reserve(count + others.count, textBytes: count * 40)
        var ids: [Int] = []
        ids.reserveCapacity(count)
        try database.scan("SELECT \(listColumns) FROM \(listSource)\(filter) ORDER BY shows.id") { row in
            guard let id = row.integer(0).map(Int.init), let name = row.bytes(1) else { return }
            func word(_ column: Int, kind: Bool = false) -> UInt32 {
                guard let key = row.bytes(column) else { return 0 }
                return builder.wordID(key: key, kind: kind) { String(decoding: key, as: UTF8.self) }
            }
            let genres = row.bytes(4).map { key in builder.genreListID(key: key) { parts(key) } } ?? 0
            let schedule = row.bytes(10).map { key in builder.scheduleID(key: key) { airSchedule(parts(key)) } } ?? 0
            let channel = row.bytes(13).map { key in builder.broadcasterID(key: key) { broadcaster(parts(key)) } } ?? 0
            let added = builder.appendRow(
                ShowTableRow(
                    id: id, name: name, nameIsASCII: !name.contains { $0 >= 0x80 }, officialSite: row.bytes(9),
                    kind: word(2, kind: true), language: word(3), status: word(5), genres: genres, schedule: schedule, broadcaster: channel,
                    runtime: row.integer(6).map(Int.init), weight: row.integer(12).map(Int.init), firstDay: row.integer(7).map(Int.init),
                    lastDay: row.integer(8).map(Int.init), rating: row.integer(11).map { Double($0) / 10 }, updated: row.integer(14).map(Int.init)))
            // A value beyond the columns' 32 bits: the show is kept whole.
            if !added { builder.append(wholeShow(id: id, row)) }
            ids.append(id)
        }
        for other in others where !contains(ids, other.id) { builder.append(other) }
        return builder.finish()
    }

    private static func wholeShow(id: Int, _ row: SQLiteRow) -> TVShow {
        func day(_ column: Int) -> CalendarDate? { row.integer(column).map { CivilDays.date(Int($0)) } }
        return TVShow(
            id: id, name: row.text(1) ?? "", type: row.text(2), language: row.text(3), genres: row.bytes(4).map(parts) ?? [],
            status: row.text(5), runtimeMinutes: row.integer(6).map(Int.init), premiered: day(7), ended: day(8), officialSite: row.text(9),
            schedule: row.bytes(10).map { airSchedule(parts($0)) } ?? .none, rating: row.integer(11).map { Double($0) / 10 },
            weight: row.integer(12).map(Int.init), broadcaster: row.bytes(13).flatMap { broadcaster(parts($0)) }, updatedAt: row.integer(14).map(Int.init))
    }

    private static func parts(_ bytes: UnsafeRawBufferPointer) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }

    private static func airSchedule(_ parts: [String]) -> AirSchedule {
        AirSchedule(time: parts.first.flatMap { $0.isEmpty ? nil : $0 }, days: Array(parts.dropFirst()))
    }

    private static func broadcaster(_ parts: [String]) -> Broadcaster? {
        guard parts.count == 5 else { return nil }
        func part(_ i: Int) -> String? { parts[i].isEmpty ? nil : parts[i] }
        return Broadcaster(name: parts[1], kind: parts[0] == "w" ? .webChannel : .network, countryName: part(2), countryCode: part(3), timeZone: part(4))
    }

    /// Whether rising ids hold an id (a binary search).
    private static func contains(_ ids: [Int], _ id: Int) -> Bool {
        var low = 0
        var high = ids.count
        while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < ids.count && ids[low] == id
    }
}
