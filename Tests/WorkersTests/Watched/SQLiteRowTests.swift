import Domain
import Foundation
import XCTest

@testable import Workers

/// Rows read in place (`SQLiteDatabase.scan`, `SQLiteRow`): each row's own values even when a
/// text repeats or changes from row to row, NULLs and other types told apart, and the store's
/// marks read through it as written.
final class SQLiteRowTests: XCTestCase {
    private var root = ""

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-sqliterow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testEachRowGivesItsOwnValuesWhenTextsRepeatAndChange() throws {
        let database = try SQLiteDatabase(path: root + "/t.sqlite3", create: true, busyMilliseconds: 1_000)
        defer { database.close() }
        try database.execute("CREATE TABLE t (n INTEGER, s TEXT, x)")
        try database.execute(
            "INSERT INTO t VALUES (1, 'Lost', 5), (2, 'Lost', NULL), (3, 'Löst', 'text'), (4, 'Lost', 2.5), (5, NULL, 7), (6, '', 8)")
        var read: [String] = []
        try database.scan("SELECT n, s, x FROM t WHERE n >= ? ORDER BY n", [.integer(1)]) { row in
            XCTAssertEqual(row.count, 3)
            XCTAssertNil(row.integer(3), "no such column")
            XCTAssertNil(row.text(-1), "no such column")
            let n = row.integer(0).map(String.init) ?? "-"
            let x = row.integer(2).map(String.init) ?? row.text(2) ?? "null"
            read.append("\(n) \(row.text(1) ?? "null") \(x) \(row.integer(1) == nil)")
        }
        XCTAssertEqual(read, ["1 Lost 5 true", "2 Lost null true", "3 Löst text true", "4 Lost 2.5 true", "5 null 7 true", "6  8 true"])
    }

    func testAStoresMarksReadBackAsWrittenAcrossShows() throws {
        let store = try WatchedStore(directory: root)
        let lost = WatchedShowID(provider: ProviderName.tvmaze.name, id: 123)
        let got = WatchedShowID(provider: ProviderName.tvmaze.name, id: 82)
        let tmdb = WatchedShowID(provider: ProviderName.tmdb.name, id: 1399)
        var marks: [WatchedMark] = []
        for (show, name) in [(got, "Game of Thrones"), (lost, "Lost"), (tmdb, "Game of Thrones")] {
            for number in 1...3 {
                marks.append(
                    WatchedMark(
                        key: WatchedEpisodeKey(show: show, season: 1, number: number), showName: name,
                        tvmazeEpisodeID: show == tmdb ? nil : 1_000 * show.id + number, tmdbEpisodeID: show == tmdb ? 63_056 + number : nil,
                        markedAt: 1_700_000_000 + number))
            }
        }
        try store.add(marks)
        let read = try store.allMarks()
        XCTAssertEqual(read.map(\.key), marks.map(\.key).sorted())
        XCTAssertEqual(Set(read.map { "\($0.key.show.provider) \($0.key.show.id) \($0.showName)" }).count, 3)
        for mark in read {
            let written = try XCTUnwrap(marks.first { $0.key == mark.key })
            XCTAssertEqual(mark.showName, written.showName)
            XCTAssertEqual(mark.tvmazeEpisodeID, written.tvmazeEpisodeID)
            XCTAssertEqual(mark.tmdbEpisodeID, written.tmdbEpisodeID)
            XCTAssertEqual(mark.markedAt, written.markedAt)
            XCTAssertEqual(mark.plays, 1)
            XCTAssertEqual(mark.lastPlayedAt, written.markedAt)
        }
    }

    func testMarksForCountingAreInKeyOrderWithTimesAndPlaysButNoNamesOrIDs() throws {
        let store = try WatchedStore(directory: root)
        let shows = [
            WatchedShowID(provider: ProviderName.tvmaze.name, id: 900), WatchedShowID(provider: ProviderName.tvmaze.name, id: 82),
            WatchedShowID(provider: ProviderName.tmdb.name, id: 1399)
        ]
        // Added newest key first, so the table's order is not the key order.
        var marks: [WatchedMark] = []
        for (offset, show) in shows.enumerated() {
            for number in [3, 1, 2] {
                marks.append(
                    WatchedMark(
                        key: WatchedEpisodeKey(show: show, season: 2 - offset % 2, number: number), showName: "Show \(show.id)",
                        tvmazeEpisodeID: 10 * show.id + number, tmdbEpisodeID: nil, markedAt: 1_700_000_000 + 100 * offset + number))
            }
        }
        try store.add(marks)
        try store.addPlays([WatchedMark(key: marks[4].key, showName: "Show 82", tvmazeEpisodeID: nil, tmdbEpisodeID: nil, markedAt: 1_800_000_000)])
        let full = try store.allMarks()
        let counted = try store.marksForCounting()
        XCTAssertEqual(counted.map(\.key), marks.map(\.key).sorted())
        XCTAssertEqual(counted.map(\.key), full.map(\.key))
        XCTAssertEqual(counted.map(\.markedAt), full.map(\.markedAt))
        XCTAssertEqual(counted.map(\.plays), full.map(\.plays))
        XCTAssertEqual(counted.map(\.lastPlayedAt), full.map(\.lastPlayedAt))
        XCTAssertEqual(counted.map(\.plays).reduce(0, +), 10, "one mark played twice")
        XCTAssertEqual(counted.first { $0.key == marks[4].key }?.lastPlayedAt, 1_800_000_000)
        XCTAssertTrue(counted.allSatisfy { $0.showName.isEmpty && $0.tvmazeEpisodeID == nil && $0.tmdbEpisodeID == nil })
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        XCTAssertTrue(try WatchedStore(directory: root + "/empty").marksForCounting().isEmpty)
    }
}
