import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// Draws whole frames on an in-memory canvas and checks them cell by cell.
@MainActor
final class SceneViewTests: XCTestCase {
    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    private func makeApp(_ shows: [TVShow]) throws -> (AppController, PopularListViewController, NavigatorSpy) {
        let display = NavigatorSpy()
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [shows]), display: display)
        retained = [harness]
        return (harness.app, harness.showList(), display)
    }

    private var retained: [AnyObject] = []

    private func frame(_ app: AppController, width: Int, height: Int) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height)
        app.draw(on: canvas)
        return canvas
    }

    func testTheListFrameAt80x24HasHeaderColumnsRowsSelectionAndStatusBar() async throws {
        let (app, list, _) = try makeApp(makeShows((1...40).map { "Show \($0)" }))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 40)
        let canvas = frame(app, width: 80, height: 24)
        XCTAssertEqual(canvas.line(0).trimmingCharacters(in: .whitespaces), "Discover  [Shows]  Places   Favourites   Continue  │ Popular shows")
        XCTAssertEqual(canvas.cells[0][1].role, .heading)
        XCTAssertTrue(canvas.line(1).contains("Name"))
        XCTAssertTrue(canvas.line(1).contains("Rating"))
        // The first row is selected: the pointer, and reverse video over the name's own cells
        // only (" ▌ 1 Show 1"), so a move rewrites no padding; the rank looks the same on every row.
        XCTAssertEqual(canvas.cells[2][0].text, "▌")
        XCTAssertEqual(canvas.cells[2][0].role, .accent)
        XCTAssertEqual(canvas.cells[2][1...3].map(\.role), canvas.cells[3][1...3].map(\.role))
        XCTAssertTrue(canvas.cells[2][4..<10].allSatisfy { $0.role == .selected }, "the name \"Show 1\"")
        XCTAssertTrue(canvas.cells[2][10..<30].allSatisfy { $0.role != .selected }, "no padding after the name")
        XCTAssertTrue(canvas.cells[3].allSatisfy { $0.role != .selected })
        XCTAssertTrue(canvas.line(2).contains("Show 1 "))
        XCTAssertTrue(canvas.line(2).contains("★ 8.0"))
        XCTAssertEqual(canvas.cells[3][0].text, " ")
        // 21 show rows fit between the column header and the status bar.
        XCTAssertTrue(canvas.line(22).contains("Show 21 "))
        XCTAssertTrue(canvas.line(23).hasPrefix(" TVmaze live │ 1/40"))
        XCTAssertTrue(canvas.cells[23].allSatisfy { $0.role == .status })
    }

    func testTheListFrameAt40x12DropsColumnsButKeepsNameAndRating() async throws {
        let (app, list, _) = try makeApp(makeShows((1...40).map { "Show \($0)" }))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 40)
        let canvas = frame(app, width: 40, height: 12)
        XCTAssertFalse(canvas.line(1).contains("Genres"))
        XCTAssertFalse(canvas.line(1).contains("Network"))
        XCTAssertTrue(canvas.line(1).contains("Years"))
        XCTAssertTrue(canvas.line(2).contains("Show 1"))
        XCTAssertTrue(canvas.line(2).hasSuffix("★ 8.0 "))
        for row in 0..<12 { XCTAssertEqual(canvas.line(row).count, 40, "row \(row) is exactly the width") }
    }

    func testBeyond120ColumnsGenresAndNetworkGrowToTheirLongestTextBeforeTheNameTakesTheRest() {
        let at120 = PopularListViewController.columns(width: 120, rankDigits: 3, wanted: (genres: 34, network: 20))
        XCTAssertEqual(at120.genres, 24, "up to 120 columns the widths are fixed")
        XCTAssertEqual(at120.network, 14)
        let wide = PopularListViewController.columns(width: 250, rankDigits: 3, wanted: (genres: 34, network: 20))
        XCTAssertEqual(wide.genres, 35, "the longest genres and a cell of padding")
        XCTAssertEqual(wide.network, 20)
        XCTAssertEqual(wide.years, 9)
        XCTAssertEqual(wide.name, 250 - (1 + 3 + 1 + 10 + 36 + 7 + 21))
        let little = PopularListViewController.columns(width: 130, rankDigits: 3, wanted: (genres: 34, network: 20))
        XCTAssertEqual(little.genres, 34, "Genres grows first")
        XCTAssertEqual(little.network, 14)
        XCTAssertEqual(little.name, at120.name)
        let capped = PopularListViewController.columns(width: 400, rankDigits: 3, wanted: (genres: 300, network: 300))
        XCTAssertEqual(capped.genres, 60)
        XCTAssertEqual(capped.network, 40)
    }

    func testAt250ColumnsNoGenresOrNetworkIsCutAndTheWholeSelectedRowIsMarked() async throws {
        var shows = makeShows((1...40).map { "Show \($0)" })
        shows[3] = TVShow(
            id: 4, name: "Show 4", genres: ["Adventure", "Fantasy", "Science-Fiction", "Supernatural"],
            premiered: CalendarDate(year: 2013, month: 1, day: 1), rating: 8.0, weight: 96,
            broadcaster: Broadcaster(name: "Magnolia Network", kind: .network))
        let (app, list, _) = try makeApp(shows)
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 40)
        let canvas = frame(app, width: 250, height: 70)
        XCTAssertTrue(canvas.line(5).contains("Adventure, Fantasy, Science-Fiction, Supernatural"), canvas.line(5))
        XCTAssertTrue(canvas.line(5).contains("Magnolia Network"), canvas.line(5))
        XCTAssertFalse(canvas.plainText.contains("…"))
        XCTAssertTrue(canvas.cells[2][1...].allSatisfy { $0.role == .selected }, "the selected row, across")
    }

    func testMovingDownScrollsAndKeepsTheSelectionInView() async throws {
        let (app, list, _) = try makeApp(makeShows((1...40).map { "Show \($0)" }))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 40)
        _ = frame(app, width: 80, height: 24)
        for _ in 0..<25 { _ = list.handle(key: .down) }
        let canvas = frame(app, width: 80, height: 24)
        let selectedRows = (0..<24).filter { canvas.cells[$0][0].text == "▌" }
        XCTAssertEqual(selectedRows.count, 1)
        XCTAssertTrue(canvas.line(selectedRows[0]).contains("Show 26 "))
        XCTAssertTrue(canvas.line(23).contains("26/40"))
    }

    func testHostileNamesNeverOverflowARowOrLeaveControlCharactersAtAnyWidth() async throws {
        // Given the hostile shows of cases C03–C08
        let catalog = try ShowCatalog.load(path: RepositoryFiles.url("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").path)
        let (app, list, _) = try makeApp(catalog.shows)
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 12)
        for width in [30, 41, 42, 43, 44, 45, 46, 47, 80, 120] {
            let canvas = frame(app, width: width, height: 16)
            for row in 0..<16 {
                let cells = canvas.cells[row]
                // Every row takes exactly its width in cells, and no glyph is a control.
                let used = cells.reduce(0) { $0 + canvas.text.width($1.text) }
                XCTAssertEqual(used, width, "row \(row) at width \(width)")
                XCTAssertFalse(canvas.line(row).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
            }
            // The wide title's rating column stays aligned with the others.
            let ratingColumns = (2..<14).compactMap { row -> Int? in
                let line = canvas.line(row)
                return line.contains("★") ? canvas.cells[row].firstIndex { $0.text == "★" } : nil
            }
            XCTAssertEqual(Set(ratingColumns).count, ratingColumns.isEmpty ? 0 : 1, "ratings aligned at width \(width)")
        }
        let canvas = frame(app, width: 80, height: 16)
        XCTAssertTrue(canvas.plainText.contains("A␛[2J␛[HB"))
        XCTAssertTrue(canvas.plainText.contains("Shoptxt.exe"))
        XCTAssertTrue(canvas.plainText.contains("(untitled)"))
    }

    func testEnterOpensTheSelectedShowAndBackReturnsToTheSameRow() async throws {
        let shows = makeShows(["First", "Second", "Third", "Fourth"])
        let worker = TVShowsWorkerStub(pages: [shows])
        let harness = try SceneHarness(for: self, shows: worker, display: NavigatorSpy())
        let app = harness.app
        let list = harness.showList()
        retained = [harness]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 4)
        _ = list.handle(key: .down)
        _ = list.handle(key: .character("j"))
        _ = list.handle(key: .enter)
        let detail = app.top as? ShowDetailViewController
        XCTAssertNotNil(detail)
        await settle(retained)
        XCTAssertEqual(detail?.viewModel?.sections.contains { $0.title == "Cast" }, true)
        let canvas = frame(app, width: 80, height: 24)
        XCTAssertTrue(canvas.line(0).contains("Popular shows › Third"))
        XCTAssertTrue(canvas.line(1).contains("Third"))
        XCTAssertTrue(canvas.plainText.contains("Zach Woods as Jared Dunn"))
        let requested = await worker.requestedDetails
        XCTAssertEqual(requested, [3])
        _ = detail?.handle(key: .escape)
        XCTAssertTrue(app.top === list)
        XCTAssertEqual(list.cursor.index, 2)
        let back = frame(app, width: 80, height: 24)
        XCTAssertEqual(back.cells[4][0].text, "▌")
        XCTAssertTrue(back.line(4).contains("Third"))
    }

    func testTheFilterNarrowsAsYouTypeAndEscapeClearsIt() async throws {
        let (app, list, _) = try makeApp(makeShows(["Breaking Bad", "Better Call Saul", "Fargo"]))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        _ = list.handle(key: .character("/"))
        XCTAssertTrue(list.capturesText)
        for c in "bet" { _ = list.handle(key: .character(c)) }
        XCTAssertEqual(list.viewModel?.rows.map(\.name), ["Better Call Saul"])
        var canvas = frame(app, width: 80, height: 24)
        XCTAssertTrue(canvas.line(22).hasPrefix("/bet▏"))
        XCTAssertTrue(canvas.line(22).contains("1 of 3 shows"))
        _ = list.handle(key: .escape)
        XCTAssertFalse(list.capturesText)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        // A kept filter (Enter) is cleared by Esc on the list, keeping the selected show.
        _ = list.handle(key: .character("/"))
        _ = list.handle(key: .character("f"))
        _ = list.handle(key: .enter)
        XCTAssertEqual(list.viewModel?.rows.map(\.name), ["Fargo"])
        _ = list.handle(key: .escape)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        XCTAssertEqual(list.viewModel?.rows[list.cursor.index].name, "Fargo")
        canvas = frame(app, width: 80, height: 24)
        XCTAssertFalse(canvas.line(22).hasPrefix("/"))
    }

    func testTheHelpOverlayListsTheKeyMapAndTinyTerminalsGetANotice() async throws {
        let (app, list, _) = try makeApp(makeShows(["A"]))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 1)
        app.handle(key: .character("?"))
        let canvas = frame(app, width: 80, height: 24)
        for entry in PopularListViewController.keyMap {
            XCTAssertTrue(canvas.plainText.contains(entry.help), "help lists \(entry.help)")
        }
        // The credit ends the help: on screen once the whole help fits.
        XCTAssertTrue(frame(app, width: 80, height: 34).plainText.contains("Data from TVmaze.com (CC BY-SA 4.0)"), canvas.plainText)
        // At 80x12 the help does not fit: it says so, and scrolls to its end.
        let short = frame(app, width: 80, height: 12)
        XCTAssertTrue(short.plainText.contains("↓ more: j k PgDn"))
        XCTAssertFalse(short.plainText.contains("Quit at once"))
        app.handle(key: .character("G"))
        let end = frame(app, width: 80, height: 12)
        XCTAssertTrue(end.plainText.contains("Quit at once"))
        XCTAssertTrue(end.plainText.contains("↑ more: j k PgDn"))
        app.handle(key: .escape)
        XCTAssertFalse(frame(app, width: 80, height: 12).plainText.contains("Keys"))
        // While the terminal is too small, keys are not acted on.
        _ = frame(app, width: 20, height: 5)
        app.handle(key: .character("?"))
        XCTAssertFalse(frame(app, width: 80, height: 24).plainText.contains(" Keys "), "? was ignored while too small")
        for (w, h) in [(29, 24), (80, 5), (10, 3), (1, 1)] {
            let tiny = frame(app, width: w, height: h)
            XCTAssertTrue(tiny.plainText.replacingOccurrences(of: "\n", with: " ").contains(w >= 10 ? "Terminal" : "T"), "\(w)x\(h)")
        }
    }
}
