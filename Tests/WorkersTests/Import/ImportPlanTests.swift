import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// Planning an import against a store (in memory and in a file), importing twice, and the
/// export read back exactly by `import discover`.
final class ImportPlanTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var base = URL(fileURLWithPath: "/")
    private var root = ""

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-plan-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try TVmazeLookupStub.install(on: server)
        base = try server.start()
    }

    override func tearDown() async throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func importing(_ batch: ImportBatch, into store: any HistoryImporting) async throws -> ImportPlan {
        let matcher = ShowMatcher(client: CurlHTTPClient(), base: base, journal: LookupJournal(path: nil), cache: nil, catalogue: [], now: 1_800_000_000)
        let plan = ImportPlan(result: try await matcher.match(batch), skipped: batch.skipped, stored: try store.storedHistory())
        if plan.additionCount > 0 { try store.add(plan.additions) }
        return plan
    }

    private func sample() throws -> ImportBatch {
        var batch = try TraktReader.read(try Fixtures.data("imports/trakt_watched_shows_south-park.json"), file: "w.json")
        let ratings = """
            [{"rated_at": "2024-01-27T00:00:00.000Z", "rating": 9, "type": "show",
              "show": {"title": "Brooklyn Nine-Nine", "ids": {"tvdb": 269586, "imdb": "tt2467372", "tmdb": 48891}}},
             {"listed_at": "2024-01-27T00:00:00.000Z", "type": "show",
              "show": {"title": "Brooklyn Nine-Nine", "ids": {"tvdb": 269586, "imdb": "tt2467372", "tmdb": 48891}}}]
            """
        batch.append(try TraktReader.read(Data(ratings.utf8), file: "r.json"))
        return batch
    }

    func testImportingTwiceChangesNothing() async throws {
        let store = InMemoryHistory()
        let first = try await importing(try sample(), into: store)
        XCTAssertEqual(first.additions.marks.count, 13)
        // The watchlist's show is a favourite; the show's rating is the show's own.
        XCTAssertEqual(first.additions.favourites.map(\.rating), [nil])
        XCTAssertEqual(first.additions.shows.map(\.rating), [9])
        XCTAssertEqual(
            first.summary, ["15 rows: 15 matched · 0 unmatched · 0 ambiguous", "to add: 1 favourite, 13 watched episodes, 1 rating · already present: 0"])
        let after = try store.storedHistory()
        let second = try await importing(try sample(), into: store)
        XCTAssertEqual(second.additions, WatchHistory())
        XCTAssertEqual(second.alreadyPresent, 15)
        XCTAssertEqual(try store.storedHistory(), after)
        XCTAssertEqual(store.transactions, 1)
    }

    func testExportThenImportDiscoverIntoAnEmptyStoreGivesTheSameStore() async throws {
        let store = InMemoryHistory()
        _ = try await importing(try sample(), into: store)
        var history = try store.storedHistory()
        // An episode id and a name with a comma and quotes survive both forms.
        history.marks[0].episode = ProviderIDs(tvmaze: 12_345, tvdb: 340)
        history.favourites[0].name = "Brooklyn \"Nine-Nine\", the show"
        let exported = InMemoryHistory(history)
        func lookups() -> Int { server.requests.filter { !$0.path.hasSuffix("/episodes") }.count }
        let requestsBefore = lookups()
        for (form, bytes) in [("json", try DiscoverHistoryFormat.json(history)), ("csv", DiscoverHistoryFormat.csv(history))] {
            let empty = InMemoryHistory()
            let plan = try await importing(try DiscoverHistoryFormat.read(bytes, file: "export.\(form)"), into: empty)
            XCTAssertEqual(plan.problems, [], form)
            XCTAssertEqual(try empty.storedHistory().normalised, try exported.storedHistory().normalised, form)
            XCTAssertEqual(try DiscoverHistoryFormat.json(try empty.storedHistory()), try DiscoverHistoryFormat.json(history), form)
        }
        // (Only the episode lists are asked for, to check the rows' episodes against them.)
        XCTAssertEqual(lookups(), requestsBefore, "an export's TVmaze ids need no lookup")
    }

    func testHistoryFileKeepsWhatIsAddedAndUnmatchedRowsCanBeFixedAndImportedAgain() async throws {
        let file = HistoryFile(path: root + "/history.json")
        XCTAssertEqual(try file.storedHistory(), WatchHistory())
        let csv =
            "tv_show_name,episode_season_number,episode_number,tv_show_id,created_at\n"
            + "South Park,1,1,75897,2020-01-01 00:00:00\nNowhere,1,1,999999999,2020-01-01 00:00:00\n"
        let plan = try await importing(try TVTimeReader.read(Data(csv.utf8), file: "seen_episode.csv"), into: file)
        XCTAssertEqual(plan.unmatched, 1)
        XCTAssertEqual(try file.storedHistory().marks.map(\.show.tvmaze), [112])
        // The unmatched row, its tvmaze id filled in, imports with `import discover`.
        let problems = String(decoding: DiscoverHistoryFormat.problemsCSV(plan.problems), as: UTF8.self)
        XCTAssertTrue(problems.contains("no TVmaze show has TheTVDB id 999999999 (seen_episode.csv:3)"), problems)
        let fixed = problems.replacingOccurrences(of: "watched,Nowhere,,", with: "watched,Nowhere,49,")
        let again = try await importing(try DiscoverHistoryFormat.read(Data(fixed.utf8), file: "fixed.csv"), into: file)
        XCTAssertEqual(again.additions.marks.count, 1)
        XCTAssertEqual(Set(try file.storedHistory().marks.compactMap(\.show.tvmaze)), [112, 49])
    }

    func testDiscoverFormatRejectsOtherFilesWithOneLine() {
        XCTAssertThrowsError(try DiscoverHistoryFormat.read(Data("{\"format\": \"other\"}".utf8), file: "o.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("o.json:1: not a discover-tui history export"), "\(error)")
        }
        XCTAssertThrowsError(try DiscoverHistoryFormat.read(Data("kind,name\n".utf8), file: "o.csv")) { error in
            XCTAssertTrue("\(error)".hasPrefix("o.csv:1: not a discover-tui history export"), "\(error)")
        }
        let header = DiscoverHistoryFormat.versionOneColumns.joined(separator: ",")
        XCTAssertThrowsError(try DiscoverHistoryFormat.read(Data((header + "\nwatched,A,1,,,,x,1,,,,,,2020-01-01T00:00:00Z\n").utf8), file: "b.csv")) { error in
            XCTAssertEqual("\(error)", "b.csv:2: 'x' in the season column is not a number")
        }
    }

    /// A discover CSV of 25,002 rows is read in parts of at most 10,000 records, matched part by
    /// part (each let go once built), an episode given twice across parts merged into one mark,
    /// and planned in place against a store holding one of its episodes.
    func testALargeDiscoverFileIsMatchedPartByPartAndPlannedInPlace() async throws {
        let path = root + "/large.csv"
        func row(_ show: Int, _ number: Int, at: String, rating: String = "") -> String {
            "watched,Show \(show),\(show),,,,1,\(number),,,,,\(rating),\(at),,,,,"
        }
        var lines = [DiscoverHistoryFormat.columns.joined(separator: ",")]
        for index in 0..<25_001 { lines.append(row(900_000 + index / 100, index % 100 + 1, at: "2024-01-02T00:00:00Z")) }
        // The first episode again, in the last part: an earlier time and a rating.
        lines.append(row(900_000, 1, at: "2024-01-01T00:00:00Z", rating: "8"))
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: path))

        let rows = try ImportFormat.discover.rows([path])
        XCTAssertEqual(rows.parts.map(\.records.count), [10_000, 10_000, 5_002])
        XCTAssertEqual(try ImportFormat.discover.read([path]).records, Array(rows.records))
        let matcher = ShowMatcher(
            client: CurlHTTPClient(), base: base, journal: LookupJournal(path: nil), cache: nil, catalogue: [], now: 1_800_000_000, offline: true,
            keepsTMDBIDs: true)
        let result = try await matcher.match(rows)
        XCTAssertTrue(rows.parts.isEmpty)
        XCTAssertEqual(result.matchedRows, 25_002)
        XCTAssertEqual(result.history.marks.count, 25_001)
        let first = try XCTUnwrap(result.history.marks.first)
        XCTAssertEqual([first.show.tvmaze, first.number, first.markedAt, first.rating], [900_000, 1, 1_704_067_200, 8])

        let store = StoreHistory(directory: root)
        try store.add(WatchHistory(marks: [HistoryMark(show: ProviderIDs(tvmaze: 900_001), showName: "Show 900001", season: 1, number: 5, markedAt: 1)]))
        let plan = ImportPlan(result: result, skipped: rows.skipped, stored: try store.storedHistory())
        XCTAssertEqual(plan.additions.marks.count, 25_000)
        XCTAssertEqual(plan.alreadyPresent, 1)
        XCTAssertEqual(plan.additions.marks.first, first)
        XCTAssertFalse(plan.additions.marks.contains { $0.show.tvmaze == 900_001 && $0.number == 5 })
        XCTAssertEqual(plan.additions.marks.map(\.key), result.history.marks.filter { !($0.show.tvmaze == 900_001 && $0.number == 5) }.map(\.key))
    }
}
