import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// The listings printed when standard output is not a terminal: how many pages they read,
/// what their header says, and that they never ask anyone to press a key.
final class PlainTextOutputTests: XCTestCase {
    override func setUp() {
        super.setUp()
        // The listing draws in Unicode only in a UTF-8 locale, as a terminal would.
        setlocale(LC_ALL, "C.UTF-8")
    }

    private let snapshot = DataSource.embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(iso: "2025-08-13"))

    /// Pages of `perPage` numbered items, `count` in all, from a source; records the pages asked.
    private final class Pages: @unchecked Sendable {
        let count: Int, perPage: Int, source: DataSource
        private(set) var asked: [Int] = []
        init(count: Int, perPage: Int, source: DataSource) {
            (self.count, self.perPage, self.source) = (count, perPage, source)
        }
        func page(_ number: Int) -> PagedResult<Int> {
            asked.append(number)
            let start = min(count, number * perPage), end = min(count, start + perPage)
            return PagedResult(items: Array(start..<end), page: number, hasMore: end < count, source: source)
        }
    }

    func testASnapshotListingReadsEveryPageWithoutRepeats() async throws {
        // Given a snapshot of 700 items, 250 a page
        let pages = Pages(count: 700, perPage: 250, source: snapshot)
        // When the listing is read
        let listing = try await PlainTextOutput.collect(id: { $0 }) { pages.page($0) }
        // Then every page is read, and the listing is whole
        XCTAssertEqual(pages.asked, [0, 1, 2])
        XCTAssertEqual(listing.items, Array(0..<700))
        XCTAssertFalse(listing.isPartial)
    }

    func testASnapshotListingStopsAtThePageCapAndSaysItIsPartial() async throws {
        let pages = Pages(count: 1_000, perPage: 10, source: .snapshotFile(path: "/tmp/shows.json"))
        let listing = try await PlainTextOutput.collect(maximumPages: 5, id: { $0 }) { pages.page($0) }
        XCTAssertEqual(pages.asked, [0, 1, 2, 3, 4])
        XCTAssertEqual(listing.items.count, 50)
        XCTAssertTrue(listing.isPartial)
    }

    func testALiveListingReadsOnlyTheFirstPage() async throws {
        let pages = Pages(count: 700, perPage: 250, source: .live(provider: .tvmaze))
        let listing = try await PlainTextOutput.collect(id: { $0 }) { pages.page($0) }
        XCTAssertEqual(pages.asked, [0])
        XCTAssertEqual(listing.items.count, 250)
        XCTAssertTrue(listing.isPartial)
    }

    func testTheShowsHeaderSaysFirstWhenOnlyTheFirstLivePageIsPrinted() {
        let shows = makeShows(["Fargo", "Dark", "Severance"])
        let live = PlainTextOutput.render(PagedResult(items: shows, page: 0, hasMore: true, source: .live(provider: .tvmaze)), json: false, ascii: true)
        XCTAssertTrue(live.hasPrefix("# first 3 popular shows, TVmaze live. Data from TVmaze.com"), live)
        let whole = PlainTextOutput.render(PlainTextOutput.Listing(items: shows, source: snapshot, isPartial: false), json: false, ascii: true)
        XCTAssertTrue(whole.hasPrefix("# 3 popular shows, offline snapshot 2025-08-13. Data from TVmaze.com"), whole)
        XCTAssertEqual(whole.split(separator: "\n").count, 4)
    }

    func testThePOIsListingNeverTellsPeopleToPressKeys() throws {
        // Given no place within 2 km in the snapshot
        let start = NearbyPOIs.Start(center: try Coordinate(latitude: 41.0172, longitude: 28.9699), snapshotAreaNames: ["Istanbul"])
        let empty = PagedResult<POI>(items: [], page: 0, hasMore: false, source: .embeddedSnapshot(provider: .openStreetMap, capturedOn: nil))
        // When printed
        let out = PlainTextOutput.render(empty, start: start, units: .metric, json: false, ascii: false)
        // Then it says there is nothing, without key hints
        XCTAssertTrue(out.contains("# No places within 2 km. The offline snapshot holds only places in Istanbul.\n"), out)
        XCTAssertFalse(out.contains("Press"), out)
    }

    func testThePOIsHeaderSaysFirstPageOnlyForALiveSourceWithMore() throws {
        let start = NearbyPOIs.Start(center: try Coordinate(latitude: 41.0172, longitude: 28.9699))
        let page = PagedResult(
            items: [TestPOIs.poi("a", "A", at: try TestPOIs.north(100), distance: 100)], page: 0, hasMore: true,
            source: .live(provider: .overpass))
        let out = PlainTextOutput.render(page, start: start, units: .metric, json: false, ascii: false)
        XCTAssertTrue(out.hasPrefix("# Near 41.0172,28.9699 · within 2 km · 1+ places (first page only), Overpass live. © OpenStreetMap contributors\n"), out)
    }

    func testJSONCarriesTheHostileNamesAsSentEscapedAndPlainTextKeepsTheSanitiser() throws {
        // Given the hostile shows of cases C03–C08
        let catalog = try ShowCatalog.load(path: RepositoryFiles.url("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").path)
        let listing = PlainTextOutput.Listing(items: catalog.shows, source: catalog.source, isPartial: false)
        for ascii in [false, true] {
            // When they are listed as JSON lines
            let json = PlainTextOutput.render(listing, json: true, ascii: ascii)
            // Then no control character (C0, DEL, C1) nor bidi override is written raw
            let raw = json.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E) }
            XCTAssertEqual(raw.count, 0, "ascii \(ascii)")
            if ascii { XCTAssertTrue(json.unicodeScalars.allSatisfy(\.isASCII)) }
            XCTAssertTrue(json.contains(#""name":"A\u001b[2J\u001b[HB""#), json)
            XCTAssertTrue(json.contains(#""name":"C1 \u009b31mRed""#), json)
            // And each line reads back to the name exactly as the source sent it (entities decoded)
            let names = try json.split(separator: "\n").map { line -> String in
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return try XCTUnwrap(object["name"] as? String)
            }
            XCTAssertEqual(Set(names), Set(catalog.shows.map(\.name)), "ascii \(ascii)")
            XCTAssertTrue(names.contains("Grey's Anatomy"))
            XCTAssertTrue(names.contains("tab\there nl\nline bell\u{07} del\u{7F}"))
            XCTAssertTrue(names.contains("Shop\u{202E}txt.exe"))
        }
        // Plain text still shows the sanitiser's placeholders, never an escape sequence
        let text = PlainTextOutput.render(listing, json: false, ascii: false)
        XCTAssertFalse(text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) })
        XCTAssertFalse(text.contains("\\u001b"))
    }

    @MainActor
    func testSearchAndShowJSONCarryTheHostileValuesAsSentEscaped() throws {
        // Given the hostile shows, found by a search and opened with their cast
        let catalog = try ShowCatalog.load(path: RepositoryFiles.url("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").path)
        let text = CellText(repertoire: .unicode)
        let search = ShowCommands.render(ShowCommands.Hits(shows: catalog.shows, closeFrom: catalog.shows.count, source: catalog.source, fallbackReason: nil), query: "a", json: true, text: text)
        let show = try XCTUnwrap(catalog.shows.first { $0.name.hasPrefix("C1 ") })
        let details = TVShowDetails(show: show, cast: [CastMember(personName: "E\u{1B}]52;c;x\u{07}", characterName: "\u{9B}2J")], seasons: nil, source: catalog.source)
        let object = ShowCommands.renderJSON(details, text: text)
        // Then nothing raw a terminal acts on, and every value reads back as sent
        for json in [search, object] {
            XCTAssertFalse(json.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }, json)
        }
        XCTAssertTrue(search.contains(#""name":"A\u001b[2J\u001b[HB""#), search)
        let names = try search.split(separator: "\n").map { try XCTUnwrap((try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["name"] as? String) }
        XCTAssertEqual(Set(names), Set(catalog.shows.map(\.name)))
        let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any])
        XCTAssertEqual(read["name"] as? String, "C1 \u{9B}31mRed")
        let cast = try XCTUnwrap((read["cast"] as? [[String: Any]])?.first)
        XCTAssertEqual(cast["person"] as? String, "E\u{1B}]52;c;x\u{07}")
        XCTAssertEqual(cast["character"] as? String, "\u{9B}2J")
    }

    func testPlainColumnsNeverDriftAndTheWidestCellSetsEachColumn() throws {
        // Given a show whose genres are wider than their column, among narrow ones
        let name = "A Show Whose Name Is Far Wider Than The Forty Cells Of Its Column"
        let shows = [
            TVShow(id: 1, name: "Dark", genres: ["Drama"], rating: 8.4, broadcaster: Broadcaster(name: "Netflix", kind: .webChannel)),
            TVShow(id: 2, name: name, genres: ["Science-Fiction", "Supernatural", "Documentary"], broadcaster: Broadcaster(name: "HBO", kind: .network)),
            TVShow(id: 3, name: "Ｗｉｄｅ 東京", genres: [], rating: 7.1, broadcaster: Broadcaster(name: "NHK", kind: .network))
        ]
        let listing = PlainTextOutput.Listing(items: shows, source: snapshot, isPartial: false)

        // When it is printed as text
        let text = PlainTextOutput.render(listing, json: false, ascii: false)
        let rows = text.split(separator: "\n").dropFirst().map(String.init)

        // Then every row's network starts in the same terminal cell: a long cell is cut to its
        // column's cap (40 cells for a name, 28 for genres), never pushing the next one along
        let cells = CellText(repertoire: .unicode)
        let networkColumns = rows.map { row in
            let network = ["Netflix", "HBO", "NHK"].compactMap { row.range(of: "  " + $0) }.first
            return cells.width(String(row[..<(network?.lowerBound ?? row.endIndex)]))
        }
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(Set(networkColumns).count, 1, rows.joined(separator: "\n"))
        let long = try XCTUnwrap(rows.first { $0.hasSuffix("HBO") })
        XCTAssertTrue(long.contains("A Show Whose Name Is Far Wider Than The…"), long)
        XCTAssertTrue(long.contains("Science-Fiction, Supernatur…"), long)
        // And a column is as wide as its widest cell, not its cap: the rank column is one cell
        XCTAssertTrue(rows[0].hasPrefix("1  Dark  "), rows[0])
    }

    func testTSVKeepsEveryCellWholeOnOneLineAfterAHeader() throws {
        // Given names with a tab and a line break in them, and a missing rating
        let shows = [
            TVShow(id: 1, name: "Tab\there\nand there", genres: ["Drama", "Crime"], rating: 8.5),
            TVShow(id: 2, name: "A Show Whose Name Is Far Wider Than The Forty Cells Of Its Column")
        ]
        let listing = PlainTextOutput.Listing(items: shows, source: snapshot, isPartial: false)

        // When printed tab-separated
        let tsv = PlainTextOutput.render(listing, json: false, tsv: true, ascii: false)
        let lines = tsv.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }

        // Then a header, one line a show, the same number of cells on each, every cell whole
        XCTAssertEqual(lines.first?.map(String.init), ["rank", "name", "years", "rating", "genres", "network", "source"])
        XCTAssertEqual(lines.count, 3, tsv)
        XCTAssertTrue(lines.allSatisfy { $0.count == 7 }, tsv)
        XCTAssertEqual(lines[1][1], "Tab here and there")
        XCTAssertEqual(lines[1][3], "8.5")
        XCTAssertEqual(lines[1][4], "Drama, Crime")
        XCTAssertEqual(lines[2][1], "A Show Whose Name Is Far Wider Than The Forty Cells Of Its Column")
        XCTAssertEqual(lines[2][3], "", "a missing value is empty")
        XCTAssertEqual(lines[2][6], "offline snapshot 2025-08-13")
        XCTAssertFalse(tsv.contains("#"), "no remark lines")
    }

    func testATableCutsInCellsAndPadsWideGlyphsToTheSameColumn() {
        var table = PlainTable(columns: [.init(name: "a", cap: 6), .init(name: "b", cap: 10, alignRight: true), .init(name: "c", cap: 3)])
        table.append(["東京東京", "1", "last column whole"])
        table.append(["ab", nil, nil])
        table.append(text: "# a remark")
        let text = CellText(repertoire: .unicode)
        // 東京東京 is 8 cells: cut to 6, a wide glyph never split, so 東京… (5) and a space
        XCTAssertEqual(table.columnsText(text), "東京…   1  last column whole\nab      —  —\n# a remark\n")
        XCTAssertEqual(table.tabSeparated(text), "a\tb\tc\n東京東京\t1\tlast column whole\nab\t\t\n")
    }
}
