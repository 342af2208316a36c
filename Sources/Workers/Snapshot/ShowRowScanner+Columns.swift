import Domain
import FoundationEssentials

/// A show's fields written to the table's columns, as `TVmazeMapper.show(_:)` maps them.
extension ShowRowScanner {
    mutating func write(_ f: Fields, from bytes: UnsafeRawBufferPointer, into table: inout ShowTable.Builder) -> Outcome {
        guard let id = f.id else { return .noID }
        func raw(_ t: Text) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[t.range]) }
        func string(_ t: Text) -> String { String(decoding: raw(t), as: UTF8.self) }
        let name = f.name.map(raw) ?? UnsafeRawBufferPointer(start: nil, count: 0)
        // A name's HTML entities are decoded into a new text: a name with `&` is left to the mapper.
        if name.contains(UInt8(ascii: "&")) { return .slow }

        let kind = f.type.map { t in table.wordID(key: raw(t), kind: true) { HTMLText.decodingEntities(string(t)) } } ?? 0
        let language = f.language.map { t in table.wordID(key: raw(t), kind: false) { string(t) } } ?? 0
        let status = f.status.map { t in table.wordID(key: raw(t), kind: false) { string(t) } } ?? 0

        var genreList: UInt32 = 0
        if !genres.isEmpty {
            key.removeAll(keepingCapacity: true)
            for g in genres { addKey(g, from: bytes) }
            let list = genres
            genreList = key.withUnsafeBytes { k in
                table.genreListID(key: k) { list.map { HTMLText.decodingEntities(string($0)) }.filter { !$0.isEmpty } }
            }
        }

        var schedule: UInt32 = 0
        if f.hasSchedule, f.time != nil || !days.isEmpty {
            key.removeAll(keepingCapacity: true)
            addKey(f.time, from: bytes)
            for d in days { addKey(d, from: bytes) }
            let list = days, time = f.time
            schedule = key.withUnsafeBytes { k in
                table.scheduleID(key: k) { AirSchedule(time: time.map(string), days: list.map(string)) }
            }
        }

        var broadcaster: UInt32 = 0
        let chosen: (Channel, Text, Broadcaster.Kind)?
        if let n = f.network, let name = n.name {
            chosen = (n, name, .network)
        } else if let w = f.webChannel, let name = w.name {
            chosen = (w, name, .webChannel)
        } else {
            chosen = nil
        }
        if let (channel, name, kind) = chosen {
            key.removeAll(keepingCapacity: true)
            key.append(kind == .network ? 1 : 2)
            addKey(name, from: bytes)
            addKey(channel.countryName, from: bytes)
            addKey(channel.countryCode, from: bytes)
            addKey(channel.timeZone, from: bytes)
            broadcaster = key.withUnsafeBytes { k in
                table.broadcasterID(key: k) {
                    Broadcaster(
                        name: HTMLText.decodingEntities(string(name)), kind: kind, countryName: channel.countryName.map(string),
                        countryCode: channel.countryCode.map(string), timeZone: channel.timeZone.map(string))
                }
            }
        }

        let row = ShowTableRow(
            id: id, name: name, nameIsASCII: f.name?.ascii ?? true, officialSite: f.officialSite.map(raw),
            kind: kind, language: language, status: status, genres: genreList, schedule: schedule, broadcaster: broadcaster,
            runtime: f.runtime ?? f.averageRuntime, weight: f.weight, firstDay: Self.day(f.premiered, in: bytes), lastDay: Self.day(f.ended, in: bytes),
            rating: f.rating.flatMap { (0...10).contains($0) ? $0 : nil }, updated: f.updated
        )
        // A number beyond the columns' 32 bits: the mapper's show is kept whole.
        return table.appendRow(row) ? .appended(updated: f.updated) : .slow
    }

    /// Adds a text to `key`: 0 for none, else 1, its length (four bytes) and its bytes, so
    /// that two different lists of texts never give the same key.
    private mutating func addKey(_ t: Text?, from bytes: UnsafeRawBufferPointer) {
        guard let t else {
            key.append(0)
            return
        }
        key.append(1)
        let n = UInt32(truncatingIfNeeded: t.range.count)
        for shift in stride(from: 0, to: 32, by: 8) { key.append(UInt8(truncatingIfNeeded: n >> UInt32(shift))) }
        key.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[t.range]))
    }

    /// The day number (`CivilDays`) of a text that is an ISO date (`CalendarDate(iso:)`),
    /// else nil.
    static func day(_ t: Text?, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let t, t.range.count == 10 else { return nil }
        var fields = (0, 0, 0)
        for (i, at) in t.range.enumerated() {
            let b = bytes[at]
            if i == 4 || i == 7 {
                guard b == UInt8(ascii: "-") else { return nil }
                continue
            }
            let digit = b &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if i < 4 { fields.0 = fields.0 * 10 + Int(digit) } else if i < 7 { fields.1 = fields.1 * 10 + Int(digit) } else { fields.2 = fields.2 * 10 + Int(digit) }
        }
        return CalendarDate(year: fields.0, month: fields.1, day: fields.2).map(CivilDays.days)
    }
}
