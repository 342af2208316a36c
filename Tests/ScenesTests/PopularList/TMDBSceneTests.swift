import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// The Shows scenes over the real TMDB Worker and a loopback server: TMDB's order on screen,
/// the source named in the status bar, TMDB's notice in the help overlay and the plain-text
/// header, and the year placeholder for a missing `first_air_date` (case C19).
@MainActor
final class TMDBSceneTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var retained: [AnyObject] = []

    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func makeWorker() throws -> TMDBShowsWorker {
        TMDBShowsWorker(credential: .apiKey("scene-key-31337"), baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
    }

    private func frame(_ app: AppController, width: Int = 100, height: Int = 30) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height)
        app.draw(on: canvas)
        return canvas
    }

    func testTheListShowsTMDBsOrderNamesTheSourceAndTheHelpCarriesTMDBsNotice() async throws {
        // Given
        server.route("/3/tv/popular", .json(try Fixtures.data("tmdb/tv_popular_page1.json")))
        let spy = NavigatorSpy()
        let harness = try SceneHarness(for: self, shows: try makeWorker(), display: spy)
        let app = harness.app
        let list = harness.showList()
        retained = [harness, spy]

        // When
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 20)

        // Then
        XCTAssertEqual(list.viewModel?.rows.prefix(3).map(\.name), ["Law & Order: Special Victims Unit", "Stranger Things", "The Simpsons"])
        XCTAssertEqual(list.viewModel?.sourceLabel, "TMDB live")
        let canvas = frame(app)
        XCTAssertTrue(canvas.line(29).contains("TMDB live"), canvas.line(29))
        app.handle(key: .character("?"))
        // The credit ends the help: scrolled to the end.
        _ = frame(app)
        app.handle(key: .end)
        // The notice wraps inside the box: rejoin the text between its borders.
        let inside = frame(app).plainText.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "│", omittingEmptySubsequences: false)
            return parts.count >= 3 ? parts[parts.count - 2].trimmingCharacters(in: .whitespaces) : nil
        }
        let help = inside.joined(separator: " ")
        XCTAssertTrue(help.contains("This product uses the TMDB API but is not endorsed or certified by TMDB."), help)
        XCTAssertFalse(help.contains("TVmaze.com"))
    }

    func testMissingEmptyOrNullFirstAirDatesShowTheYearPlaceholder() async throws {
        server.route(
            "/3/tv/popular",
            .json(
                """
                {"page": 1, "total_pages": 1, "results": [
                  {"id": 1, "name": "Absent"}, {"id": 2, "name": "Empty", "first_air_date": ""},
                  {"id": 3, "name": "Null", "first_air_date": null}, {"id": 4, "name": "Dated", "first_air_date": "2019-05-01"}]}
                """))
        let page = try await makeWorker().popularShows(page: 0)
        XCTAssertEqual(page.items.map(ShowFormatting.years), ["—", "—", "—", "2019–"])
        let text = PlainTextOutput.render(page, json: false, ascii: false)
        XCTAssertTrue(text.hasPrefix("# 4 popular shows, TMDB live. Data from TMDB (themoviedb.org). This product uses the TMDB API but is not endorsed or certified by TMDB.\n"), text)
        XCTAssertFalse(text.contains("scene-key-31337"))
    }

    func testTheDetailSceneCreditsTMDB() async throws {
        server.route("/3/tv/1396", .json(try Fixtures.data("tmdb/tv_1396_breaking_bad_details.json")))
        let details = try await makeWorker().showDetails(for: TVShow(id: 1396, name: "Breaking Bad"))
        let presenter = ShowDetailPresenter(now: { 1_764_849_600 }, airClock: .utc(at: 1_764_849_600))
        let view = ShowDetailViewController()
        presenter.viewController = view
        presenter.presentDetails(response: .init(show: details.show, details: details, isLoading: false, error: nil))
        XCTAssertEqual(view.credit, ShowFormatting.tmdbCredit)
        XCTAssertEqual(view.statusBar.source, "TMDB live")
    }
}
