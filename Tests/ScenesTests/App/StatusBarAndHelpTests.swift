import Domain
import Foundation
import SceneTestSupport
import Terminal
import XCTest

@testable import App
@testable import Scenes

/// What the frame around the scenes keeps whole: `? help` and the way out (`q quit`, `Esc
/// back`) in the hints at every width and whatever the message, a long message whole above the
/// bar and again under `M`, breadcrumbs without repeats, cut from the left, and F1 opening the
/// help.
@MainActor
final class StatusBarAndHelpTests: XCTestCase {
    private var retained: [AnyObject] = []

    private func makeApp() async throws -> (AppController, PopularListViewController) {
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [makeShows((1...40).map { "Show \($0)" })]), display: NavigatorSpy())
        let list = harness.showList()
        retained = [harness]
        await harness.settle()
        return (harness.app, list)
    }

    private func frame(_ app: AppController, width: Int, height: Int) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height)
        app.draw(on: canvas)
        return canvas
    }

    func testQuestionMarkHelpStaysInTheHintsAtEveryWidth() async throws {
        let (app, _) = try await makeApp()
        for width in [30, 40, 50, 60, 80, 120] {
            let bar = frame(app, width: width, height: 12).line(11)
            XCTAssertTrue(bar.contains("? help"), "\(width) columns: \(bar)")
        }
    }

    func testHintsKeepWholeEntriesHelpAndTheWayOut() {
        let text = CellText(repertoire: .unicode)
        let hints = "⏎ open  / filter  f fav  F favourites  ? help  q quit"
        XCTAssertEqual(StatusBar.hints(hints, room: 200, text: text), hints)
        XCTAssertEqual(StatusBar.hints(hints, room: 26, text: text), "⏎ open  ? help  q quit")
        XCTAssertEqual(StatusBar.hints(hints, room: 6, text: text), "? help  q quit", "the kept entries even when wider than the room")
        XCTAssertEqual(StatusBar.hints("41.0,28.9 · 2 km", room: 40, text: text), "41.0,28.9 · 2 km  ? help")
        XCTAssertEqual(StatusBar.hints("", room: 40, text: text), "? help")
        XCTAssertEqual(StatusBar.hints("⏎ open  f remove  q quit", room: 40, text: text), "⏎ open  f remove  ? help  q quit")
        XCTAssertEqual(StatusBar.hints("Esc back  ↑↓ scroll  c cast  f fav  ? help", room: 20, text: text), "Esc back  ? help")
        XCTAssertEqual(StatusBar.hints("↑↓ scroll  Esc back to the chart", room: 0, text: text), "Esc back to the chart  ? help")
    }

    func testANetworkErrorOnTheFirstScreenKeepsHelpAndQuitAtEveryWidth() async throws {
        // Given the list loaded, then a reload that cannot reach TVmaze
        let stub = TVShowsWorkerStub(pages: [makeShows((1...40).map { "Show \($0)" })])
        let harness = try SceneHarness(for: self, shows: stub, display: NavigatorSpy())
        harness.showList()
        retained = [harness]
        await harness.settle()
        await stub.setFailure(.unreachable(provider: .tvmaze, reason: "host not found"))
        harness.app.handle(key: .character("r"))
        await harness.settle()
        let message = "TVmaze is unreachable (host not found; r retries)"

        for width in [30, 40, 50, 60, 80, 100, 120, 160] {
            // When
            let canvas = frame(harness.app, width: width, height: 12)
            let bar = canvas.line(11)

            // Then: the hints keep `? help` and `q quit`, measured in cells, whatever the message
            XCTAssertTrue(bar.hasSuffix("? help  q quit "), "\(width) columns: \(bar)")
            // and the message is read whole, in the bar or on the rows above it
            let rows = (8...11).map { canvas.line($0) }.joined(separator: " ")
            XCTAssertTrue(rows.split(separator: " ").joined(separator: " ").contains(message), "\(width) columns: \(rows)")
        }
        // When there is room, the message is in the bar itself, between the source and the hints
        let wide = frame(harness.app, width: 120, height: 12)
        XCTAssertTrue(wide.line(11).contains(message), wide.line(11))
        XCTAssertFalse(wide.line(10).contains("TVmaze"), "no row above is taken: \(wide.line(10))")
    }

    func testEveryScenesHintsNameItsWayOut() async throws {
        // The way out of each screen, as its hints say it: `q quit` where q quits (a section's
        // first screen), `Esc back` on the screens opened over another.
        let shows = makeShows((1...3).map { "Show \($0)" })
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [shows]), display: NavigatorSpy())
        retained = [harness]
        let list = harness.showList()
        await harness.settle()
        XCTAssertTrue(list.statusBar.hints.hasSuffix("q quit"), list.statusBar.hints)
        let detail = harness.factory.makeShowDetail()
        XCTAssertTrue(detail.viewController.statusBar.hints.hasPrefix("Esc back"), detail.viewController.statusBar.hints)
        let guide = EpisodeGuideViewController()
        XCTAssertTrue(guide.statusBar.hints.contains("Esc back"), guide.statusBar.hints)
        let person = PersonViewController()
        XCTAssertTrue(person.statusBar.hints.contains("Esc back"), person.statusBar.hints)
        for listing in [Tonight.Listing.tonight, .upcoming, .premieres] {
            let tonight = TonightViewController(listing: listing)
            XCTAssertTrue(tonight.statusBar.hints.contains("Esc back"), tonight.statusBar.hints)
        }
        let favourites = FavouritesViewController()
        XCTAssertTrue(favourites.statusBar.hints.hasSuffix("q quit"), favourites.statusBar.hints)
        let places = NearbyPOIsViewController()
        XCTAssertTrue(places.statusBar.hints.hasSuffix("q quit"), places.statusBar.hints)
        let continued = ContinueViewController()
        XCTAssertTrue(continued.statusBar.hints.hasSuffix("q quit"), continued.statusBar.hints)
    }

    func testBreadcrumbsDropRepeatedNamesAndShortenFromTheLeft() {
        XCTAssertEqual(
            Breadcrumb.parts(["Popular now", "Game of Thrones", "Game of Thrones: episodes"]),
            ["Popular now", "Game of Thrones", "episodes"])
        XCTAssertEqual(Breadcrumb.parts(["Popular now", "Game of Thrones", "Game of Thrones"]), ["Popular now", "Game of Thrones"])
        XCTAssertEqual(Breadcrumb.parts(["Popular now", "Lost · S1"]), ["Popular now", "Lost · S1"])
        let text = CellText(repertoire: .unicode)
        let parts = ["Popular · week of 2024-01-22", "Game of Thrones", "episodes"]
        XCTAssertEqual(Breadcrumb.shortened(parts, separator: " › ", room: 200, text: text), parts.joined(separator: " › "))
        XCTAssertEqual(Breadcrumb.shortened(parts, separator: " › ", room: 30, text: text), "… › Game of Thrones › episodes")
        XCTAssertEqual(Breadcrumb.shortened(parts, separator: " › ", room: 20, text: text), "… › episodes")
        XCTAssertEqual(Breadcrumb.shortened(["A very long single title"], separator: " › ", room: 10, text: text), "A very lo…")
    }

    func testALongMessageIsWholeAboveTheBarAndMShowsItAgain() async throws {
        let (app, _) = try await makeApp()
        let message = "Added “Percy Jackson and the Olympians” to favourites (F lists them, Tab to the other sections)"
        app.post(notice: message)
        let canvas = frame(app, width: 80, height: 24)
        let rows = canvas.line(21) + canvas.line(22)
        XCTAssertEqual(rows.split(separator: " ").joined(separator: " "), message)
        XCTAssertEqual(canvas.cells[21][0].role, .status)
        XCTAssertTrue(canvas.line(23).hasSuffix("? help  q quit "), "the bar keeps its hints: \(canvas.line(23))")
        // The next key clears it; M lists it whole.
        app.handle(key: .character("M"))
        let overlay = frame(app, width: 80, height: 24).plainText
        XCTAssertTrue(overlay.contains("Messages"), overlay)
        XCTAssertTrue(overlay.contains("Added “Percy Jackson and the Olympians” to favourites (F lists"), overlay)
        XCTAssertTrue(overlay.contains("other sections)"), overlay)
        XCTAssertEqual(app.statusBar.messageLog, [message])
        app.handle(key: .escape)
        XCTAssertFalse(frame(app, width: 80, height: 24).plainText.contains("Messages"))
    }

    func testF1OpensTheHelpWhichListsMAndF1() async throws {
        let (app, _) = try await makeApp()
        app.handle(key: .function(1))
        let help = frame(app, width: 80, height: 40).plainText
        XCTAssertTrue(help.contains("Keys"), help)
        XCTAssertTrue(help.contains("? F1"), help)
        XCTAssertTrue(help.contains("The last messages of the status bar"), help)
        app.handle(key: .function(1))
        XCTAssertFalse(frame(app, width: 80, height: 40).plainText.contains("? F1"))
    }
}
