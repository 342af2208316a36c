import Domain
import Foundation
import XCTest

@testable import Workers

/// Version 2 of discover-tui's history format on real data folders: plays, episodes' and shows'
/// ratings, episodes rated but not watched and shows' settings go out and come back the same
/// through JSON and CSV; version 1 files still read; bad values stop the import with one line.
final class DiscoverHistoryFormatTests: XCTestCase {
    private var root = ""
    private let thrones = WatchedShowID(provider: "TVmaze", id: 82)
    private let southPark = WatchedShowID(provider: "TVmaze", id: 112)
    private let lost = WatchedShowID(provider: "TMDB", id: 4607)

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-format-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func folder(_ name: String) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func key(_ show: WatchedShowID, _ season: Int, _ number: Int) -> WatchedEpisodeKey {
        WatchedEpisodeKey(show: show, season: season, number: number)
    }

    /// A store with every kind of thing the format carries.
    private func filledStore() throws -> String {
        let path = try folder("first")
        let store = try WatchedStore(directory: path)
        try store.add([
            WatchedMark(key: key(thrones, 1, 1), showName: "Game of Thrones", tvmazeEpisodeID: 4952, markedAt: 1_000, plays: 3, lastPlayedAt: 5_000),
            WatchedMark(key: key(thrones, 1, 2), showName: "Game of Thrones", markedAt: 2_000),
            WatchedMark(key: key(thrones, 0, 1), showName: "Game of Thrones", markedAt: 2_500),
            WatchedMark(key: key(lost, 2, 5), showName: "Lost", tmdbEpisodeID: 77, markedAt: 3_000)
        ])
        try store.addRatings([
            RatedEpisode(key: key(thrones, 1, 1), showName: "Game of Thrones", rating: try XCTUnwrap(UserRating(9)), ratedAt: 1_100),
            RatedEpisode(key: key(thrones, 3, 9), showName: "Game of Thrones", rating: try XCTUnwrap(UserRating(10)), ratedAt: 1_200)
        ])
        try store.rateShow(thrones, name: "Game of Thrones", rating: UserRating(8), at: 1_300)
        try store.setSettings(southPark, name: "South Park, \"the show\"", settings: ShowWatchSettings(countsSpecials: true, order: .any))
        try store.rateShow(lost, name: "Lost", rating: UserRating(7), at: 1_400)
        try store.setSettings(lost, name: "Lost", settings: ShowWatchSettings(countsSpecials: false, order: .any))
        return path
    }

    /// Imports a file into a folder as `import discover --offline --apply` does.
    private func importing(_ data: Data, file: String, into path: String) async throws -> ImportPlan {
        let batch = try DiscoverHistoryFormat.read(data, file: file)
        let matcher = ShowMatcher(
            client: CurlHTTPClient(), base: URL(string: "http://127.0.0.1:9")!, journal: LookupJournal(path: nil), cache: nil, catalogue: [], now: 9_999,
            offline: true, keepsTMDBIDs: true)
        let store = StoreHistory(directory: path)
        let plan = ImportPlan(result: try await matcher.match(batch), skipped: batch.skipped, stored: try store.storedHistory())
        if plan.additionCount > 0 { try store.add(plan.additions) }
        return plan
    }

