import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// Draws whole frames of the Places section on an in-memory canvas and checks them cell by cell.
@MainActor
final class NearbyPOIsViewTests: XCTestCase {
    private var retained: [AnyObject] = []

    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    /// The app showing the Places section over a worker (the Shows section is a stub too).
    private func makeApp(
        worker: any POIsWorking, start: NearbyPOIs.Start? = nil, units: NearbyPOIs.Units = .metric,
        now: @escaping @Sendable () -> Date = { Date() }
    )
        throws -> (AppController, NearbyPOIsViewController)
    {
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [makeShows(["Breaking Bad", "Fargo"])]))
        var places = POIsDependencies(worker: worker, offlineCities: CitySearchStub(cities: []), units: units, start: try start ?? TestPOIs.start())
        places.now = now
        places.placeClock = FoundationPOIClock(viewer: "America/New_York")
        let scene = harness.showPlaces(places)
        retained = [harness]
        return (harness.app, scene)
    }

    private func frame(_ app: AppController, width: Int, height: Int, ascii: Bool = false) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height, text: CellText(repertoire: ascii ? .ascii : .unicode))
        app.draw(on: canvas)
        return canvas
    }

    /// Places around the centre in several directions, nearest first: 300 m east, 900 m north,
    /// then a row north from 1 km.
    private func spreadPOIs() throws -> [POI] {
        [
            TestPOIs.poi("east", "East Café", at: try TestPOIs.east(300), distance: 300),
            TestPOIs.poi("north", "North Café", at: try TestPOIs.north(900), distance: 900)
        ] + (try TestPOIs.row(20, start: 10))
    }

    /// The distance column of a row in metres (`700 m`, `1.2 km`), or -1.
    private func metres(inRow line: String) -> Double {
        let parts = line.split(separator: " ")
        guard parts.count >= 3, let value = Double(parts[parts.count - 3]) else { return -1 }
        return parts[parts.count - 2] == "km" ? value * 1_000 : value
    }

    private func isBraille(_ text: String) -> Bool {
        text.unicodeScalars.first.map { (0x2800...0x28FF).contains($0.value) } ?? false
    }

    func testTheListAt80x24HasTabsSummaryColumnsSortedRowsAndTheCreditInTheStatusBar() async throws {
        // Given 25 cafés north of the centre, 100 m apart
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(25)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 25)
        // When
        let canvas = frame(app, width: 80, height: 24)
        // Then the header shows the sections with Places current (the app's name gives way to
        // the path at 80 columns)
        XCTAssertTrue(canvas.line(0).hasPrefix("  Shows  [Places]  Favourites   Continue  │ Places near 41.0172,28.9699"), canvas.line(0))
        XCTAssertEqual(canvas.cells[0][10].role, .accent, "the current tab stands out")
        XCTAssertEqual(canvas.line(1).trimmingCharacters(in: .whitespaces), "Near 41.0172,28.9699 · within 2 km · 25 places")
        for title in ["Name", "Category", "Now", "Distance", "Dir"] { XCTAssertTrue(canvas.line(2).contains(title), title) }
        // The first row is selected, as in every list: the pointer, and reverse video over the
        // name's own cells ("Café 1"), not the padding after it.
        XCTAssertEqual(canvas.cells[3][0].text, "▌")
        XCTAssertEqual(canvas.cells[3][0].role, .accent)
        XCTAssertTrue(canvas.cells[3][2..<8].allSatisfy { $0.role == .selected })
        XCTAssertTrue(canvas.cells[3][8..<30].allSatisfy { $0.role != .selected }, "no padding after the name")
        XCTAssertTrue(canvas.cells[4][0..<30].allSatisfy { $0.role != .selected })
        XCTAssertTrue(canvas.line(3).hasPrefix("▌ Café 1 "), canvas.line(3))
        // No opening hours given: `—` in the Now column; the walk there, estimated (100 m × 1.3
        // at 5 km/h is 1.6 minutes).
        XCTAssertTrue(canvas.line(3).hasSuffix(" Café             —               ~2 min    100 m ↑  "), canvas.line(3))
        // 20 rows fit, nearest first, distances ascending.
        let distances = (3...22).map { metres(inRow: canvas.line($0)) }
        XCTAssertEqual(distances, Array(stride(from: 100.0, through: 2_000, by: 100)))
        XCTAssertTrue(canvas.line(22).contains("Café 20"))
        XCTAssertTrue(canvas.line(22).contains("2.0 km"))
        // The status bar: source, credit, position, centre and radius.
        // The credit whole; the hint to the help where the centre and radius do not fit beside it.
        XCTAssertTrue(canvas.line(23).hasPrefix(" Overpass live · © OpenStreetMap contributors │ 1/25"), canvas.line(23))
        XCTAssertTrue(canvas.line(23).hasSuffix(" ? help  q quit "), canvas.line(23))
        // No map at 80 columns until m.
        XCTAssertFalse(canvas.plainText.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
        for row in 0..<24 { XCTAssertEqual(canvas.line(row).count, 80, "row \(row) is exactly the width") }
    }

    func testAt250x70TheMapGrowsBothWaysAndTakesOverHalfTheScreensHeight() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try spreadPOIs()]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 22)
        let canvas = frame(app, width: 250, height: 70)
        let border = try XCTUnwrap((0..<250).first { canvas.cells[5][$0].text == "│" && canvas.cells[5][$0].role == .border })
        XCTAssertEqual(border, 150, "two fifths of the width: 100 columns")
        let brailleRows = (0..<70).filter { row in canvas.cells[row][(border + 1)...].contains { isBraille($0.text) } }
        let first = try XCTUnwrap(brailleRows.first), last = try XCTUnwrap(brailleRows.last)
        XCTAssertGreaterThanOrEqual(last - first + 1, 35, "the ring spans at least half the screen's height")
        let brailleColumns = ((border + 1)..<250).filter { column in (0..<70).contains { isBraille(canvas.cells[$0][column].text) } }
        XCTAssertGreaterThan(brailleColumns.count, 80, "and most of its width")
        for row in 0..<70 { XCTAssertEqual(canvas.line(row).count, 250, "row \(row) is exactly the width") }
    }

    func testAt120x40TheMiniMapIsBesideTheListAndItsHighlightFollowsTheSelection() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try spreadPOIs()]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 22)
        var canvas = frame(app, width: 120, height: 40)
        // The map's border runs down column 72, with braille dots to its right.
        XCTAssertTrue((1..<39).allSatisfy { canvas.cells[$0][72].text == "│" && canvas.cells[$0][72].role == .border })
        XCTAssertTrue(canvas.line(1).contains("Map · north ↑"))
        let mapCells = (2..<39).flatMap { row in (73..<120).map { (row, $0) } }
        XCTAssertGreaterThan(mapCells.filter { isBraille(canvas.cells[$0.0][$0.1].text) }.count, 40, "the circle and the places")
        let centre = try XCTUnwrap(mapCells.first { canvas.cells[$0.0][$0.1].text == "+" })
        let scaleRow = try XCTUnwrap((2..<39).first { canvas.line($0).contains("├") })
        // The scale follows the framing of the places (the farthest is 2.9 km north).
        XCTAssertNotNil(canvas.line(scaleRow).range(of: #"├─+ \d+(\.\d)? k?m ─+┤"#, options: .regularExpression), canvas.line(scaleRow))
        func selectedOnMap(_ canvas: GridCanvas) -> [(Int, Int)] {
            mapCells.filter { $0.0 < scaleRow && canvas.cells[$0.0][$0.1].role == .selected }
        }
        // The nearest place, 300 m east, is highlighted right of the centre on its row.
        var selected = selectedOnMap(canvas)
        XCTAssertEqual(selected.count, 1)
        XCTAssertEqual(selected.first?.0, centre.0)
        XCTAssertGreaterThan(selected.first?.1 ?? 0, centre.1)
        XCTAssertTrue(isBraille(canvas.cells[selected[0].0][selected[0].1].text))
        // When the selection moves to the place 900 m north
        _ = scene.handle(key: .down)
        canvas = frame(app, width: 120, height: 40)
        // Then the highlight moves above the centre, in its column
        selected = selectedOnMap(canvas)
        XCTAssertEqual(selected.count, 1)
        XCTAssertEqual(selected.first?.1, centre.1)
        XCTAssertLessThan(selected.first?.0 ?? 99, centre.0)
        XCTAssertTrue(canvas.plainText.contains("North Café · 900 m ↑"), "the selected place is named under the map")
        // The list keeps its columns left of the map.
        XCTAssertTrue(canvas.line(4).contains("North Café"))
        XCTAssertEqual(canvas.cells[4][0].text, "▌")
        for row in 0..<40 { XCTAssertEqual(canvas.line(row).count, 120, "row \(row) is exactly the width") }
    }

    func testInASCIITheMapDrawsDotsAStarAndAPlusAndMTogglesItUnder100Columns() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try spreadPOIs()]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 22)
        // When m is pressed at 80 columns
        _ = frame(app, width: 80, height: 24, ascii: true)
        _ = scene.handle(key: .character("m"))
        let canvas = frame(app, width: 80, height: 24, ascii: true)
        // Then the map replaces the list, all in ASCII
        XCTAssertTrue(scene.isMapShown)
        XCTAssertTrue(canvas.line(1).contains("Map - north ^"))
        let text = canvas.plainText
        XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.isASCII || $0 == "\n" })
        // On the grid (above the scale bar; the legend has its own sample `*`).
        let gridBottom = (0..<24).first { canvas.line($0).contains("|-") } ?? 24
        XCTAssertTrue(text.contains("* selected"), "the legend fits under the map at 80 x 24")
        let stars = (0..<gridBottom).flatMap { r in (0..<80).filter { canvas.cells[r][$0].text == "*" && canvas.cells[r][$0].role == .selected }.map { (r, $0) } }
        XCTAssertEqual(stars.count, 1)
        XCTAssertTrue((0..<24).contains { r in (0..<80).contains { canvas.cells[r][$0].text == "+" } })
        // Places as `.`, or as their count where several share a cell.
        XCTAssertTrue((0..<24).contains { r in (0..<80).contains { [".", "2", "3", "4"].contains(canvas.cells[r][$0].text) && canvas.cells[r][$0].role == .accent } }, text)
        XCTAssertTrue(text.contains("|-"), "the scale bar")
        XCTAssertTrue(canvas.line(22).hasPrefix("> East Cafe"), "the selected place under the map: \(canvas.line(22))")
        XCTAssertTrue(canvas.line(22).hasSuffix("300 m E  "), canvas.line(22))
        XCTAssertTrue(canvas.line(23).contains("(c) OpenStreetMap contributors"))
        // m again brings the list back.
        _ = scene.handle(key: .character("m"))
        XCTAssertTrue(frame(app, width: 80, height: 24, ascii: true).line(3).contains("East Cafe"))
    }

    func testEnterShowsThePOIsDetailsAndEscapeReturnsToTheSameRow() async throws {
        let poi = TestPOIs.poi(
            "osm:node/42", "Mavra Café", at: try TestPOIs.north(1_200), distance: 1_200,
            address: ["Serdar-ı Ekrem Caddesi 31", "34421 Beyoğlu"], hours: "Mo-Su 09:00-01:00",
            phone: "+90 212 252 73 88", website: "https://mavra.example")
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(3) + [poi]]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 4)
        // When
        for _ in 0..<3 { _ = scene.handle(key: .character("j")) }
        _ = scene.handle(key: .enter)
        let canvas = frame(app, width: 80, height: 24)
        // Then
        XCTAssertEqual(scene.mode, .details)
        // At 80 columns every tab is named and the path gives way from the left: the page's name stays.
        XCTAssertTrue(canvas.line(0).contains("Continue  │ … › Mavra Café"), canvas.line(0))
        XCTAssertEqual(canvas.line(1).trimmingCharacters(in: .whitespaces), "Mavra Café")
        XCTAssertEqual(canvas.line(2).trimmingCharacters(in: .whitespaces), "Café · 1.2 km N")
        let text = canvas.plainText
        for expected in [
            "Serdar-ı Ekrem Caddesi 31, 34421 Beyoğlu", "Mo-Su 09:00-01:00", "+90 212 252 73 88", "https://mavra.example",
            "Source id      osm:node/42", "Coordinates", "Overpass live"
        ] {
            XCTAssertTrue(text.contains(expected), expected)
        }
        _ = scene.handle(key: .escape)
        let back = frame(app, width: 80, height: 24)
        XCTAssertEqual(scene.mode, .list)
        XCTAssertEqual(back.cells[6][0].text, "▌")
        XCTAssertTrue(back.line(6).contains("Mavra Café"))
    }

    func testMovesAndEnterTypedBeforeThePlacesArriveApplyOnceTheyDo() async throws {
        let poi = TestPOIs.poi("osm:node/42", "Mavra Café", at: try TestPOIs.north(1_200), distance: 1_200)
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(3) + [poi]]))
        // When j j j Enter arrive before the first places (as keys typed at start-up do)
        XCTAssertTrue(scene.viewModel?.rows.isEmpty ?? true)
        for key: Key in [.character("j"), .character("j"), .character("j"), .enter] {
            XCTAssertTrue(scene.handle(key: key))
        }
        await settle(retained)
        // Then they apply in order to the places once they are there
        XCTAssertEqual(scene.viewModel?.rows.count, 4)
        XCTAssertEqual(scene.cursor.index, 3)
        XCTAssertEqual(scene.mode, .details)
        XCTAssertTrue(frame(app, width: 80, height: 24).line(0).contains("› Mavra Café"))
    }

    func testKeysTypedAheadOfAFailedSearchAreDropped() async throws {
        let (_, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(3)], failure: .unreachable(provider: .overpass, reason: "offline")))
        for key: Key in [.character("j"), .enter] { _ = scene.handle(key: key) }
        await settle(retained)
        XCTAssertEqual(scene.mode, .list)
        XCTAssertEqual(scene.viewModel?.rows.count, 0)
    }

    func testTheCategoryPickerListsEveryCategoryAndSearchesTheChosenOne() async throws {
        let worker = POIsWorkerStub(pages: [try TestPOIs.row(3)])
        let (app, scene) = try makeApp(worker: worker)
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 3)
        // When c opens the picker
        _ = scene.handle(key: .character("c"))
        let canvas = frame(app, width: 80, height: 24)
        // Then it offers all categories, then each one, the current one ticked
        let text = canvas.plainText
        XCTAssertTrue(text.contains("All categories"))
        for category in POICategory.allCases { XCTAssertTrue(text.contains(category.displayName), category.displayName) }
        XCTAssertTrue(text.contains("✓"))
        // When Café (the second choice) is chosen
        _ = scene.handle(key: .down)
        _ = scene.handle(key: .enter)
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 3)
        // Then cafés are searched, and the summary says so
        let categories = await worker.searches.map(\.category)
        XCTAssertEqual(categories, [nil, .cafe])
        XCTAssertTrue(frame(app, width: 80, height: 24).line(1).contains("· Café ·"))
    }

    func testPlusAndMinusChangeTheRadiusShownInTheSummaryAndStatusBar() async throws {
        let worker = POIsWorkerStub(pages: [try TestPOIs.row(3)])
        let (app, scene) = try makeApp(worker: worker)
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 3)
        _ = scene.handle(key: .character("+"))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.radiusLabel, "5 km")
        XCTAssertNil(scene.viewModel?.statusMessage)
        var canvas = frame(app, width: 80, height: 24)
        XCTAssertTrue(canvas.line(1).contains("within 5 km"))
        XCTAssertTrue(canvas.line(23).hasSuffix(" ? help  q quit "), canvas.line(23))
        _ = scene.handle(key: .character("-"))
        _ = scene.handle(key: .character("-"))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.radiusLabel, "1 km")
        XCTAssertNil(scene.viewModel?.statusMessage)
        canvas = frame(app, width: 80, height: 24)
        XCTAssertTrue(canvas.line(1).contains("within 1 km"))
    }

    func testAt80ColumnsWithAFallbackMessageTheStatusBarStillNamesTheSource() async throws {
        // Given the offline snapshot answering after Overpass failed, as the status message says
        let worker = POIsWorkerStub(pages: [try TestPOIs.row(17)])
        await worker.setSource(.embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(iso: "2025-12-04")))
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [makeShows(["Fargo"])]))
        let app = harness.app
        var places = POIsDependencies(worker: worker, offlineCities: CitySearchStub(cities: []), units: .metric, start: try TestPOIs.start())
        places.fallbackReasons = { [.unreachable(provider: .overpass, reason: "host not found")] }
        let scene = harness.showPlaces(places)
        retained = [harness]
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 17)
        XCTAssertNotNil(scene.viewModel?.statusMessage)
        for ascii in [false, true] {
            // When drawn at 80x24
            let canvas = frame(app, width: 80, height: 24, ascii: ascii)
            let status = canvas.line(23)
            // Then the status bar names the source, keeps a credit and the position, and the
            // message, too long beside them, is whole on the row above
            XCTAssertTrue(status.hasPrefix(ascii ? " offline snapshot - (c) OSM | 1/17 " : " offline snapshot · © OSM │ 1/17 "), status)
            XCTAssertTrue(status.hasSuffix("? help  q quit "), status)
            XCTAssertTrue(canvas.line(22).hasPrefix(" Overpass is unreachable (host not found; r retries)"), canvas.line(22))
            XCTAssertEqual(canvas.cells[22][0].role, .status)
            XCTAssertEqual(status.count, 80)
        }
        // And at 50 columns the message wraps over two rows above the bar
        let narrow = frame(app, width: 50, height: 24)
        XCTAssertTrue(narrow.line(23).hasPrefix(" offline snapshot"), narrow.line(23))
        XCTAssertTrue((narrow.line(21) + narrow.line(22)).contains("Overpass is unreachable"), narrow.line(21) + narrow.line(22))
    }

    func testAtTheWidestRadiusTheEmptyListDoesNotOfferPlusAndPlusSaysWhy() async throws {
        // Given nothing within 25 km
        let worker = POIsWorkerStub(pages: [[]])
        let (app, scene) = try makeApp(worker: worker, start: try TestPOIs.start(radius: 25_000))
        await settle(retained)
        XCTAssertTrue(scene.viewModel?.emptyMessage?.hasPrefix("No places") ?? false)
        // Then the message offers the other ways out, not +
        XCTAssertEqual(scene.viewModel?.emptyMessage, "No places within 25 km. Press c to change the category, or L to choose a city.")
        var text = frame(app, width: 80, height: 24).plainText
        XCTAssertFalse(text.contains("+"), text)
        XCTAssertTrue(text.contains("Press c to change the category"), text)
        // When + is pressed
        _ = scene.handle(key: .character("+"))
        // Then the status bar says why nothing happens, and no search is made
        text = frame(app, width: 80, height: 24).line(23)
        XCTAssertTrue(text.contains(" 25 km is the widest search "), text)
        XCTAssertTrue(text.hasSuffix("? help  q quit "), text)
        let searches = await worker.searches.count
        XCTAssertEqual(searches, 1)
        // And the message goes with the next key
        _ = scene.handle(key: .down)
        XCTAssertFalse(frame(app, width: 80, height: 24).line(23).contains("widest"))
    }

    func testMinusAtTheNarrowestRadiusSaysItIsTheNarrowest() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(2)]), start: try TestPOIs.start(radius: 250))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 2)
        _ = scene.handle(key: .character("-"))
        let status = frame(app, width: 80, height: 24).line(23)
        XCTAssertTrue(status.contains(" 250 m is the narrowest search "), status)
        XCTAssertTrue(status.hasSuffix("? help  q quit "), status)
    }

    func testEscapeInTheListClearsAKeptFilterAndOtherwiseIsNotTheLists() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(12)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 12)
        // Given no filter, Esc is not the list's
        XCTAssertFalse(scene.handle(key: .escape))
        // Given a kept filter: /1 then Enter
        for key: Key in [.character("/"), .character("1"), .enter] { _ = scene.handle(key: key) }
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.query, "1")
        XCTAssertEqual(scene.viewModel?.rows.count, 4, "Café 1, 10, 11, 12")
        XCTAssertFalse(scene.filter.isEditing)
        XCTAssertTrue(frame(app, width: 80, height: 24).plainText.contains("/1 "))
        // When Esc is pressed in the list
        XCTAssertTrue(scene.handle(key: .escape))
        // Then the filter is gone and every place is back
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.query, "")
        XCTAssertEqual(scene.viewModel?.rows.count, 12)
        XCTAssertFalse(scene.filter.isVisible)
        XCTAssertFalse(frame(app, width: 80, height: 24).line(22).hasPrefix("/"))
        // And a second Esc is not the list's again
        XCTAssertFalse(scene.handle(key: .escape))
    }

    func testBackspaceInTheFilterKeepsTheSamePOISelectedWhileItStillMatches() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(12)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 12)
        // Given `/12` selects Café 12, the one match
        for key: Key in [.character("/"), .character("1"), .character("2")] { _ = scene.handle(key: key) }
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.query, "12")
        XCTAssertEqual(scene.viewModel?.rows.count, 1)
        let chosen = scene.cursor.selectedID
        XCTAssertNotNil(chosen)
        // When Backspace widens it to `/1` (Café 1, 10, 11, 12)
        _ = scene.handle(key: .backspace)
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.query, "1")
        XCTAssertEqual(scene.viewModel?.rows.count, 4)
        // Then Café 12 is still the selected row, and the frame shows it selected
        XCTAssertEqual(scene.cursor.selectedID, chosen)
        let row = scene.cursor.index
        XCTAssertEqual(scene.viewModel?.rows[row].id, chosen)
        XCTAssertNotEqual(row, 0, "Café 12 is not the first match")
        let canvas = frame(app, width: 80, height: 24)
        XCTAssertTrue(canvas.line(3 + row).hasPrefix("▌ Café 12"), canvas.line(3 + row))
        // And once it no longer matches (`/1` to `/`, then `/3`), the first match is selected
        for key: Key in [.backspace, .character("3")] { _ = scene.handle(key: key) }
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.query, "3")
        XCTAssertEqual(scene.cursor.index, 0)
        XCTAssertEqual(scene.cursor.selectedID, scene.viewModel?.rows.first?.id)
    }

    func testHostileGeoapifyPOIsNeverLeaveABlankRowOrAControlCharacterOrTheKeyOnScreen() async throws {
        // Given Geoapify's hostile features served over loopback, with a key
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/v2/places", .json(try RepositoryFiles.data("Tests/TestSupport/Fixtures/cases/geoapify_hostile_places.json")))
        let key = "SECRET-KEY-7c1e"
        let worker = GeoapifyPOIsWorker(apiKey: key, baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let start = NearbyPOIs.Start(center: try Coordinate(latitude: 48.8566, longitude: 2.3522))
        let (app, scene) = try makeApp(worker: worker, start: start)
        await settle(retained)
        XCTAssertGreaterThanOrEqual(scene.viewModel?.rows.count ?? 0, 4)
        let count = scene.viewModel?.rows.count ?? 0
        for width in [30, 47, 80, 100, 120] {
            let canvas = frame(app, width: width, height: 16)
            for row in 0..<16 {
                let used = canvas.cells[row].reduce(0) { $0 + canvas.text.width($1.text) }
                XCTAssertEqual(used, width, "row \(row) at width \(width)")
                XCTAssertFalse(canvas.line(row).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            }
            XCTAssertFalse(canvas.plainText.contains(key))
            // Every place row has a name: text right after the marker.
            for row in 3..<min(3 + count, 15) where width >= 47 {
                XCTAssertNotEqual(canvas.cells[row][2].text, " ", "row \(row) at width \(width) starts with a name: \(canvas.line(row))")
            }
        }
        let text = frame(app, width: 100, height: 16).plainText
        XCTAssertTrue(text.contains("Café ␛[31mRED␛[0m"))
        XCTAssertTrue(text.contains("Café, "), "an unnamed café shows its category and street")
        XCTAssertTrue(text.contains("Powered by Geoapify"))
        XCTAssertTrue(server.requests.allSatisfy { $0.queryItems["apiKey"] == key }, "the key goes only to Geoapify")
    }

    func testTheHelpOverlayListsThePOIsKeysTabAndTheCredit() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(2)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 2)
        app.handle(key: .character("?"))
        // Tall enough for every key and the credit under them.
        let text = frame(app, width: 100, height: 45).plainText
        for entry in NearbyPOIsKeyMaps.keyMap { XCTAssertTrue(text.contains(entry.help), entry.help) }
        XCTAssertTrue(text.contains("Next section: Shows, Places, Favourites"))
        XCTAssertTrue(text.contains("OpenStreetMap contributors (ODbL)"))
    }

    func testTabGoesToShowsAndBackToTheSamePOISelected() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(5)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 5)
        _ = scene.handle(key: .down)
        _ = scene.handle(key: .down)
        // When Shift-Tab goes to Shows
        app.handle(key: .backTab)
        XCTAssertEqual(app.section, .shows)
        let list = try XCTUnwrap(app.top as? PopularListViewController)
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 2)
        let shows = frame(app, width: 80, height: 24)
        XCTAssertTrue(shows.line(0).hasPrefix(" Discover  [Shows]  Places   Favourites   Continue  │ Popular shows"), shows.line(0))
        // And Tab comes back
        app.handle(key: .tab)
        XCTAssertEqual(app.section, .places)
        XCTAssertTrue(app.top === scene)
        XCTAssertEqual(scene.cursor.index, 2)
        let places = frame(app, width: 80, height: 24)
        XCTAssertEqual(places.cells[5][0].text, "▌")
        XCTAssertTrue(places.line(5).contains("Café 3"))
    }

    func testCtrlWErasesTheLastWordOfTheCityNameAndAltKeysTypeNothing() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(2)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 2)
        _ = scene.handle(key: .character("L"))
        for c in "New York" { app.handle(key: .character(c)) }
        app.handle(key: .alt(.character("q")))
        XCTAssertEqual(scene.cityQuery, "New York")
        app.handle(key: .control("w"))
        XCTAssertEqual(scene.cityQuery, "New ")
        XCTAssertTrue(frame(app, width: 80, height: 24).plainText.contains("City: New ▏"))
        app.handle(key: .control("w"))
        XCTAssertEqual(scene.cityQuery, "")
        XCTAssertTrue(scene.capturesText, "the search stays open")
    }

    func testOnTheSnapshotAloneTheCityPickerShowsTheWholeMessageThatOnlineSearchIsOff() async throws {
        // Given no geocoder (`--source snapshot`) and a name no offline city starts with
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(2)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 2)
        _ = scene.handle(key: .character("L"))
        for c in "Qwertyville" { app.handle(key: .character(c)) }
        await settle(retained)
        XCTAssertTrue(scene.citiesViewModel?.message?.contains("Qwertyville") ?? false)
        app.handle(key: .enter)
        // Then the box says, word-wrapped and whole, that online search is off and how to turn it on
        for width in [80, 120] {
            let text = frame(app, width: width, height: 24).plainText
            let said = text.split(separator: "\n").map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            XCTAssertTrue(said.contains("Online search is off on the offline snapshot"), "\(width): \(text)")
            XCTAssertTrue(said.contains("--source auto or osm to search online."), "\(width): \(text)")
        }
        XCTAssertEqual(scene.mode, .cities, "the dialog stays open")
    }

    func testLeftAndRightWhileTypingThePOIsFilterNeitherOpenNorGoBack() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(3)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 3)
        app.handle(key: .character("/"))
        app.handle(key: .character("c"))
        app.handle(key: .right)
        app.handle(key: .left)
        XCTAssertEqual(scene.mode, .list, "Right opened no details")
        XCTAssertTrue(scene.capturesText)
    }

    func testTabIsTypedIntoTheCitySearchNotTakenAsASectionSwitch() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try TestPOIs.row(2)]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 2)
        _ = scene.handle(key: .character("L"))
        XCTAssertTrue(scene.capturesText)
        app.handle(key: .tab)
        app.handle(key: .character("q"))
        XCTAssertEqual(app.section, .places)
        XCTAssertEqual(scene.cityQuery, "q")
        XCTAssertTrue(frame(app, width: 80, height: 24).plainText.contains("City: q▏"))
    }

    // MARK: Open now, the map's framing, zoom and legend

    /// Monday 1 December 2025, 10:00 UTC: 13:00 in Istanbul.
    private static let monday1pmIstanbul: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_764_583_200) }

    /// Four places with hours: open now, closed till Tuesday, unparseable, none.
    private func placesWithHours() throws -> [POI] {
        [
            TestPOIs.poi("open", "Open Café", at: try TestPOIs.north(100), distance: 100, hours: "Mo-Fr 08:00-18:00"),
            TestPOIs.poi("closed", "Closed Café", at: try TestPOIs.north(200), distance: 200, hours: "Tu 08:00-12:00"),
            TestPOIs.poi("odd", "Odd Café", at: try TestPOIs.north(300), distance: 300, hours: "\"variiable and unpredictable\""),
            TestPOIs.poi("none", "Plain Café", at: try TestPOIs.north(400), distance: 400)
        ]
    }

    func testTheNowColumnReadsTheHoursInThePOIsZoneShortAt80ColumnsLongAt200() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try placesWithHours()]), now: Self.monday1pmIstanbul)
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 4)
        // At 80 columns: the medium column, after the category (columns 45–58, before the walk),
        // its verb saying open (closes) or closed (opens).
        var canvas = frame(app, width: 80, height: 24)
        XCTAssertEqual(String(canvas.line(2).dropFirst(45).prefix(3)), "Now", canvas.line(2))
        let medium = (3...6).map { String(canvas.line($0).dropFirst(45).prefix(14)).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(medium, ["Closes 18:00", "Opens Tu 08:00", "?", "—"])
        XCTAssertEqual(canvas.cells[3][45].role, .accent, "open stands out")
        XCTAssertEqual(canvas.cells[4][45].role, .normal, "closed is plain")
        XCTAssertEqual(canvas.cells[5][45].role, .dim, "not known is dim")
        // At 60 columns: the short column (columns 33–38).
        let narrow = frame(app, width: 60, height: 24)
        let short = (3...6).map { String(narrow.line($0).dropFirst(33).prefix(6)).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(short, ["Open", "Closed", "?", "—"], narrow.line(2))
        XCTAssertTrue(canvas.line(1).contains("hours in Europe/Istanbul time"), canvas.line(1))
        // At 200 columns: the long column.
        canvas = frame(app, width: 200, height: 40)
        XCTAssertTrue(canvas.line(2).contains("Open now"), canvas.line(2))
        XCTAssertTrue(canvas.line(3).contains("Open · closes 18:00"), canvas.line(3))
        XCTAssertTrue(canvas.line(4).contains("Closed · opens Tu 08:00"), canvas.line(4))
        XCTAssertTrue(canvas.line(5).contains("Hours as written"), canvas.line(5))
        // The details lay the week out, today marked, and name the clock; the odd value stands as written.
        _ = scene.handle(key: .enter)
        canvas = frame(app, width: 100, height: 40)
        let details = canvas.plainText
        XCTAssertTrue(details.contains("Open · closes 18:00 (Europe/Istanbul time)"), details)
        XCTAssertTrue(details.contains("Mo           08:00–18:00 · today"), details)
        XCTAssertTrue(details.contains("Sa           closed"), details)
        _ = scene.handle(key: .escape)
        _ = scene.handle(key: .down)
        _ = scene.handle(key: .down)
        _ = scene.handle(key: .enter)
        let odd = frame(app, width: 100, height: 40).plainText
        XCTAssertTrue(odd.contains("\"variiable and unpredictable\""), odd)
        XCTAssertTrue(odd.contains("Not known: the hours above are shown as written"), odd)
        XCTAssertFalse(odd.contains("· today"), odd)
    }

    func testOListsOnlyThePOIsOpenNowAndAgainListsThemAll() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try placesWithHours()]), now: Self.monday1pmIstanbul)
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 4)
        XCTAssertTrue(scene.handle(key: .character("o")))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 1)
        var canvas = frame(app, width: 80, height: 24)
        XCTAssertTrue(canvas.line(1).contains("Open now only"), canvas.line(1))
        XCTAssertTrue(canvas.line(3).hasPrefix("▌ Open Café"), canvas.line(3))
        XCTAssertFalse(canvas.plainText.contains("Closed Café"))
        _ = scene.handle(key: .character("o"))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 4)
        canvas = frame(app, width: 80, height: 24)
        XCTAssertFalse(canvas.line(1).contains("Open now only"), canvas.line(1))
        // The key is in the help.
        XCTAssertTrue(NearbyPOIsKeyMaps.keyMap.contains { $0.label == "o" })
    }

    func testTheLegendAndScaleAreWholeAt100And120And200Columns() async throws {
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [try spreadPOIs()]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 22)
        for width in [100, 120, 200] {
            let canvas = frame(app, width: width, height: 40)
            let border = try XCTUnwrap((0..<width).first { canvas.cells[5][$0].text == "│" && canvas.cells[5][$0].role == .border }, "\(width)")
            let mapLines = (1..<39).map { String(canvas.line($0).dropFirst(border + 1)) }
            let legend = mapLines.filter { $0.contains("centre") || $0.contains("in a cell") }.joined(separator: " ")
            for word in ["+ centre", "selected", "place", "in a cell"] { XCTAssertTrue(legend.contains(word), "\(word) at \(width): \(legend)") }
            XCTAssertFalse(legend.contains("…"), "\(width): \(legend)")
            let scale = try XCTUnwrap(mapLines.first { $0.contains("├") }, "\(width)")
            XCTAssertNotNil(scale.range(of: #"├─+ \d+(\.\d)? k?m ─+┤"#, options: .regularExpression), "\(width): \(scale)")
            for row in 0..<40 { XCTAssertEqual(canvas.line(row).count, width, "row \(row) at \(width)") }
        }
    }

    func testZoomKeysChangeTheScaleBarAndPOIsSharingACellShowTheirCount() async throws {
        // Three places at one point, 800 m east, and one 1.5 km north.
        let spot = try TestPOIs.east(800)
        let pois = [
            TestPOIs.poi("a", "A", at: spot, distance: 800), TestPOIs.poi("b", "B", at: spot, distance: 800),
            TestPOIs.poi("c", "C", at: spot, distance: 800), TestPOIs.poi("d", "D", at: try TestPOIs.north(1_500), distance: 1_500)
        ]
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [pois]))
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 4)
        var canvas = frame(app, width: 120, height: 40)
        let scaleRow = try XCTUnwrap((0..<40).first { canvas.line($0).contains("├") })
        let three = (0..<scaleRow).flatMap { r in (73..<120).filter { canvas.cells[r][$0].text == "3" }.map { (r, $0) } }
        XCTAssertEqual(three.count, 1, "three places in one cell draw as 3")
        let before = (0..<40).map { canvas.line($0) }.first { $0.contains("├") } ?? ""
        XCTAssertTrue(scene.handle(key: .character("z")))
        XCTAssertTrue(scene.handle(key: .character("z")))
        canvas = frame(app, width: 120, height: 40)
        XCTAssertTrue(canvas.line(1).contains("zoom +2"), canvas.line(1))
        let after = (0..<40).map { canvas.line($0) }.first { $0.contains("├") } ?? ""
        XCTAssertNotEqual(before, after, "the scale bar follows the zoom")
        XCTAssertTrue(scene.handle(key: .character("Z")))
        XCTAssertTrue(scene.handle(key: .character("Z")))
        canvas = frame(app, width: 120, height: 40)
        XCTAssertFalse(canvas.line(1).contains("zoom"), canvas.line(1))
        XCTAssertEqual((0..<40).map { canvas.line($0) }.first { $0.contains("├") }, before)
    }

    // MARK: Details that read well

    func testALongIdAndWebAddressAreShortenedInTheMiddleOnOneLineAndYCopiesThemWhole() async throws {
        let id = "51c1ea234b41d2024059e96d6f58bf6d4840f00103f90179756a14020000009203084d61726c65747465"
        let site = "https://www.starbucks.co.uk/store-locator/7085-150313/kazasker-and-a-long-tail"
        let poi = TestPOIs.poi(id, "Marlette", at: try TestPOIs.north(95), distance: 95, website: site)
        let (app, scene) = try makeApp(worker: POIsWorkerStub(pages: [[poi]]))
        let clipboard = ClipboardSpy()
        scene.clipboard = clipboard
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 1)
        _ = scene.handle(key: .enter)
        let canvas = frame(app, width: 80, height: 30)
        let idRow = try XCTUnwrap((0..<30).first { canvas.line($0).hasPrefix(" Source id") })
        let line = canvas.line(idRow)
        XCTAssertTrue(line.contains("51c1ea234b41"), line)
        XCTAssertTrue(line.contains("…"), line)
        XCTAssertTrue(line.trimmingCharacters(in: .whitespaces).hasSuffix("4d61726c65747465"), line)
        XCTAssertFalse(canvas.line(idRow + 1).contains("65747465"), "the id does not wrap onto a second line")
        let webRow = try XCTUnwrap((0..<30).first { canvas.line($0).hasPrefix(" Website") })
        XCTAssertTrue(canvas.line(webRow).contains("https://www.star"), canvas.line(webRow))
        XCTAssertTrue(canvas.line(webRow).contains("…"), canvas.line(webRow))
        XCTAssertEqual(canvas.line(webRow).count, 80)
        // y and Y copy the whole values, and the status bar says so.
        XCTAssertTrue(scene.handle(key: .character("y")))
        XCTAssertTrue(scene.handle(key: .character("Y")))
        XCTAssertEqual(clipboard.copied, [id, site])
        // Too long beside the source and the kept hints, the message is whole above the bar.
        let copied = frame(app, width: 80, height: 30)
        XCTAssertTrue((26...29).map { copied.line($0) }.joined().contains("web address sent to the clipboard"), copied.plainText)
        XCTAssertTrue(copied.line(29).hasSuffix("Esc back  ? help "), copied.line(29))
        // A terminal without OSC 52 is said so.
        clipboard.works = false
        _ = scene.handle(key: .character("y"))
        XCTAssertTrue(frame(app, width: 120, height: 30).line(29).contains("No clipboard on this terminal"), frame(app, width: 120, height: 30).line(29))
    }
}

/// Records what the details copy.
@MainActor
final class ClipboardSpy: ClipboardWriting {
    var copied: [String] = []
    var works = true
    func copy(_ text: String) -> Bool {
        guard works else { return false }
        copied.append(text)
        return true
    }
}
