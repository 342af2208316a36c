import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// Pastes and mouse clicks in the Places section, through `AppController` as the session
/// hands them over, checked on frames drawn on an in-memory canvas.
@MainActor
final class POIsMouseAndPasteTests: XCTestCase {
    private var retained: [AnyObject] = []

    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    private func makeApp(mouse: Bool) async throws -> (AppController, NearbyPOIsViewController) {
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [makeShows(["Breaking Bad", "Fargo"])]))
        let app = harness.app
        app.mouseEnabled = mouse
        let places = POIsDependencies(
            worker: POIsWorkerStub(pages: [try TestPOIs.row(25)]), offlineCities: CitySearchStub(cities: []),
            units: .metric, start: try TestPOIs.start())
        let scene = harness.showPlaces(places)
        retained = [harness]
        await settle(retained)
        XCTAssertEqual(scene.viewModel?.rows.count, 25)
        return (app, scene)
    }

    @discardableResult
    private func frame(_ app: AppController) -> GridCanvas {
        let canvas = GridCanvas(width: 80, height: 24, text: CellText(repertoire: .unicode))
        app.draw(on: canvas)
        return canvas
    }

    private func click(_ app: AppController, row: Int, column: Int) {
        app.handle(mouse: MouseEvent(button: .left, action: .press, row: row, column: column))
        app.handle(mouse: MouseEvent(button: .left, action: .release, row: row, column: column))
    }

    func testAClickSelectsARowTheWheelMovesThreeAndADoubleClickOpens() async throws {
        let (app, scene) = try await makeApp(mouse: true)
        frame(app)
        // The rows start at screen row 3 (header, summary, column titles): row 7 is the fifth.
        click(app, row: 7, column: 10)
        XCTAssertEqual(scene.cursor.index, 4)
        frame(app)
        app.handle(mouse: MouseEvent(button: .wheelDown, action: .press, row: 10, column: 10))
        XCTAssertEqual(scene.cursor.index, 7, "the wheel moves by 3")
        app.handle(mouse: MouseEvent(button: .wheelUp, action: .press, row: 10, column: 10))
        XCTAssertEqual(scene.cursor.index, 4)
        frame(app)
        click(app, row: 7, column: 10)
        XCTAssertEqual(scene.mode, .list, "one click on the selected row only selects")
        click(app, row: 7, column: 10)
        await settle(retained)
        XCTAssertEqual(scene.mode, .details)
        XCTAssertEqual(scene.detailViewModel?.title, "Café 5")
    }

    func testAClickInTheCategoryPickerSelectsAndADoubleClickChooses() async throws {
        let (app, scene) = try await makeApp(mouse: true)
        frame(app)
        app.handle(key: .character("c"))
        XCTAssertEqual(scene.mode, .categories)
        let canvas = frame(app)
        let choices = try XCTUnwrap(scene.viewModel?.categoryChoices)
        let target = 2
        let row = try XCTUnwrap((0..<canvas.height).first { canvas.line($0).contains(" " + choices[target].label + " ") }, "the choice is drawn")
        click(app, row: row, column: 40)
        XCTAssertEqual(scene.categoryIndex, target)
        click(app, row: row, column: 40)
        XCTAssertEqual(scene.mode, .list, "the double click took the choice")
    }

    func testAClickOnAPOIOnTheMapSelectsItAndASecondOpensIt() async throws {
        let (app, scene) = try await makeApp(mouse: true)
        let canvas = GridCanvas(width: 120, height: 30, text: CellText(repertoire: .unicode))
        app.draw(on: canvas)
        // The map is beside the list at 120 columns; the places run north, one a cell or so.
        let spot = try XCTUnwrap(scene.mapSpots.last, "places drawn on the map")
        XCTAssertGreaterThan(spot.column, 60, "on the map, right of the list")
        click(app, row: spot.row, column: spot.column)
        let ids = scene.mapSpots.filter { $0.row == spot.row && $0.column == spot.column }.map(\.id)
        XCTAssertTrue(ids.contains(scene.cursor.selectedID ?? ""), "a place of that cell is selected")
        XCTAssertNotEqual(scene.cursor.index, 0)
        app.draw(on: canvas)
        click(app, row: spot.row, column: spot.column)
        await settle(retained)
        XCTAssertEqual(scene.mode, .details)
    }

    func testWithoutMouseReportsDoNothing() async throws {
        let (app, scene) = try await makeApp(mouse: false)
        frame(app)
        click(app, row: 7, column: 10)
        app.handle(mouse: MouseEvent(button: .wheelDown, action: .press, row: 10, column: 10))
        XCTAssertEqual(scene.cursor.index, 0)
    }

    func testAPasteGoesIntoTheFilterOrTheCitySearchAsOneLineAndIsIgnoredElsewhere() async throws {
        let (app, scene) = try await makeApp(mouse: false)
        frame(app)
        app.handle(paste: "q")
        XCTAssertEqual(scene.mode, .list)
        XCTAssertFalse(scene.filter.isVisible, "no field: the paste is ignored, q did not act")
        app.handle(key: .character("/"))
        app.handle(paste: "Café\n1\u{1B}[2J")
        XCTAssertEqual(scene.filter.text, "Café 1[2J")
        XCTAssertTrue(scene.filter.isEditing, "the line break did not end the typing")
        app.handle(key: .escape)
        app.handle(key: .character("L"))
        XCTAssertEqual(scene.mode, .cities)
        app.handle(paste: "Paris\r\nFrance")
        XCTAssertEqual(scene.cityQuery, "Paris France")
        XCTAssertEqual(scene.mode, .cities, "Enter in the paste chose nothing")
        app.handle(key: .control("u"))
        app.handle(paste: String(repeating: "x", count: 5_000))
        XCTAssertEqual(scene.cityQuery.count, AppController.maximumPastedCharacters, "a huge paste is cut")
    }
}
