import XCTest

@testable import Domain

/// Shows stored as rows of a `ShowTable` read back every field as the shows they were made
/// from, including values that do not fit its columns.
final class ShowTableTests: XCTestCase {
    private static func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDate? { CalendarDate(year: y, month: m, day: d) }

    private static let shows: [TVShow] = [
        TVShow(
            id: 82, name: "Game of Thrones", type: "Scripted", language: "English", genres: ["Drama", "Adventure", "Fantasy"],
            status: "Ended", runtimeMinutes: 60, premiered: day(2011, 4, 17), ended: day(2019, 5, 19),
            officialSite: "http://www.hbo.com/game-of-thrones", schedule: AirSchedule(time: "21:00", days: ["Sunday"]),
            rating: 8.9, weight: 98,
            broadcaster: Broadcaster(
                name: "HBO", kind: .network, countryName: "United States",
                countryCode: "US", timeZone: "America/New_York"),
            summary: ["Seven noble families fight."], updatedAt: 1_704_794_122),
        TVShow(
            id: 1, name: "Ødegaard – été", type: "Scripted", language: "Norwegian", genres: ["Drama"], status: "Running",
            officialSite: "", schedule: AirSchedule(time: nil, days: ["Monday", "Tuesday"]), rating: 0,
            broadcaster: Broadcaster(name: "NRK1", kind: .webChannel)),
        TVShow(id: 2, name: ""),
        TVShow(id: 3, name: "Too long", runtimeMinutes: Int(Int32.max) + 1, weight: -5, updatedAt: Int(Int64.min)),
        TVShow(
            id: 4, name: "Game of Thrones", type: "Scripted", language: "English", genres: ["Drama", "Adventure", "Fantasy"],
            status: "Ended", popularityRank: 3)
    ]

    func testEveryFieldReadsBackAsTheShowItWasMadeFrom() {
        let table = ShowTable(Self.shows)
        XCTAssertEqual(table.count, Self.shows.count)
        for (row, show) in Self.shows.enumerated() {
            let stored = TVShow(row: row, of: table)
            XCTAssertEqual(stored, show, "row \(row)")
            XCTAssertEqual(stored.hashValue, show.hashValue, "row \(row)")
            XCTAssertEqual(stored.name, show.name)
            XCTAssertEqual(stored.officialSite, show.officialSite, "an empty site stays empty, a missing one nil")
            XCTAssertEqual(stored.rating, show.rating)
            XCTAssertEqual(stored.premiered, show.premiered)
            XCTAssertEqual(stored.ended, show.ended)
            XCTAssertEqual(stored.runtimeMinutes, show.runtimeMinutes)
            XCTAssertEqual(stored.updatedAt, show.updatedAt)
            XCTAssertEqual(stored.broadcaster, show.broadcaster)
            XCTAssertEqual(stored.summary, show.summary)
            XCTAssertEqual(table.weight(row), show.weight)
            XCTAssertEqual(table.rating(row), show.rating)
            XCTAssertEqual(table.popularityRank(row), show.popularityRank)
            XCTAssertEqual(table.updatedAt(row), show.updatedAt)
        }
        XCTAssertEqual(table.shows, Self.shows)
        XCTAssertNotNil(TVShow(row: 0, of: table).tableRow, "read from the columns")
        XCTAssertNil(TVShow(row: 3, of: table).tableRow, "a show whose values do not fit is kept whole")
        XCTAssertTrue(table.nameIsASCII(0))
        XCTAssertFalse(table.nameIsASCII(1))
        XCTAssertEqual(table.withNameBytes(1) { Array($0) }, Array("Ødegaard – été".utf8))
    }

    /// A catalogue's pieces, read into builders of their own, joined in order: the same rows as
    /// one builder given every show, with the values the pieces share held once.
    func testBuildersJoinedInOrderGiveTheRowsOfOneBuilder() {
        for split in 0...Self.shows.count {
            var first = ShowTable.Builder(), second = ShowTable.Builder()
            for show in Self.shows[..<split] { first.append(show) }
            for show in Self.shows[split...] { second.append(show) }
            XCTAssertTrue(first.append(contentsOf: second))
            let joined = first.finish()
            XCTAssertEqual(joined.shows, Self.shows, "split at \(split)")
            for (row, show) in Self.shows.enumerated() {
                XCTAssertEqual(TVShow(row: row, of: joined).summary, show.summary, "split at \(split), row \(row)")
                XCTAssertEqual(joined.updatedAt(row), show.updatedAt, "split at \(split), row \(row)")
            }
            XCTAssertEqual(joined.words.count, Set(joined.words).count, "each kind, language and status once (split at \(split))")
            XCTAssertEqual(joined.genreLists.count, Set(joined.genreLists).count, "each genre list once (split at \(split))")
        }
    }

    func testShowsThatDifferInOneFieldAreNotEqual() {
        let table = ShowTable(Self.shows)
        XCTAssertNotEqual(TVShow(row: 0, of: table), TVShow(row: 4, of: table), "same name, other fields")
        XCTAssertNotEqual(TVShow(row: 0, of: table), Self.shows[0].with(summary: []))
        XCTAssertEqual(TVShow(row: 0, of: table).with(summary: []).summary, [])
        XCTAssertEqual(Set([TVShow(row: 0, of: table), Self.shows[0]]).count, 1)
    }
}
