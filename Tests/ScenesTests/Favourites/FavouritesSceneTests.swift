import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// `f`, the stars, and the Favourites scene, drawn on an in-memory canvas, with the favourites
/// file on a real temporary folder.
@MainActor
final class FavouritesSceneTests: XCTestCase {
    private var root = ""
    private var home: TemporaryHome?
    private var retained: [AnyObject] = []

    override func setUp() async throws {
        setlocale(LC_ALL, "C.UTF-8")
        let home = try TemporaryHome(for: self, prefix: "discover-favscene")
        self.home = home
        root = home.path
    }

    /// The whole app (Shows, Places, Favourites, Continue) over stubs of the sources and a real file.
    private func makeApp(places: [POI] = []) throws -> (AppController, PopularListViewController, FavouritesBook) {
        let book = FavouritesBook(worker: FavouritesWorker(store: FavouritesStore(directory: root)))
        let harness = try SceneHarness(for: self, home: home) { _ in
            .testing(shows: TVShowsWorkerStub(pages: [makeShows(["Breaking Bad", "Fargo", "Severance"])]), favourites: book)
        }
        let factory = harness.factory
        let dependencies = POIsDependencies(worker: POIsWorkerStub(pages: [places]), offlineCities: CitySearchStub(cities: []), start: try TestPOIs.start())
        let list = factory.makePopularList()
        harness.route(to: .shows) { section in
            switch section {
            case .shows: return list
            case .places: return factory.makeNearbyPOIs(dependencies)
            case .favourites: return factory.makeFavourites(book: book)
            case .continueWatching: return factory.makeContinue(watched: WatchedWorker { () throws(WatchedStoreError) in try WatchedStore.inMemory() })
            }
        }
        retained = [harness, book]
        return (harness.app, list, book)
    }

