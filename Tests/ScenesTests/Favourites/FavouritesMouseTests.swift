import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// Clicks in the Favourites section (with `--mouse`), on a real favourites file in a
/// temporary folder, through `AppController` as the session hands them over.
@MainActor
final class FavouritesMouseTests: XCTestCase {
    private var root = ""
    private var home: TemporaryHome?
    private var retained: [AnyObject] = []

    override func setUp() async throws {
        setlocale(LC_ALL, "C.UTF-8")
        let home = try TemporaryHome(for: self, prefix: "discover-favmouse")
        self.home = home
        root = home.path
    }

    private func click(_ app: AppController, row: Int, column: Int) {
        app.handle(mouse: MouseEvent(button: .left, action: .press, row: row, column: column))
        app.handle(mouse: MouseEvent(button: .left, action: .release, row: row, column: column))
    }

    func testAClickSelectsAFavouriteADoubleClickOpensItAndATabClickSwitches() async throws {
        let place = Favourite(
            key: FavouriteKey(kind: .place, provider: "OpenStreetMap", id: "osm:node/9"), name: "Mandabatmaz",
            subtitle: "Café", coordinate: try Coordinate(latitude: 41.0334, longitude: 28.9772), addedAt: 2_000_000_000)
        let show = Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: "3"), name: "Severance", subtitle: "2022–", addedAt: 1_900_000_000)
        _ = try FavouritesStore(directory: root).write(applying: [.add(show), .add(place)])
        let book = FavouritesBook(worker: FavouritesWorker(store: FavouritesStore(directory: root)))
        let harness = try SceneHarness(for: self, home: home) { _ in
            .testing(shows: TVShowsWorkerStub(pages: [makeShows(["Breaking Bad", "Fargo"])]), favourites: book)
        }
        let app = harness.app
        app.mouseEnabled = true
        let factory = harness.factory
        let list = factory.makePopularList()
        harness.route(to: .favourites) { section in
            section == .favourites ? factory.makeFavourites(book: book) as SceneViewController : list
        }
        retained = [harness, book]
        let favourites = try XCTUnwrap(app.top as? FavouritesViewController)
        await settle(retained)
        XCTAssertEqual(favourites.viewModel?.rows.count, 2)
        let canvas = harness.frame(width: 100, height: 20)
        let row = try XCTUnwrap((0..<canvas.height).first { canvas.line($0).contains("Mandabatmaz") })
        let other = try XCTUnwrap((0..<canvas.height).first { canvas.line($0).contains("Severance") })
        click(app, row: other, column: 20)
        XCTAssertEqual(favourites.cursor.selectedID.map { $0.contains("3") }, true, "the click selected Severance")
        click(app, row: row, column: 20)
        XCTAssertEqual(favourites.cursor.selectedID.map { $0.contains("osm:node/9") }, true, "the click selected the place")
        XCTAssertNil(favourites.detailViewModel)
        click(app, row: row, column: 20)
        XCTAssertEqual(favourites.detailViewModel?.title, "Mandabatmaz", "the double click opened it")
        // A click on the Shows tab in the header switches to it.
        app.draw(on: canvas)
        let header = canvas.line(0)
        let column = try XCTUnwrap(header.range(of: "Shows")).lowerBound.utf16Offset(in: header)
        click(app, row: 0, column: column + 1)
        XCTAssertEqual(app.section, .shows)
    }
}
