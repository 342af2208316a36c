import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// From a show's details to its episode guide and back: `e`, Enter on a season, Esc back to
/// the same place, and a source without episodes saying so.
@MainActor
final class EpisodeGuideRoutingTests: XCTestCase {
    private var retained: [AnyObject] = []

    /// Game of Thrones' details from the snapshot, opened over the list.
    private func openDetails(episodes: (any EpisodesWorking)?) async throws -> (AppController, ShowDetailViewController, ShowDetailInteractor) {
        let shows = SnapshotShowsWorker(loader: { try ShowCatalog.embedded() })
        let harness = try SceneHarness(for: self, shows: shows, episodes: { _ in episodes })
        let app = harness.app
        harness.showList()
        let (detail, store) = harness.factory.makeShowDetail()
        let details = try await shows.showDetails(for: TVShow(id: 82, name: "Game of Thrones"))
        store.show = details.show
        retained = [harness]
        let interactor = try XCTUnwrap(store as? ShowDetailInteractor)
        app.push(detail)
        // The details as the scene's Presenter gives them (the load itself is not under test).
        let presenter = ShowDetailPresenter(now: { 1_764_590_400 }, airClock: .utc(at: 1_764_590_400))
        presenter.viewController = detail
        presenter.presentDetails(response: .init(show: details.show, details: details, isLoading: false, error: nil))
        retained.append(presenter)
        return (app, detail, interactor)
    }

    private func frame(_ app: AppController) -> GridCanvas {
        let canvas = GridCanvas(width: 80, height: 24)
        app.draw(on: canvas)
        return canvas
    }

    func testEOpensTheGuideAndEscComesBackToTheSamePOIInTheDetails() async throws {
        let (app, detail, _) = try await openDetails(episodes: SnapshotEpisodesWorker())
        _ = frame(app)
        for _ in 0..<5 { _ = detail.handle(key: .down) }
        _ = frame(app)
        let position = detail.statusBar.position
        XCTAssertTrue(position.hasPrefix("27/"), position)
        XCTAssertTrue(detail.handle(key: .character("e")))
        let guide = try XCTUnwrap(app.top as? EpisodeGuideViewController)
        guide.sceneDidAppear()
        XCTAssertEqual(guide.title, "Game of Thrones: episodes")
        XCTAssertTrue(guide.handle(key: .escape))
        XCTAssertTrue(app.top === detail)
        _ = frame(app)
        XCTAssertEqual(detail.statusBar.position, position, "the details keep their place")
    }

    func testEnterPicksASeasonAndEnterAgainOpensTheGuideThere() async throws {
        let (app, detail, _) = try await openDetails(episodes: SnapshotEpisodesWorker())
        _ = frame(app)
        _ = detail.handle(key: .enter)
        XCTAssertEqual(detail.selectedSeason, 1)
        _ = detail.handle(key: .down)
        _ = detail.handle(key: .down)
        XCTAssertEqual(detail.selectedSeason, 3)
        let canvas = frame(app)
        let selectedRow = try XCTUnwrap((0..<24).first { row in canvas.cells[row].contains { $0.role == .selected } })
        XCTAssertTrue(canvas.line(selectedRow).contains("Season 3"), canvas.line(selectedRow))
        XCTAssertEqual(detail.statusBar.hints, "↑↓ season  ⏎ its episodes  Esc stop")
        _ = detail.handle(key: .enter)
        let guide = try XCTUnwrap(app.top as? EpisodeGuideViewController)
        let store = try XCTUnwrap(guide.router?.dataStore as? EpisodeGuideInteractor)
        XCTAssertEqual(store.startSeason, 3)
        await store.loadGuide(request: .init()).value
        XCTAssertEqual(guide.cursor.season, 2)
        XCTAssertEqual(guide.statusBar.position, "S3 E1 · 3/8")
        // Esc in the guide, then Esc stops picking, then Esc goes back to the list.
        _ = guide.handle(key: .escape)
        XCTAssertTrue(app.top === detail)
        XCTAssertEqual(detail.selectedSeason, 3, "still on the season it opened")
        _ = detail.handle(key: .escape)
        XCTAssertNil(detail.selectedSeason)
        XCTAssertTrue(app.top === detail)
    }

    func testASourceWithoutEpisodesSaysSoInsteadOfOpeningTheGuide() async throws {
        let (app, detail, _) = try await openDetails(episodes: nil)
        _ = detail.handle(key: .character("e"))
        XCTAssertTrue(app.top === detail)
        XCTAssertEqual(detail.statusBar.message, "No episode guide in this source.")
    }
}