    private func frame(_ app: AppController, width: Int = 100, height: Int = 20, ascii: Bool = false) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height, text: CellText(repertoire: ascii ? .ascii : .unicode))
        app.draw(on: canvas)
        return canvas
    }

    private func fileIDs() -> [String] {
        guard let data = FileManager.default.contents(atPath: root + "/favorites.json"),
            let list = try? FavouritesFile.decode(data)
        else { return [] }
        return list.map(\.key.id)
    }

    func testFMarksTheSelectedShowSavesItAndFListsItInTheFavouritesSection() async throws {
        let (app, list, _) = try makeApp()
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        app.handle(key: .down)
        app.handle(key: .character("f"))
        // The star at once; the line when the file is written.
        XCTAssertEqual(list.favouriteIDs, ["2"])
        await settle(retained)
        XCTAssertTrue(frame(app).line(19).contains("Added"))
        let marked = frame(app)
        XCTAssertTrue(marked.line(3).contains("♥ Fargo"), marked.line(3))
        XCTAssertFalse(marked.line(2).contains("♥ Breaking"), marked.line(2))
        XCTAssertTrue(marked.line(19).contains("Added “Fargo” to favourites"), marked.line(19))
        XCTAssertEqual(fileIDs(), ["2"])
        // The favourite's mark is not the rating's star: one ★ on the row at most (the rating).
        XCTAssertLessThanOrEqual(marked.line(3).filter { $0 == "★" }.count, 1, marked.line(3))
        // ASCII terminals get `<3`, and `*` stays the rating's.
        let ascii = frame(app, ascii: true).line(3)
        XCTAssertTrue(ascii.contains("<3 Fargo"), ascii)
        XCTAssertFalse(ascii.contains("* Fargo"), ascii)

        // F from anywhere opens Favourites, which lists it.
        app.handle(key: .character("F"))
        XCTAssertEqual(app.section, .favourites)
        let favourites = try XCTUnwrap(app.top as? FavouritesViewController)
        await settle(retained)
        XCTAssertEqual(favourites.viewModel?.rows.count, 1)
        let screen = frame(app)
        XCTAssertTrue(screen.line(0).contains("[Favourites]"), screen.line(0))
        XCTAssertTrue(screen.line(2).contains("♥ Show  Fargo"), screen.line(2))
        // The selection, as in the shows list: the pointer, and reverse video over the name only.
        let row = screen.cells[2]
        let nameStart = try XCTUnwrap(screen.line(2).range(of: "Fargo")).lowerBound.utf16Offset(in: screen.line(2))
        XCTAssertEqual(row[0].role, .accent)
        XCTAssertTrue(row[nameStart..<(nameStart + 5)].allSatisfy { $0.role == .selected })
        XCTAssertTrue(row[..<nameStart].allSatisfy { $0.role != .selected }, "the marker, ♥ and kind keep their look")
        XCTAssertTrue(row[(nameStart + 5)...].allSatisfy { $0.role != .selected }, "no padding after the name")
        // In ASCII the two-cell `<3` keeps a space before the kind.
        XCTAssertTrue(frame(app, ascii: true).line(2).hasPrefix("> <3 Show  Fargo"), frame(app, ascii: true).line(2))
        XCTAssertTrue(screen.line(19).contains("1 show · 0 places"), screen.line(19))

        // Enter opens the show's details, with the star before the title; f there removes it.
        app.handle(key: .enter)
        let detail = try XCTUnwrap(app.top as? ShowDetailViewController)
        await settle(retained)
        // Summary, Cast, Seasons, and Where to watch (the broadcaster: there is no TMDB key here).
        XCTAssertEqual(detail.viewModel?.sections.count, 4)
        await settle(retained)
        XCTAssertTrue(detail.isFavourite)
        XCTAssertTrue(frame(app).line(1).contains("♥ Fargo"), frame(app).line(1))
        app.handle(key: .character("f"))
        XCTAssertFalse(detail.isFavourite)
        XCTAssertFalse(frame(app).line(1).contains("♥"), frame(app).line(1))
        await settle(retained)
        XCTAssertEqual(fileIDs(), [])
        // Back in the list, the favourite is gone; in Shows, so is the star.
        app.handle(key: .escape)
        await settle(retained)
        XCTAssertTrue(favourites.viewModel?.rows.isEmpty ?? false)
        XCTAssertTrue(frame(app).plainText.contains("No favourites yet"))
        app.handle(key: .tab)
        XCTAssertEqual(app.section, .continueWatching)
        app.handle(key: .tab)
        XCTAssertEqual(app.section, .shows)
        XCTAssertFalse(frame(app).line(3).contains("♥ Fargo"))
    }

    func testFavouritesWrittenByAnotherInstanceAppearWhenTheViewOpensAndDRemoves() async throws {
        let (app, list, _) = try makeApp()
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        app.handle(key: .character("F"))
        let favourites = try XCTUnwrap(app.top as? FavouritesViewController)
        await settle(retained)
        XCTAssertTrue(favourites.viewModel?.emptyMessage?.contains("No favourites") ?? false)
        // Another running Discover adds a show and a place.
        let other = FavouritesStore(directory: root)
        let place = Favourite(
            key: FavouriteKey(kind: .place, provider: "OpenStreetMap", id: "osm:node/9"), name: "Mandabatmaz",
            subtitle: "Café · İstiklal Caddesi", coordinate: try Coordinate(latitude: 41.0334, longitude: 28.9772), addedAt: 2_000_000_000)
        _ = try other.write(applying: [
            .add(Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: "3"), name: "Severance", subtitle: "2022– · Apple TV+", addedAt: 1_900_000_000)), .add(place)
        ])
        // Leaving and coming back reads the file again.
        app.handle(key: .tab)
        app.handle(key: .backTab)
        XCTAssertEqual(app.section, .favourites)
        await settle(retained)
        XCTAssertEqual(favourites.viewModel?.rows.count, 2)
        let screen = frame(app)
        XCTAssertTrue(screen.line(2).contains("Place Mandabatmaz"), screen.line(2))
        XCTAssertTrue(screen.line(3).contains("Show  Severance"), screen.line(3))
        // The shows list stars the show the other instance added.
        app.handle(key: .character("F"))
        XCTAssertEqual(app.section, .favourites)
        // Enter on the place shows its stored facts (no source is asked).
        app.handle(key: .enter)
        XCTAssertEqual(favourites.detailViewModel?.facts.first { $0.label == "Coordinates" }?.value, "41.03340,28.97720")
        XCTAssertTrue(frame(app).line(1).contains("♥ Mandabatmaz"))
        app.handle(key: .escape)
        XCTAssertNil(favourites.detailViewModel)
        // d removes the selected one from the file.
        app.handle(key: .character("d"))
        await settle(retained)
        XCTAssertEqual(favourites.viewModel?.rows.count, 1)
        await settle(retained)
        XCTAssertEqual(fileIDs(), ["3"])
        app.handle(key: .backTab)
        app.handle(key: .backTab)
        XCTAssertEqual(app.section, .shows)
        await settle(retained)
        XCTAssertEqual(list.favouriteIDs, ["3"])
        XCTAssertTrue(frame(app).line(4).contains("♥ Severance"), frame(app).line(4))
    }

    func testFMarksAPOIInTheListAndInItsDetails() async throws {
        let (app, _, _) = try makeApp(places: try TestPOIs.row(3))
        app.handle(key: .tab)
        let places = try XCTUnwrap(app.top as? NearbyPOIsViewController)
        await settle(retained)
        XCTAssertEqual(places.viewModel?.rows.count, 3)
        app.handle(key: .character("f"))
        await settle(retained)
        XCTAssertEqual(places.favouriteIDs, ["osm:node/1"])
        await settle(retained)
        XCTAssertTrue(FileManager.default.fileExists(atPath: self.root + "/favorites.json"))
        XCTAssertTrue(frame(app, width: 80, height: 24).line(3).contains("♥ Café 1"), frame(app, width: 80, height: 24).line(3))
        let saved = try FavouritesFile.decode(try XCTUnwrap(FileManager.default.contents(atPath: root + "/favorites.json")))
        XCTAssertEqual(saved.first?.key, FavouriteKey(kind: .place, provider: "OpenStreetMap", id: "osm:node/1"))
        XCTAssertEqual(saved.first?.subtitle, "Café")
        XCTAssertNotNil(saved.first?.coordinate)
        app.handle(key: .enter)
        await settle(retained)
        XCTAssertEqual(places.mode, .details)
        XCTAssertTrue(frame(app, width: 80, height: 24).line(1).contains("♥ Café 1"))
        app.handle(key: .character("f"))
        await settle(retained)
        XCTAssertTrue(places.favouriteIDs.isEmpty)
        XCTAssertFalse(frame(app, width: 80, height: 24).line(1).contains("♥"))
    }

    func testAnUnwritableFolderKeepsTheStarAndSaysWhyOnTheStatusBar() async throws {
        // A file where the data folder should be: the folder cannot be made.
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/data", contents: Data()))
        let harness = try SceneHarness(
            for: self, home: home, shows: TVShowsWorkerStub(pages: [makeShows(["Breaking Bad"])]),
            favourites: { home in FavouritesBook(worker: FavouritesWorker(environment: home.environment)) })
        let app = harness.app
        let list = harness.showList()
        retained = [harness]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 1)
        app.handle(key: .character("f"))
        await settle(retained)
        XCTAssertEqual(list.favouriteIDs, ["1"])
        await settle(retained)
        XCTAssertTrue(frame(app).plainText.contains("kept in memory"))
        let bar = frame(app, width: 200).line(19)
        XCTAssertTrue(bar.contains("Favourites kept in memory only: not a folder (\(root)/data)"), bar)
        XCTAssertTrue(frame(app).line(2).contains("♥ Breaking Bad"))
    }

    func testHostileNamesFromTheFileAreSanitisedInTheFavouritesView() async throws {
        let hostile = "A\u{1B}[2J\u{1B}[HB\nC\u{7}\u{202E}txt.exe"
        _ = try FavouritesStore(directory: root).write(applying: [
            .add(
                Favourite(
                    key: FavouriteKey(kind: .show, provider: "TVmaze", id: "1"), name: hostile, subtitle: "\u{1B}]0;title\u{7}x", addedAt: 1_900_000_000))
        ])
        let (app, list, _) = try makeApp()
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        app.handle(key: .character("F"))
        let favourites = try XCTUnwrap(app.top as? FavouritesViewController)
        await settle(retained)
        XCTAssertEqual(favourites.viewModel?.rows.count, 1)
        let screen = frame(app)
        for row in 0..<20 {
            XCTAssertFalse(screen.line(row).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E }, screen.line(row))
        }
        XCTAssertTrue(screen.line(2).contains("A␛[2J␛[HB"), screen.line(2))
        XCTAssertTrue(screen.line(0).contains("[Favourites]"))
    }

    // MARK: Quick keys, ties, long notices

    func testFPressedManyTimesQuicklyEndsAsTheirNumberSays() async throws {
        // Each press decides from the state the presses before it left, not from the file.
        for presses in 1...5 {
            try? FileManager.default.removeItem(atPath: root + "/favorites.json")
            let (app, list, _) = try makeApp()
            await settle(retained)
            XCTAssertEqual(list.viewModel?.rows.count, 3)
            for _ in 0..<presses { app.handle(key: .character("f")) }
            let starred = presses % 2 == 1
            XCTAssertEqual(list.favouriteIDs, starred ? ["1"] : [], "\(presses) presses: the star follows at once")
            let said = starred ? "Added “Breaking Bad”" : "Removed “Breaking Bad”"
            await settle(retained)
            XCTAssertTrue(frame(app).line(19).contains(said))
            XCTAssertEqual(fileIDs(), starred ? ["1"] : [], "\(presses) presses")
            XCTAssertEqual(list.favouriteIDs, starred ? ["1"] : [], "\(presses) presses")
        }
    }

    func testDPressedTwiceQuicklyInFavouritesRemovesTwoRows() async throws {
        let store = FavouritesStore(directory: root)
        _ = try store.write(
            applying: (1...3).map { .add(Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: String($0)), name: "Show \($0)", subtitle: "", addedAt: 1_900_000_000 + $0)) })
        let (app, list, _) = try makeApp()
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        app.handle(key: .character("F"))
        let favourites = try XCTUnwrap(app.top as? FavouritesViewController)
        await settle(retained)
        XCTAssertEqual(favourites.viewModel?.rows.count, 3)
        app.handle(key: .character("d"))
        app.handle(key: .character("d"))
        XCTAssertEqual(favourites.viewModel?.rows.map(\.name), ["Show 1"], "both rows go at once")
        await settle(retained)
        XCTAssertEqual(fileIDs(), ["1"])
        XCTAssertEqual(favourites.viewModel?.rows.map(\.name), ["Show 1"])
    }

    func testFavouritesAddedInTheSameSecondListTheLastAddedFirst() async throws {
        // Keys in the opposite order to the order of adding, so the key cannot decide.
        let same = 1_900_000_000
        let added = ["3", "2", "1", "10"].map { Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: $0), name: "Show \($0)", subtitle: "", addedAt: same) }
        _ = try FavouritesStore(directory: root).write(
            applying: [.add(Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: "0"), name: "Newest", subtitle: "", addedAt: same + 1))] + added.map { .add($0) })
        let (app, list, _) = try makeApp()
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        app.handle(key: .character("F"))
        let favourites = try XCTUnwrap(app.top as? FavouritesViewController)
        await settle(retained)
        XCTAssertEqual(favourites.viewModel?.rows.count, 5)
        XCTAssertEqual(favourites.viewModel?.rows.map(\.name), ["Newest", "Show 10", "Show 1", "Show 2", "Show 3"])
    }

    func testTheReasonFavouritesAreNotSavedComesBeforeTheLongPathOnA100ColumnBar() async throws {
        let deep = root + "/" + String(repeating: "a-rather-long-folder-name/", count: 4) + "data"
        try FileManager.default.createDirectory(atPath: (deep as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: deep, contents: Data()))
        let harness = try SceneHarness(
            for: self, home: home, shows: TVShowsWorkerStub(pages: [makeShows(["Breaking Bad"])]),
            favourites: { _ in FavouritesBook(worker: FavouritesWorker(environment: ["XDG_DATA_HOME": deep])) })
        let app = harness.app
        let list = harness.showList()
        retained = [harness]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 1)
        app.handle(key: .character("f"))
        await settle(retained)
        XCTAssertTrue(frame(app).plainText.contains("kept in memory"))
        // Too long for the bar: whole on the rows above it.
        let bar = frame(app, width: 100).plainText.split(separator: "\n").suffix(4).joined(separator: " ")
        let words = bar.split(separator: " ").joined(separator: " ")
        XCTAssertTrue(words.contains("Favourites kept in memory only: not a folder (") && words.contains("/data)"), bar)
    }
}