    func testAnExportImportedIntoAnEmptyFolderExportsTheSameBytesInBothForms() async throws {
        let first = StoreHistory(directory: try filledStore())
        let history = try first.storedHistory()
        let json = try DiscoverHistoryFormat.json(history), csv = DiscoverHistoryFormat.csv(history)
        let text = String(decoding: json, as: UTF8.self)
        XCTAssertTrue(text.contains("\"version\" : 2"), text)
        XCTAssertTrue(text.contains("\"plays\" : 3") && text.contains("\"last_played_at\" : 5000") && text.contains("\"rating\" : 9"), text)
        XCTAssertEqual(text.components(separatedBy: "\"plays\" : ").count - 1, 4, "every watched episode says its plays")
        XCTAssertTrue(text.contains("\"specials\" : true") && text.contains("\"order\" : \"any\""), text)
        let lines = String(decoding: csv, as: UTF8.self).components(separatedBy: "\r\n")
        XCTAssertEqual(lines[0], "kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at,plays,last_played_at,rated_at,specials,order")
        XCTAssertTrue(lines.contains("watched,Game of Thrones,82,,,,1,1,4952,,,,9,1970-01-01T00:16:40Z,3,1970-01-01T01:23:20Z,1970-01-01T00:18:20Z,,"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("rated,Game of Thrones,82,,,,3,9,,,,,10,,,,1970-01-01T00:20:00Z,,"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("show,\"South Park, \"\"the show\"\"\",112,,,,,,,,,,,,,,,true,any"), lines.joined(separator: "\n"))
        for (form, bytes) in [("json", json), ("csv", csv)] {
            let path = try folder("from-" + form)
            let plan = try await importing(bytes, file: "export." + form, into: path)
            XCTAssertEqual(plan.problems, [], form)
            XCTAssertEqual(plan.summary[1], "to add: 0 favourites, 4 watched episodes, 4 ratings, 2 shows' settings · already present: 0", form)
            let again = try StoreHistory(directory: path).storedHistory()
            XCTAssertEqual(try DiscoverHistoryFormat.json(again), json, form)
            XCTAssertEqual(DiscoverHistoryFormat.csv(again), csv, form)
            let record = try WatchedStore(directory: path).record(of: thrones)
            XCTAssertEqual(record.plays[SeasonAndNumber(season: 1, number: 1)], 3, form)
            XCTAssertEqual(record.marks.first { $0.key == key(thrones, 1, 1) }?.lastPlayedAt, 5_000, form)
            XCTAssertEqual(record.rating, UserRating(8), form)
            XCTAssertEqual(record.episodeRatings[SeasonAndNumber(season: 3, number: 9)], UserRating(10), form)
            // Twice: nothing more.
            let second = try await importing(bytes, file: "export." + form, into: path)
            XCTAssertEqual(second.additionCount, 0, form)
            XCTAssertEqual(second.alreadyPresent, 8, form)
        }
    }

    func testWhatTheStoreHoldsIsKeptAndAFavouritesRatingBecomesTheShows() async throws {
        let path = try folder("kept")
        let store = try WatchedStore(directory: path)
        try store.add([WatchedMark(key: key(thrones, 1, 1), showName: "Game of Thrones", markedAt: 10, plays: 2, lastPlayedAt: 20)])
        try store.rate(key(thrones, 1, 1), showName: "Game of Thrones", rating: UserRating(4), at: 30)
        try store.setSettings(thrones, name: "Game of Thrones", settings: ShowWatchSettings(countsSpecials: true, order: .aired))
        let file = """
            {"format": "discover-tui history", "version": 2,
             "favourites": [{"show": {"tvmaze": 82}, "name": "Game of Thrones", "rating": 6, "added_at": 5},
                            {"show": {"tvmaze": 112}, "name": "South Park", "rating": 9, "added_at": 6}],
             "watched": [{"show": {"tvmaze": 82}, "show_name": "Game of Thrones", "season": 1, "number": 1, "marked_at": 1, "plays": 7, "rating": 10, "rated_at": 2},
                         {"show": {"tvmaze": 82}, "show_name": "Game of Thrones", "season": 1, "number": 2, "marked_at": 3, "rating": 5, "rated_at": 4}],
             "shows": [{"show": {"tvmaze": 82}, "name": "Game of Thrones", "specials": false, "order": "any"}]}
            """
        let plan = try await importing(Data(file.utf8), file: "mine.json", into: path)
        XCTAssertEqual(plan.summary[1], "to add: 2 favourites, 1 watched episode, 3 ratings · already present: 1")
        let record = try store.record(of: thrones)
        XCTAssertEqual(record.plays[SeasonAndNumber(season: 1, number: 1)], 2, "a mark present keeps its plays")
        XCTAssertEqual(record.episodeRatings[SeasonAndNumber(season: 1, number: 1)], UserRating(4), "an episode rated keeps its rating")
        XCTAssertEqual(record.episodeRatings[SeasonAndNumber(season: 1, number: 2)], UserRating(5))
        XCTAssertEqual(record.settings, ShowWatchSettings(countsSpecials: true, order: .aired), "settings already set are kept")
        XCTAssertEqual(record.rating, UserRating(6), "the favourite's rating is the show's")
        XCTAssertEqual(try store.record(of: southPark).rating, UserRating(9))
    }

    func testAVersionOneFileAndTheOlderCSVHeaderStillRead() async throws {
        let v1 = """
            {"format": "discover-tui history", "version": 1,
             "favourites": [{"show": {"tvmaze": 112}, "name": "South Park", "added_at": 5}],
             "watched": [{"show": {"tvmaze": 112}, "show_name": "South Park", "season": 1, "number": 2, "episode": {"tvmaze": 7}, "marked_at": 100}]}
            """
        let path = try folder("v1")
        let plan = try await importing(Data(v1.utf8), file: "old.json", into: path)
        XCTAssertEqual(plan.summary[1], "to add: 1 favourite, 1 watched episode · already present: 0")
        let marks = try WatchedStore(directory: path).allMarks()
        XCTAssertEqual(marks.map(\.plays), [1])
        XCTAssertEqual(marks.map(\.tvmazeEpisodeID), [7])
        let csv =
            DiscoverHistoryFormat.versionOneColumns.joined(separator: ",") + "\r\n"
            + "watched,South Park,112,,,,1,3,,,,,,2024-09-11T08:00:00Z\r\nfavourite,Lost,,4607,,,,,,,,,8,2024-01-01T00:00:00Z\r\n"
        let batch = try DiscoverHistoryFormat.read(Data(csv.utf8), file: "old.csv")
        XCTAssertEqual(batch.records.map(\.kind), [.watched, .favourite])
        XCTAssertEqual(batch.records.map(\.plays), [nil, nil])
        XCTAssertEqual(batch.records.map(\.rating), [nil, 8])
        XCTAssertEqual(batch.records[0].at, 1_726_041_600)
    }

    func testTheWritersBytesAreTheEncodersForAnyText() throws {
        let names = ["Plain", "Quote \" back\\slash /slash", "Tab\tline\nreturn\r\u{8}\u{C}", "\u{1}\u{1F}\u{7F} end", "Café 東京 🎬 \u{2028}", ""]
        var history = WatchHistory()
        for (index, name) in names.enumerated() {
            let ids = ProviderIDs(tvmaze: index + 1, tmdb: index % 2 == 0 ? 100 + index : nil, tvdb: index == 3 ? 7 : nil, imdb: index == 2 ? "tt0\(index)" : nil)
            history.favourites.append(HistoryFavourite(show: ids, name: name, rating: index % 3 == 0 ? nil : index + 1, addedAt: index * 1_000))
            history.marks.append(
                HistoryMark(
                    show: ids, showName: name, season: index, number: 10 - index, episode: index % 2 == 0 ? ProviderIDs() : ProviderIDs(tvmaze: index),
                    markedAt: -index, plays: index, lastPlayedAt: index * 7, rating: index % 2 == 0 ? nil : index, ratedAt: 5))
            history.rated.append(
                HistoryRating(show: ids, showName: name, season: 0, number: index + 1, episode: ProviderIDs(imdb: "tt\(index)"), rating: 1 + index, ratedAt: 9))
            history.shows.append(
                HistoryShow(
                    show: ids, name: name, rating: index % 2 == 0 ? nil : 10, ratedAt: 3, settings: ShowWatchSettings(countsSpecials: index % 2 == 0, order: index > 2 ? .any : .aired)))
        }
        XCTAssertEqual(String(decoding: try DiscoverHistoryFormat.json(history), as: UTF8.self), String(decoding: try DiscoverHistoryFormat.encodedJSON(history), as: UTF8.self))
        XCTAssertEqual(try DiscoverHistoryFormat.json(history), try DiscoverHistoryFormat.encodedJSON(history))
        XCTAssertEqual(try DiscoverHistoryFormat.json(WatchHistory()), try DiscoverHistoryFormat.encodedJSON(WatchHistory()))
        // And it reads back as it was.
        let batch = try DiscoverHistoryFormat.read(try DiscoverHistoryFormat.json(history), file: "w.json")
        XCTAssertEqual(batch.records.filter { $0.kind == .favourite }.map(\.showName).sorted(), names.sorted())
    }

    func testBadValuesStopTheImportWithOneLine() {
        func failure(_ text: String, _ file: String) -> String {
            do {
                _ = try DiscoverHistoryFormat.read(Data(text.utf8), file: file)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        let start = "{\"format\": \"discover-tui history\", \"version\": 2, \"favourites\": [], "
        XCTAssertEqual(
            failure(start + "\"watched\": [{\"show\": {\"tvmaze\": 1}, \"show_name\": \"A\", \"season\": 1, \"number\": 1, \"marked_at\": 1, \"rating\": 11}]}", "a.json"),
            "a.json:1: watched item 1: a rating of 11, not 1 to 10")
        XCTAssertEqual(
            failure(start + "\"watched\": [{\"show\": {\"tvmaze\": 1}, \"show_name\": \"A\", \"season\": 1, \"number\": 1, \"marked_at\": 1, \"plays\": 0}]}", "p.json"),
            "p.json:1: watched item 1: 0 plays, not 1 or more")
        XCTAssertEqual(
            failure(start + "\"watched\": [], \"shows\": [{\"show\": {\"tvmaze\": 1}, \"name\": \"A\", \"order\": \"random\"}]}", "o.json"),
            "o.json:1: shows item 1: the order 'random' is neither aired nor any")
        XCTAssertEqual(
            failure("{\"format\": \"discover-tui history\", \"version\": 3, \"favourites\": [], \"watched\": []}", "v.json"),
            "v.json:1: version 3 of the history format; this program reads versions 1 and 2")
        let header = DiscoverHistoryFormat.columns.joined(separator: ",") + "\r\n"
        XCTAssertEqual(failure(header + "show,A,1,,,,,,,,,,,,,,,maybe,aired\r\n", "s.csv"), "s.csv:2: 'maybe' in the specials column is neither true nor false")
        XCTAssertEqual(failure(header + "rated,A,1,,,,1,1,,,,,12,,,,,,\r\n", "r.csv"), "r.csv:2: a rating of 12, not 1 to 10")
        XCTAssertEqual(failure(header + "film,A,1,,,,,,,,,,,,,,,,\r\n", "k.csv"), "k.csv:2: the kind 'film' is not one of favourite, watched, rated or show")
    }
}
