import Domain

/// The `shows` rows of the mirror: a show's fields to columns and back.
enum MirrorRows {
    /// The columns read for the lists, in this order (the synopsis is read alone).
    static let listColumns =
        "id, name, type, language, genres, status, runtime, premiered, ended, site, time, days, rating, weight, channel, web, country, code, zone, updated"

    /// Writes shows, replacing those with the same ids (in the caller's transaction).
    /// - Throws: `SQLiteError`.
    static func upsert(_ shows: [MirrorShow], into database: SQLiteDatabase) throws {
        try database.repeatedly(
            "INSERT OR REPLACE INTO shows(\(listColumns), summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            shows.map(values))
    }

    private static func values(_ kept: MirrorShow) -> [SQLiteValue] {
        let show = kept.show
        func text(_ s: String?) -> SQLiteValue { s.map { .text($0) } ?? .null }
        func number(_ n: Int?) -> SQLiteValue { n.map { .integer(Int64($0)) } ?? .null }
        func joined(_ list: [String]) -> SQLiteValue { list.isEmpty ? .null : .text(list.joined(separator: "|")) }
        let channel = show.broadcaster
        return [
            .integer(Int64(show.id)), .text(show.name), text(show.type), text(show.language), joined(show.genres), text(show.status),
            number(show.runtimeMinutes), text(show.premiered?.description), text(show.ended?.description), text(show.officialSite),
            text(show.schedule.time), joined(show.schedule.days), number(show.rating.map { Int(($0 * 10).rounded()) }), number(show.weight),
            text(channel?.name), channel.map { .integer($0.kind == .webChannel ? 1 : 0) } ?? .null, text(channel?.countryName),
            text(channel?.countryCode), text(channel?.timeZone), number(show.updatedAt), text(kept.summaryHTML)
        ]
    }

    /// Every show as rows of one table, in id order, then the given shows whose ids are not
    /// mirrored.
    /// - Throws: `SQLiteError`.
    static func table(from database: SQLiteDatabase, adding others: [TVShow]) throws -> ShowTable {
        let count = Int(try database.integer("SELECT count(*) FROM shows"))
        var builder = ShowTable.Builder()
        builder.reserve(count + others.count, textBytes: count * 32)
        var ids: [Int] = []
        ids.reserveCapacity(count)
        try database.scan("SELECT \(listColumns) FROM shows ORDER BY id") { row in
            guard let id = row.integer(0), let name = row.text(1) else { return }
            ids.append(Int(id))
            builder.append(show(id: Int(id), name: name, row))
        }
        for other in others where !contains(ids, other.id) { builder.append(other) }
        return builder.finish()
    }

    /// Whether rising ids hold an id (a binary search).
    private static func contains(_ ids: [Int], _ id: Int) -> Bool {
        var low = 0, high = ids.count
        while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < ids.count && ids[low] == id
    }

    private static func show(id: Int, name: String, _ row: SQLiteRow) -> TVShow {
        func list(_ column: Int) -> [String] { row.text(column).map { $0.split(separator: "|").map(String.init) } ?? [] }
        func day(_ column: Int) -> CalendarDate? { row.text(column).flatMap(CalendarDate.init(iso:)) }
        let broadcaster = row.text(14).map {
            Broadcaster(name: $0, kind: row.integer(15) == 1 ? .webChannel : .network, countryName: row.text(16), countryCode: row.text(17), timeZone: row.text(18))
        }
        return TVShow(
            id: id, name: name, type: row.text(2), language: row.text(3), genres: list(4), status: row.text(5),
            runtimeMinutes: row.integer(6).map(Int.init), premiered: day(7), ended: day(8), officialSite: row.text(9),
            schedule: AirSchedule(time: row.text(10), days: list(11)), rating: row.integer(12).map { Double($0) / 10 },
            weight: row.integer(13).map(Int.init), broadcaster: broadcaster, updatedAt: row.integer(19).map(Int.init))
    }
}
