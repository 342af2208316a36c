import Domain
import Foundation
import Workers
import XCTest

/// The import's view of the app's stores on a real folder: a show keyed by TVmaze's id, else
/// TMDB's, a show with neither left out, places in the favourites not read as shows, and what
/// was there kept.
final class StoreHistoryTests: XCTestCase {
    private var root = ""

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-store-history-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testMarksGoUnderTVmazeElseTMDBAndReadBackWithThoseIDs() throws {
        let store = StoreHistory(directory: root)
        let both = ProviderIDs(tvmaze: 82, tmdb: 1399, tvdb: 121361, imdb: "tt0944947")
        try store.add(
            WatchHistory(marks: [
                HistoryMark(show: both, showName: "Game of Thrones", season: 1, number: 1, episode: ProviderIDs(tvmaze: 4952, tvdb: 3_254_641), markedAt: 100),
                HistoryMark(show: ProviderIDs(tmdb: 2190), showName: "South Park", season: 2, number: 3, markedAt: 200),
                HistoryMark(show: ProviderIDs(tvdb: 75897), showName: "No usable id", season: 1, number: 1, markedAt: 300)
            ]))
        let marks = try WatchedStore(directory: root).allMarks()
        XCTAssertEqual(marks.map(\.key.show), [WatchedShowID(provider: "TMDB", id: 2190), WatchedShowID(provider: "TVmaze", id: 82)])
        XCTAssertEqual(
            try store.storedHistory().normalised.marks,
            [
                HistoryMark(show: ProviderIDs(tmdb: 2190), showName: "South Park", season: 2, number: 3, markedAt: 200),
                HistoryMark(show: ProviderIDs(tvmaze: 82), showName: "Game of Thrones", season: 1, number: 1, episode: ProviderIDs(tvmaze: 4952), markedAt: 100)
            ])
    }

    func testFavouritesAreShowsInTheFavouritesFileAndPlacesAreLeftAlone() throws {
        let place = Favourite(key: FavouriteKey(kind: .place, provider: "OpenStreetMap", id: "osm:node/1"), name: "Café", subtitle: "", addedAt: 5)
        _ = try FavouritesStore(directory: root).write(applying: [.add(place)])
        let store = StoreHistory(directory: root)
        try store.add(
            WatchHistory(favourites: [
                HistoryFavourite(show: ProviderIDs(tvmaze: 112, tvdb: 75897), name: "South Park", rating: 9, addedAt: 10),
                HistoryFavourite(show: ProviderIDs(imdb: "tt0121955"), name: "No usable id", addedAt: 20)
            ]))
        let file = try FavouritesStore(directory: root).read().favourites
        XCTAssertEqual(file.map(\.key.description), ["place/OpenStreetMap/osm:node/1", "show/TVmaze/112"])
        XCTAssertEqual(try store.storedHistory().favourites, [HistoryFavourite(show: ProviderIDs(tvmaze: 112), name: "South Park", addedAt: 10)])
        // Adding the same show again keeps the first one.
        try store.add(WatchHistory(favourites: [HistoryFavourite(show: ProviderIDs(tvmaze: 112), name: "Renamed", addedAt: 30)]))
        XCTAssertEqual(try store.storedHistory().favourites.map(\.name), ["South Park"])
    }
}
