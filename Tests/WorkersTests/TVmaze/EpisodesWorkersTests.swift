import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The TVmaze and TMDB episode and schedule workers over a loopback server replaying recorded
/// answers, and the caching decorator over a real temporary cache folder.
final class EpisodesWorkersTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-episodes-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func tvmaze() throws -> TVmazeEpisodesWorker {
        TVmazeEpisodesWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
    }

    private func utc(_ text: String) throws -> Date {
        try XCTUnwrap(ISO8601DateFormatter().date(from: text))
    }

    // MARK: TVmaze episode lists

    func testGameOfThronesRecordedIn2022HasEightSeasonsAndItsRatings() async throws {
        server.route("/shows/82/episodes", .json(try Fixtures.data("tvmaze/episodes_82_game-of-thrones_2022-08.json")))
        let guide = try await unwrapAsync(try await tvmaze().episodes(showID: 82))

        XCTAssertEqual(guide.seasons.map(\.number), Array(1...8))
        XCTAssertEqual(guide.seasons.map(\.episodes.count), [10, 10, 10, 10, 10, 10, 7, 6])
        XCTAssertTrue(guide.specials.isEmpty)
        XCTAssertEqual(guide.source, .live(provider: .tvmaze))
        let baelor = guide.seasons[0].episodes[8]
        XCTAssertEqual(baelor.code, "S01E09")
        XCTAssertEqual(baelor.name, "Baelor")
        XCTAssertEqual(baelor.airDate, CalendarDate(year: 2011, month: 6, day: 12))
        XCTAssertEqual(baelor.airstamp, try utc("2011-06-13T01:00:00Z"))
        XCTAssertEqual(baelor.runtimeMinutes, 60)
        XCTAssertEqual(baelor.rating?.average, 9.3)
        XCTAssertNil(baelor.rating?.voteCount, "TVmaze gives no vote count")
        XCTAssertFalse(baelor.summary.isEmpty)
        XCTAssertFalse(baelor.summary.joined().contains("<p>"), "summary as plain text")
        let worst = try XCTUnwrap(guide.regularEpisodes.min { ($0.rating?.average ?? 11) < ($1.rating?.average ?? 11) })
        XCTAssertEqual(worst.code, "S08E06")
        XCTAssertEqual(worst.name, "The Iron Throne")
        XCTAssertEqual(worst.rating?.average, 5.4)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.queryItems, ["specials": "1"])
    }

    func testTheSimpsonsHas35SeasonsWithTreehouseOfHorrorVTheBest() async throws {
        server.route("/shows/83/episodes", .json(try Fixtures.snapshotData("episodes_83_the-simpsons.json")))
        let guide = try await unwrapAsync(try await tvmaze().episodes(showID: 83))

        XCTAssertEqual(guide.seasons.count, 35)
        XCTAssertEqual(guide.regularEpisodes.count, 751)
        let best = try XCTUnwrap(guide.regularEpisodes.max { ($0.rating?.average ?? -1) < ($1.rating?.average ?? -1) })
        XCTAssertEqual(best.name, "Treehouse of Horror V")
        XCTAssertEqual(best.code, "S06E06")
        XCTAssertEqual(best.rating?.average, 9.6)
        XCTAssertNil(guide.seasons[34].episodes[0].rating, "the unaired episode has no rating")
        XCTAssertNil(guide.seasons[34].averageRating)
        XCTAssertEqual(try XCTUnwrap(guide.seasons[0].averageRating), 100.6 / 13, accuracy: 0.0001, "the mean of season 1's 13 ratings")
    }

    func testAnUnknownShowIsNotFoundAndABadBodyIsBadData() async throws {
        server.route("/shows/9999999/episodes", .json(#"{"name":"Not Found","status":404}"#, status: 404))
        server.route("/shows/5/episodes", .json("<html>oops</html>"))
        let sut = try tvmaze()
        do {
            _ = try await sut.episodes(showID: 9_999_999)
            XCTFail("expected an error")
        } catch let error as SourceError {
            XCTAssertEqual(error, .notFound(provider: .tvmaze))
        }
        do {
            _ = try await sut.episodes(showID: 5)
            XCTFail("expected an error")
        } catch let error as SourceError {
            guard case .badData = error else { return XCTFail("\(error)") }
        }
    }

    func testNextAndPreviousEpisodeComeFromTheEmbeddedEpisodes() async throws {
        // A show answer as TVmaze shapes `embed[]=nextepisode&embed[]=previousepisode`, built
        // around two recorded episodes of The Simpsons (S34E22 and the announced S35E01).
        let episodes = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixtures.snapshotData("episodes_83_the-simpsons.json")) as? [[String: Any]])
        let previous = try XCTUnwrap(episodes.first { $0["season"] as? Int == 34 && $0["number"] as? Int == 22 })
        let next = try XCTUnwrap(episodes.first { $0["season"] as? Int == 35 && $0["number"] as? Int == 1 })
        let show: [String: Any] = ["id": 83, "name": "The Simpsons", "_embedded": ["previousepisode": previous, "nextepisode": next]]
        server.route("/shows/83", .json(try JSONSerialization.data(withJSONObject: show)))

        let pair = try await unwrapAsync(try await tvmaze().nextAndPreviousEpisode(showID: 83))

        XCTAssertEqual(pair.previous?.code, "S34E22")
        XCTAssertEqual(pair.next?.code, "S35E01")
        XCTAssertEqual(pair.next?.airDate, CalendarDate(year: 2023, month: 10, day: 1))
        XCTAssertNotNil(pair.next?.airstamp)
        XCTAssertEqual(server.requests.first?.query, "embed%5B%5D=nextepisode&embed%5B%5D=previousepisode")
    }

    func testAShowWithNothingEmbeddedHasNeitherNextNorPrevious() async throws {
        server.route("/shows/1058", .json(try Fixtures.data("tvmaze/shows_1058_embed_cast.json")))
        let pair = try await unwrapAsync(try await tvmaze().nextAndPreviousEpisode(showID: 1058))
        XCTAssertNil(pair.next)
        XCTAssertNil(pair.previous)
    }

    func testCancellingTheTaskCancelsTheRequestInFlight() async throws {
        server.route("/shows/82/episodes", .neverAnswer)
        let sut = TVmazeEpisodesWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 30))
        let task = Task { try await sut.episodes(showID: 82) }
        // The request reaches the server (at most 5 s), then the task is cancelled.
        for _ in 0..<500 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(server.requests.count, 1)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            // The 30 s limit would end it as `SourceError.unreachable`; cancelling ends it at once.
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    // MARK: TVmaze schedules

    func testTheUSScheduleOfADayHasEveryEntryWithItsShowAndNetwork() async throws {
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let day = try XCTUnwrap(CalendarDate(year: 2020, month: 12, day: 1))
        let schedule = try await unwrapAsync(try await tvmaze().schedule(countryCode: "us", date: day))

        XCTAssertEqual(schedule.entries.count, 72)
        XCTAssertEqual(schedule.countryCode, "US")
        XCTAssertEqual(schedule.date, day)
        let first = try XCTUnwrap(schedule.entries.first)
        XCTAssertEqual(first.show.name, "Adult Swim Infomercials")
        XCTAssertEqual(first.channelName, "Adult Swim")
        XCTAssertEqual(first.airstamp, try utc("2020-12-01T09:00:00Z"))
        XCTAssertFalse(first.isWeb)
        let special = try XCTUnwrap(schedule.entries.first { $0.episode.name == "Metropolis Mysteries of Rome" })
        XCTAssertTrue(special.episode.isSpecial)
        XCTAssertNil(special.episode.number)
        XCTAssertEqual(server.requests.first?.queryItems, ["country": "US", "date": "2020-12-01"])
    }

    func testTheWebScheduleReadsTheEmbeddedShows() async throws {
        server.route("/schedule/web", .json(try Fixtures.snapshotData("schedule_web_2020-12-01.json")))
        let day = try XCTUnwrap(CalendarDate(year: 2020, month: 12, day: 1))
        let schedule = try await unwrapAsync(try await tvmaze().webSchedule(date: day))

        XCTAssertEqual(schedule.entries.count, 100)
        XCTAssertNil(schedule.countryCode)
        XCTAssertEqual(schedule.entries.first?.show.name, "Sim for You")
        XCTAssertEqual(schedule.entries.first?.channelName, "V LIVE")
        XCTAssertEqual(schedule.entries.first?.airstamp, try utc("2020-11-30T21:00:00Z"))
        XCTAssertTrue(schedule.entries.allSatisfy(\.isWeb))
        XCTAssertEqual(server.requests.first?.path, "/schedule/web")
        XCTAssertEqual(server.requests.first?.queryItems, ["date": "2020-12-01"])
    }

    func testACountryCodeThatIsNotTwoLettersIsRefusedBeforeAnyRequest() async throws {
        let sut = try tvmaze()
        for code in ["", "USA", "1A", "U&", "ü1"] {
            do {
                _ = try await sut.schedule(countryCode: code, date: CalendarDate.unixEpoch)
                XCTFail("\(code) accepted")
            } catch let error as SourceError {
                guard case .badData = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertTrue(server.requests.isEmpty)
    }

    // MARK: TMDB

    func testTMDBSeasonsGiveRatingsWithVoteCounts() async throws {
        // The details answer reduced to the one recorded season; the season is TMDB's own answer.
        server.route("/3/tv/1399", .json(#"{"id":1399,"name":"Game of Thrones","seasons":[{"season_number":1,"episode_count":10}]}"#))
        server.route("/3/tv/1399/season/1", .json(try Fixtures.data("tmdb/season_1399_1.json")))
        let sut = TMDBShowsWorker(credential: .apiKey("k"), baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))

        let guide = try await unwrapAsync(try await sut.episodes(showID: 1399))

        XCTAssertEqual(guide.seasons.map(\.number), [1])
        XCTAssertEqual(guide.seasons[0].episodes.count, 10)
        let baelor = guide.seasons[0].episodes[8]
        XCTAssertEqual(baelor.code, "S01E09")
        XCTAssertEqual(baelor.name, "Baelor")
        XCTAssertEqual(baelor.rating?.average, 8.9)
        XCTAssertEqual(baelor.rating?.voteCount, 157)
        XCTAssertEqual(baelor.runtimeMinutes, 57)
        XCTAssertNil(baelor.airstamp, "TMDB gives a day, not an instant")
        XCTAssertEqual(guide.source, .live(provider: .tmdb))
        XCTAssertEqual(server.requests.map(\.path), ["/3/tv/1399", "/3/tv/1399/season/1"])
    }

    func testTMDBSeasonAnswerOfBreakingBadDecodes() throws {
        let season = try ProviderResponse.decode(TMDBDTO.SeasonDetails.self, from: Fixtures.data("tmdb/tv_1396_season_1_details.json"), provider: .tmdb)
        let episodes = season.episodes.map(TMDBEpisodeMapper.episode)
        XCTAssertEqual(episodes.count, 7)
        XCTAssertEqual(episodes.first?.rating?.average, 8.5)
        XCTAssertEqual(episodes.first?.rating?.voteCount, 459)
        XCTAssertFalse(episodes.contains(where: \.isSpecial))
    }

    func testTMDBDetailsGiveTheLastEpisodeAndNoNextOneForAnEndedShow() async throws {
        server.route("/3/tv/1396", .json(try Fixtures.data("tmdb/tv_1396_breaking_bad_details.json")))
        let sut = TMDBShowsWorker(credential: .apiKey("k"), baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))

        let pair = try await unwrapAsync(try await sut.nextAndPreviousEpisode(showID: 1396))
        XCTAssertNil(pair.next)
        XCTAssertEqual(pair.previous?.code, "S05E16")
        XCTAssertEqual(pair.previous?.name, "Felina")
        XCTAssertEqual(pair.previous?.rating?.average, 9.3)
        XCTAssertEqual(pair.previous?.rating?.voteCount, 269)

        let details = try await sut.showDetails(for: TVShow(id: 1396, name: "Breaking Bad"))
        XCTAssertEqual(details.previousEpisode?.name, "Felina")
        XCTAssertNil(details.nextEpisode)
    }

    // MARK: Cache

    func testAKeptGuideIsOfferedFirstAndServedWhenTheProviderIsDown() async throws {
        server.route("/shows/82/episodes", .json(try Fixtures.data("tvmaze/episodes_82_game-of-thrones_2022-08.json")))
        let base = try server.start()
        let cache = try ResponseCache(directory: root)
        let sut = CachingEpisodesWorker(provider: .tvmaze, cache: cache, http: CurlHTTPClient(timeout: 5)) {
            TVmazeEpisodesWorker(baseURL: base, http: $0)
        }
        let fresh = try await sut.episodes(showID: 82)
        XCTAssertEqual(fresh?.source, .live(provider: .tvmaze))

        var updates: [ShowEpisodes?] = []
        for try await update in sut.episodesUpdates(showID: 82) { updates.append(update) }
        XCTAssertEqual(updates.count, 2, "kept, then fresh")
        guard case .cache(provider: .tvmaze, _)? = updates.first??.source else { return XCTFail("\(String(describing: updates.first))") }
        XCTAssertEqual(updates.last??.source, .live(provider: .tvmaze))

        server.stop()
        let kept = try await unwrapAsync(try await sut.episodes(showID: 82))
        guard case .cache = kept.source else { return XCTFail("\(kept.source)") }
        XCTAssertEqual(kept.regularEpisodes.count, 73)
    }

    func testNothingKeptAndTheProviderDownIsTheProvidersError() async throws {
        let base = try server.start()
        server.stop()
        let sut = CachingEpisodesWorker(provider: .tvmaze, cache: try ResponseCache(directory: root), http: CurlHTTPClient(timeout: 2)) {
            TVmazeEpisodesWorker(baseURL: base, http: $0)
        }
        do {
            _ = try await sut.webSchedule(date: CalendarDate.unixEpoch)
            XCTFail("expected an error")
        } catch let error as SourceError {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
    }
}
