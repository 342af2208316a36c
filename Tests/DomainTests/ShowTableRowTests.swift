import XCTest

@testable import Domain

/// Rows given to a `ShowTable.Builder` as bytes and ids (`appendRow(_:)`, the ids found by
/// their bytes) read back as the shows `append(_:)` stores, and repeated values are held once.
final class ShowTableRowTests: XCTestCase {
    private func bytes(_ text: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        Array(text.utf8).withUnsafeBytes(body)
    }

    func testARowGivenAsBytesReadsAsTheShowItSpells() throws {
        let show = TVShow(
            id: 82, name: "Game of Thrones", type: "Scripted", language: "English", genres: ["Drama", "Fantasy"], status: "Ended",
            runtimeMinutes: 60, premiered: CalendarDate(year: 2011, month: 4, day: 17), ended: nil, officialSite: "http://hbo.com",
            schedule: AirSchedule(time: "21:00", days: ["Sunday"]), rating: 8.9, weight: 98,
            broadcaster: Broadcaster(name: "HBO", kind: .network, countryCode: "US"), updatedAt: 1_704_794_122)
        var builder = ShowTable.Builder()
        builder.append(show)
        var appended = false
        for _ in 0..<2 {
            var ids: [UInt32] = []
            for (key, value) in [("Scripted", "Scripted"), ("English", "English"), ("Ended", "Ended")] {
                bytes(key) { k in ids.append(builder.wordID(key: k, kind: key == "Scripted") { value }) }
            }
            var lists: [UInt32] = []
            bytes("Drama|Fantasy") { k in lists.append(builder.genreListID(key: k) { ["Drama", "Fantasy"] }) }
            bytes("21:00|Sunday") { k in lists.append(builder.scheduleID(key: k) { AirSchedule(time: "21:00", days: ["Sunday"]) }) }
            bytes("HBO|US") { k in lists.append(builder.broadcasterID(key: k) { Broadcaster(name: "HBO", kind: .network, countryCode: "US") }) }
            bytes("Game of Thrones") { name in
                bytes("http://hbo.com") { site in
                    appended = builder.appendRow(
                        ShowTableRow(
                            id: 82, name: name, nameIsASCII: true, officialSite: site, kind: ids[0], language: ids[1], status: ids[2],
                            genres: lists[0], schedule: lists[1], broadcaster: lists[2], runtime: 60, weight: 98,
                            firstDay: show.premiered.map(CivilDays.days), lastDay: nil, rating: 8.9, updated: 1_704_794_122))
                }
            }
            XCTAssertTrue(appended)
        }
        let table = builder.finish()
        XCTAssertEqual(table.shows, [show, show, show])
        XCTAssertEqual(table.genreLists.count, 2, "the list made by a show and found by bytes is held once, with the empty one")
        XCTAssertEqual(table.broadcasters.count, 2)
        XCTAssertEqual(table.words.count, 4)
    }

    func testARowWhoseNumbersDoNotFitIsRefusedAndNothingIsAdded() {
        var builder = ShowTable.Builder()
        for row in [
            ShowTableRow(
                id: 1, name: UnsafeRawBufferPointer(start: nil, count: 0), nameIsASCII: true, officialSite: nil, kind: 0, language: 0,
                status: 0, genres: 0, schedule: 0, broadcaster: 0, runtime: Int(Int32.max) + 1, weight: nil, firstDay: nil,
                lastDay: nil, rating: nil, updated: nil),
            ShowTableRow(
                id: 1, name: UnsafeRawBufferPointer(start: nil, count: 0), nameIsASCII: true, officialSite: nil, kind: 0, language: 0,
                status: 0, genres: 0, schedule: 0, broadcaster: 0, runtime: nil, weight: Int(Int32.min), firstDay: nil,
                lastDay: nil, rating: nil, updated: Int(Int64.min))
        ] {
            XCTAssertFalse(builder.appendRow(row))
        }
        XCTAssertEqual(builder.count, 0)
    }

    func testKeysOfBytesFindTheirIdsAcrossGrowth() {
        var keys = ByteKeyedIDs()
        let texts = (0..<500).map { "key \($0)" } + ["", "a", "ab"]
        for (i, text) in texts.enumerated() {
            bytes(text) { k in
                XCTAssertNil(keys.id(for: k), text)
                keys.add(k, id: UInt32(i))
            }
        }
        for (i, text) in texts.enumerated().reversed() {
            bytes(text) { k in XCTAssertEqual(keys.id(for: k), UInt32(i), text) }
        }
        bytes("key 5000") { XCTAssertNil(keys.id(for: $0)) }
        XCTAssertEqual(keys.count, texts.count)
    }
}
