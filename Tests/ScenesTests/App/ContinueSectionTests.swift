import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// Continue as the fourth section, through `AppController` as the session hands it keys and
/// clicks: its tab in the header, `C` from every section (and as text in a filter), `c` in
/// Favourites to the same scene, Tab's round, a click on its tab, and no scene binding `C`.
@MainActor
final class ContinueSectionTests: XCTestCase {
    private var retained: [AnyObject] = []

    /// The app with its four sections over stubs, a real favourites file and a watched store in
    /// memory holding one mark; it starts on the shows list.
    private func makeApp() async throws -> SceneHarness {
        let home = try TemporaryHome(for: self, prefix: "discover-cont")
        let book = FavouritesBook(worker: FavouritesWorker(store: FavouritesStore(directory: home.path)))
        let harness = try SceneHarness(for: self, home: home) { _ in
            .testing(shows: TVShowsWorkerStub(pages: [makeShows(["Breaking Bad", "Fargo", "Severance"])]), favourites: book)
        }
        let watched = WatchedWorker(directory: home.path)
        _ = await watched.add([
            WatchedMark(key: WatchedEpisodeKey(show: WatchedShowID(provider: "TVmaze", id: 2), season: 1, number: 1), showName: "Fargo", markedAt: 1_000)
        ])
        let factory = harness.factory
        let places = POIsDependencies(worker: POIsWorkerStub(pages: [[]]), offlineCities: CitySearchStub(cities: []), start: try TestPOIs.start())
        harness.route(to: .shows) { section in
            switch section {
            case .shows: return factory.makePopularList()
            case .places: return factory.makeNearbyPOIs(places)
            case .favourites: return factory.makeFavourites(book: book)
            case .continueWatching: return factory.makeContinue(watched: watched)
            }
        }
        retained = [harness, book]
        return harness
    }

    func testCOpensContinueFromEverySectionAndTheHeaderNamesItFromTheFirstScreen() async throws {
        let harness = try await makeApp()
        let app = harness.app
        await settle(retained)
        XCTAssertTrue(harness.frame(width: 100, height: 20).line(0).contains("[Shows]  Places   Favourites   Continue  │"), harness.frame(width: 100, height: 20).line(0))
        app.handle(key: .character("C"))
        XCTAssertEqual(app.section, .continueWatching)
        let continued = try XCTUnwrap(app.top as? ContinueViewController)
        await settle(retained)
        XCTAssertEqual(continued.viewModel?.rows.map(\.name), ["Fargo"])
        XCTAssertTrue(harness.frame(width: 100, height: 20).line(0).contains("[Continue]"))
        // From Places and from Favourites; `c` in Favourites goes to the same scene.
        for section in [AppSection.places, .favourites] {
            harness.router?.routeToSection(section)
            app.handle(key: .character("C"))
            XCTAssertEqual(app.section, .continueWatching, "from \(section)")
            XCTAssertTrue(app.top === continued)
        }
        app.handle(key: .character("F"))
        app.handle(key: .character("c"))
        XCTAssertEqual(app.section, .continueWatching)
        XCTAssertTrue(app.top === continued)
        XCTAssertEqual(app.scenes(in: .favourites).count, 1, "nothing pushed on Favourites")
        // Tab goes round the four: Continue → Shows → Places → Favourites → Continue.
        var round: [AppSection] = []
        for _ in 0..<4 {
            app.handle(key: .tab)
            round.append(app.section)
        }
        XCTAssertEqual(round, [.shows, .places, .favourites, .continueWatching])
        app.handle(key: .backTab)
        XCTAssertEqual(app.section, .favourites)
    }

    func testCIsTextInTheShowsFilter() async throws {
        let harness = try await makeApp()
        let app = harness.app
        await settle(retained)
        let list = try XCTUnwrap(app.top as? PopularListViewController)
        app.handle(key: .character("/"))
        app.handle(key: .character("C"))
        XCTAssertEqual(app.section, .shows)
        XCTAssertTrue(list.capturesText)
        XCTAssertTrue(harness.frame(width: 100, height: 20).plainText.contains("/C"), harness.frame(width: 100, height: 20).plainText)
        // Esc clears the filter; then C is the section's key again.
        app.handle(key: .escape)
        app.handle(key: .character("C"))
        XCTAssertEqual(app.section, .continueWatching)
    }

    func testAClickOnTheContinueTabSwitchesToIt() async throws {
        let harness = try await makeApp()
        let app = harness.app
        app.mouseEnabled = true
        await settle(retained)
        let header = harness.frame(width: 100, height: 20).line(0)
        let column = try XCTUnwrap(header.range(of: "Continue").map { header.distance(from: header.startIndex, to: $0.lowerBound) })
        app.handle(mouse: MouseEvent(button: .left, action: .press, row: 0, column: column + 2))
        XCTAssertEqual(app.section, .continueWatching)
        XCTAssertTrue(app.top is ContinueViewController)
    }

    func testNoScenesKeyMapBindsCSoItIsFreeEverywhere() {
        let scenes = GeneratedDocs.keySections.filter { $0.title != GlobalHelp.everywhere.title }
        XCTAssertGreaterThan(scenes.count, 10)
        for section in scenes {
            for entry in section.entries {
                XCTAssertFalse(entry.keys.split(separator: " ").contains("C"), "\(section.title) binds C: \(entry.keys)")
            }
        }
        XCTAssertTrue(GlobalHelp.everywhere.entries.contains { $0.keys == "C" })
    }
}
