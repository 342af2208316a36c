import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The seasons behind `FINALE`: TVmaze's `/shows/{id}/seasons` over a loopback server replaying
/// the recorded answer, kept in the cache; TMDB's `episode_type`; the snapshot's recordings.
final class SeasonsWorkersTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-seasons-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    func testTVmazeSeasonsGiveEachSeasonsEpisodeOrder() async throws {
        server.route("/shows/143/seasons", .json(try Fixtures.snapshotData("shows_143_seasons.json")))
        let worker = TVmazeEpisodesWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let seasons = try await unwrapAsync(try await worker.seasons(showID: 143))
        XCTAssertEqual(seasons.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(seasons.map(\.episodeCount), [8, 10, 10, 10])
        XCTAssertEqual(server.requests.map(\.path), ["/shows/143/seasons"])
        XCTAssertEqual(server.requests.first?.queryItems, [:], "no query")
    }

    func testKeptSeasonsAreUsedWithoutAskingAgainWithinADay() async throws {
        server.route("/shows/143/seasons", .json(try Fixtures.snapshotData("shows_143_seasons.json")))
        let base = try server.start()
        let cache = try ResponseCache(directory: root)
        let worker = CachingEpisodesWorker(provider: .tvmaze, cache: cache, http: CurlHTTPClient(timeout: 5)) { TVmazeEpisodesWorker(baseURL: base, http: $0) }
        let first = try await worker.seasons(showID: 143)
        let second = try await worker.seasons(showID: 143)
        XCTAssertEqual(first?.map(\.episodeCount), [8, 10, 10, 10])
        XCTAssertEqual(second?.map(\.episodeCount), first?.map(\.episodeCount))
        XCTAssertEqual(server.requests.count, 1, "the second answer is the kept one")
    }

    func testTMDBMarksTheLastEpisodeOfASeasonAsTheFinale() throws {
        for (file, last) in [("tmdb/season_1399_1.json", 10), ("tmdb/tv_1396_season_1_details.json", 7)] {
            let season = try ProviderResponse.decode(TMDBDTO.SeasonDetails.self, from: try Fixtures.data(file), provider: .tmdb)
            let episodes = season.episodes.map(TMDBEpisodeMapper.episode)
            XCTAssertEqual(episodes.filter(\.isSeasonFinale).compactMap(\.number), [last], file)
            XCTAssertEqual(episodes.last.map { PremiereBadge.badges($0, episodeOrder: nil) }, [.finale], file)
        }
    }

    func testOfflineTheRecordedSeasonsGiveTheOrderAndAnEpisodeListLeavesItsLastSeasonOpen() async throws {
        let recorded = try await unwrapAsync(try await SnapshotEpisodesWorker().seasons(showID: 143))
        XCTAssertEqual(recorded.map(\.episodeCount), [8, 10, 10, 10])
        let listed = try await unwrapAsync(try await SnapshotEpisodesWorker().seasons(showID: 82))
        XCTAssertGreaterThan(listed.count, 1)
        XCTAssertNil(listed.last?.episodeCount, "the last listed season may still have been airing")
        XCTAssertTrue(listed.dropLast().allSatisfy { ($0.episodeCount ?? 0) > 0 })
        let none = try await SnapshotEpisodesWorker().seasons(showID: 999_999_999)
        XCTAssertNil(none)
    }
}
