import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The TMDB Worker against the loopback server replaying recorded TMDB replies
/// (`Tests/TestSupport/Fixtures/tmdb/`): authentication, paging, TMDB's order, details, the
/// `first_air_date` quirks (case C19) and TMDB's error bodies.
final class TMDBShowsWorkerTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private let key = "tmdb-TEST-KEY-5d1e0c"
    private let token = "eyJhbGciOiJIUzI1NiJ9.TEST-TOKEN-77aa"

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func makeWorker(_ credential: TMDBCredential? = nil, timeout: Double = 5) throws -> TMDBShowsWorker {
        TMDBShowsWorker(credential: credential ?? .apiKey(key), baseURL: try server.start(), http: CurlHTTPClient(timeout: timeout))
    }

    private func fixture(_ name: String) throws -> Data {
        try Fixtures.data("tmdb/" + name)
    }

    private func names(_ data: Data) throws -> [String] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try XCTUnwrap(object["results"] as? [[String: Any]])
        return results.compactMap { $0["name"] as? String }
    }

    /// Every message a `SourceError` can carry, to search for a secret.
    private func text(of error: Error) -> String {
        String(describing: error) + " " + String(reflecting: error)
    }

    // MARK: Every recorded file

    func testEveryRecordedTMDBFileIsReadByTheShapeItsRequestGives() throws {
        let folder = Fixtures.directory.appendingPathComponent("tmdb")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(files.count, 15, "\(files)")
        for file in files {
            let data = try fixture(file)
            switch file {
            case let name where name.hasPrefix("tv_") && name.hasSuffix("_page1.json"):
                let page = try ProviderResponse.decode(TMDBDTO.Page.self, from: data, provider: .tmdb)
                XCTAssertEqual(page.results.count, 20, file)
                XCTAssertEqual(page.skipped, 0, file)
                XCTAssertEqual(page.page, 1, file)
                XCTAssertEqual(page.results.map { $0.name ?? "" }, try names(data), file)
            case "tv_1396_breaking_bad_details.json":
                let details = try ProviderResponse.decode(TMDBDTO.Details.self, from: data, provider: .tmdb)
                XCTAssertEqual(details.id, 1396)
                XCTAssertEqual(details.seasons?.count, 6)
            case "tv_1396_season_1_details.json":
                // A season is not a page of shows: read as one, it is refused as a whole.
                XCTAssertThrowsError(try ProviderResponse.decode(TMDBDTO.Page.self, from: data, provider: .tmdb)) { error in
                    XCTAssertEqual(error as? SourceError, .badData(provider: .tmdb, reason: "unexpected JSON shape"))
                }
            case "season_1399_1.json":
                let season = try ProviderResponse.decode(TMDBDTO.SeasonDetails.self, from: data, provider: .tmdb)
                XCTAssertEqual(season.seasonNumber, 1)
                XCTAssertEqual(season.episodes.count, 10)
                XCTAssertTrue(season.episodes.allSatisfy { ($0.voteCount ?? 0) > 0 }, "every episode rated")
            case "genre_tv_list.json":
                let list = try ProviderResponse.decode(TMDBDTO.GenreList.self, from: data, provider: .tmdb)
                var recorded: [Int: String] = [:]
                for genre in list.genres { recorded[try XCTUnwrap(genre.id)] = genre.name }
                XCTAssertEqual(recorded, TMDBMapper.genreNames, "the built-in genre table matches TMDB's list")
            case let name where name.hasPrefix("search_tv_"):
                // A search answers a page of shows, as the popular list does.
                let page = try ProviderResponse.decode(TMDBDTO.Page.self, from: data, provider: .tmdb)
                XCTAssertEqual(page.skipped, 0, file)
                XCTAssertFalse(page.results.isEmpty, file)
                XCTAssertEqual(page.results.map { $0.name ?? "" }, try names(data), file)
            case let name where name.hasPrefix("error_"):
                let body = try ProviderResponse.decode(TMDBDTO.ErrorBody.self, from: data, provider: .tmdb)
                XCTAssertNotNil(body.statusCode, file)
                XCTAssertFalse(body.statusMessage?.isEmpty ?? true, file)
            default:
                XCTFail("no expectation for \(file)")
            }
        }
    }

    // MARK: Popular list

    func testAPageIsAskedWithTheAPIKeyAsAQueryItemAndTMDBsPagesStartAtOne() async throws {
        // Given
        server.route("/3/tv/popular", .json(try fixture("tv_popular_page1.json")))
        let sut = try makeWorker(.apiKey(key))

        // When
        let page = try await sut.popularShows(page: 0)

        // Then
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/3/tv/popular")
        XCTAssertEqual(request.queryItems, ["page": "1", "api_key": key])
        XCTAssertNil(request.headers["authorization"])
        XCTAssertEqual(page.page, 0)
        XCTAssertTrue(page.hasMore)
        XCTAssertEqual(page.source, .live(provider: .tmdb))
    }

    func testAnEmptyFirstPageIsBadDataNotAnEmptyList() async throws {
        // Given a popular list whose first page has no results
        server.route("/3/tv/popular", .json(#"{"page":1,"results":[],"total_pages":500,"total_results":10000}"#))
        let sut = try makeWorker(.apiKey(key))

        // When / Then
        do {
            _ = try await sut.popularShows(page: 0)
            XCTFail("an empty first page is an error")
        } catch {
            XCTAssertEqual(error as? SourceError, .badData(provider: .tmdb, reason: "an empty first page"))
        }
    }

    func testAReadAccessTokenIsSentAsABearerHeaderAndNotInTheURL() async throws {
        server.route("/3/tv/popular", .json(try fixture("tv_popular_page1.json")))
        let sut = try makeWorker(.readAccessToken(token))

        _ = try await sut.popularShows(page: 2)

        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.headers["authorization"], "Bearer \(token)")
        XCTAssertEqual(request.queryItems, ["page": "3"])
        XCTAssertFalse(request.query?.contains(token) ?? false)
    }

    func testTheListKeepsTMDBsOwnPopularityOrderThroughTheAppsSort() async throws {
        let data = try fixture("tv_popular_page1.json")
        server.route("/3/tv/popular", .json(data))
        let sut = try makeWorker()

        let first = try await sut.popularShows(page: 0)
        let third = try await sut.popularShows(page: 2)

        XCTAssertEqual(first.items.map(\.name), try names(data))
        XCTAssertEqual(first.items.map(\.popularityRank), Array(1...20).map(Optional.some))
        XCTAssertEqual(third.items.first?.popularityRank, 41)
        // The scenes sort with `ranksAbove`; TMDB's order must survive it.
        XCTAssertEqual(first.items.sorted(by: TVShow.ranksAbove).map(\.name), try names(data))
        let svu = try XCTUnwrap(first.items.first)
        XCTAssertEqual(svu.name, "Law & Order: Special Victims Unit")
        XCTAssertEqual(svu.genres, ["Crime", "Drama", "Mystery"])
        XCTAssertEqual(svu.premiered, CalendarDate(year: 1999, month: 9, day: 20))
        XCTAssertEqual(svu.rating, 7.9)
        XCTAssertEqual(svu.language, "English")
        XCTAssertEqual(svu.summary.count, 1)
    }

    func testTheLastPageSaysSoAndNoPagePastFiveHundredIsAsked() async throws {
        server.route("/3/tv/popular", .json(try fixture("tv_recommendations_page1.json")))
        let sut = try makeWorker()

        let second = try await sut.popularShows(page: 1)
        let beyond = try await sut.popularShows(page: 500)

        XCTAssertFalse(second.hasMore, "total_pages 2: page 2 is the last")
        XCTAssertEqual(second.items.count, 20)
        XCTAssertTrue(beyond.items.isEmpty)
        XCTAssertFalse(beyond.hasMore)
        XCTAssertEqual(server.requests.count, 1)
    }

    /// Case C19: `first_air_date` absent, `""`, null or of the wrong type; fields of the wrong
    /// type; one element that is not a show.
    func testQuirkyItemsDecodeWithTheWholePageAndOneBadElementIsSkipped() async throws {
        let body = """
            {"page": 1, "total_pages": 3, "results": [
              {"id": 1, "name": "Absent Date", "genre_ids": [18], "vote_average": 7.5, "vote_count": 10},
              {"id": 2, "name": "Empty Date", "first_air_date": "", "vote_average": 0, "vote_count": 0},
              {"id": 3, "name": "Null Date", "first_air_date": null, "genre_ids": "18", "vote_average": "8.25", "vote_count": 3},
              {"id": "4", "name": "Number Date", "first_air_date": 2024, "genre_ids": [18, "x", 99999], "origin_country": "US"},
              {"name": "No id at all", "first_air_date": "2020-01-01"},
              "not a show",
              {"id": 7, "name": null, "original_name": "元の名前", "first_air_date": "2021-13-45", "overview": "One.\\n\\nTwo."}
            ]}
            """
        server.route("/3/tv/popular", .json(body))
        let sut = try makeWorker()

        let page = try await sut.popularShows(page: 0)

        XCTAssertEqual(page.items.map(\.id), [1, 2, 3, 4, 7])
        XCTAssertTrue(page.items.allSatisfy { $0.premiered == nil }, "no usable first_air_date gives no year")
        XCTAssertEqual(page.items.map(\.rating), [7.5, nil, 8.25, nil, nil])
        XCTAssertEqual(page.items[0].genres, ["Drama"])
        XCTAssertEqual(page.items[2].genres, [])
        XCTAssertEqual(page.items[3].genres, ["Drama"])
        XCTAssertEqual(page.items[4].name, "元の名前")
        XCTAssertEqual(page.items[4].summary, ["One.", "Two."])
        XCTAssertTrue(page.hasMore)
    }

    // MARK: Details

    func testDetailsAskForCreditsAndCarryCastSeasonsNetworkAndDates() async throws {
        // Given: the recorded details with `credits` appended as `append_to_response` adds it.
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: try fixture("tv_1396_breaking_bad_details.json")) as? [String: Any])
        object["credits"] = [
            "cast": [
                ["name": "Aaron Paul", "character": "Jesse Pinkman", "order": 1],
                ["name": "Bryan Cranston", "character": "Walter White", "order": 0],
                ["character": "Nameless"],
                ["name": "Anna Gunn", "character": "Skyler White", "order": "2"]
            ]
        ]
        server.route("/3/tv/1396", .json(try JSONSerialization.data(withJSONObject: object)))
        let sut = try makeWorker(.readAccessToken(token))
        let listed = TVShow(id: 1396, name: "Breaking Bad", popularityRank: 13)

        // When
        let details = try await sut.showDetails(for: listed)

        // Then
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.queryItems, ["append_to_response": "credits"])
        XCTAssertEqual(request.headers["authorization"], "Bearer \(token)")
        let show = details.show
        XCTAssertEqual(show.name, "Breaking Bad")
        XCTAssertEqual(show.status, "Ended")
        XCTAssertEqual(show.type, "Scripted")
        XCTAssertEqual(show.genres, ["Drama", "Crime"])
        XCTAssertEqual(show.broadcaster, Broadcaster(name: "AMC", kind: .network, countryCode: "US"))
        XCTAssertEqual(show.premiered, CalendarDate(year: 2008, month: 1, day: 20))
        XCTAssertEqual(show.ended, CalendarDate(year: 2013, month: 9, day: 29))
        XCTAssertEqual(show.runtimeMinutes, 56, "episode_run_time is empty: the last episode's runtime")
        XCTAssertEqual(show.rating, 8.937)
        XCTAssertEqual(show.officialSite, "https://www.sonypictures.com/tv/breakingbad")
        XCTAssertEqual(show.language, "English")
        XCTAssertEqual(show.popularityRank, 13)
        XCTAssertEqual(details.cast?.map(\.personName), ["Bryan Cranston", "Aaron Paul", "Anna Gunn"])
        XCTAssertEqual(details.cast?.first?.characterName, "Walter White")
        XCTAssertEqual(details.seasons?.map(\.number), [1, 2, 3, 4, 5], "season 0, Specials, is left out")
        XCTAssertEqual(details.seasons?.map { $0.episodeCount ?? 0 }.reduce(0, +), 62, "number_of_episodes")
        XCTAssertEqual(details.seasons?.first, SeasonSummary(number: 1, name: "Season 1", episodeCount: 7, premiered: CalendarDate(year: 2008, month: 1, day: 20)))
        XCTAssertEqual(details.source, .live(provider: .tmdb))
    }

    func testDetailsWithoutCreditsSayTheCastIsUnknown() async throws {
        server.route("/3/tv/1396", .json(try fixture("tv_1396_breaking_bad_details.json")))
        let details = try await makeWorker().showDetails(for: TVShow(id: 1396, name: "Breaking Bad"))
        XCTAssertNil(details.cast)
        XCTAssertEqual(details.seasons?.count, 5)
        // The poster: TMDB's path on its image server, 185 pixels wide.
        XCTAssertEqual(details.imageURL, "https://image.tmdb.org/t/p/w185/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg")
        XCTAssertNil(TMDBMapper.imageURL(""))
        XCTAssertNil(TMDBMapper.imageURL("no-slash.jpg"))
        XCTAssertNil(TMDBMapper.imageURL("/a b.jpg"))
    }

    // MARK: Errors

    func testARejectedKeyIsSaidPlainlyAndTheKeyIsInNoErrorText() async throws {
        server.route("/3/tv/popular", .json(try fixture("error_401_invalid_api_key.json"), status: 401))
        for credential in [TMDBCredential.apiKey(key), .readAccessToken(token)] {
            let sut = try makeWorker(credential)
            do {
                _ = try await sut.popularShows(page: 0)
                XCTFail("a 401 was accepted")
            } catch let error as SourceError {
                guard case .httpStatus(let provider, let status, let message) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(provider, .tmdb)
                XCTAssertEqual(status, 401)
                XCTAssertTrue(message.hasPrefix("TMDB rejected the \(credential == .apiKey(key) ? "API key" : "read access token")"), message)
                XCTAssertTrue(message.contains("Invalid API key: You must be granted a valid key."), message)
                XCTAssertFalse(text(of: error).contains(key))
                XCTAssertFalse(text(of: error).contains(token))
            }
        }
    }

    func testAMessageEchoingTheKeyIsScrubbed() async throws {
        server.route("/3/tv/popular", .json("{\"status_code\": 7, \"status_message\": \"Invalid API key \(key) for \(token)\"}", status: 401))
        for credential in [TMDBCredential.apiKey(key), .readAccessToken(token)] {
            do {
                _ = try await makeWorker(credential).popularShows(page: 0)
                XCTFail("a 401 was accepted")
            } catch {
                XCTAssertFalse(text(of: error).contains(credential == .apiKey(key) ? key : token), text(of: error))
            }
        }
        XCTAssertFalse(String(describing: TMDBCredential.apiKey(key)).contains(key))
        var dumped = ""
        dump(TMDBCredential.readAccessToken(token), to: &dumped)
        XCTAssertFalse(dumped.contains(token))
    }

    func testA404ForTheListOrTheProbeSaysToCheckTheBaseURLNotThatAShowIsUnknown() async throws {
        // Given a base URL under which nothing exists
        server.route("/3/tv/popular", .json(try fixture("error_404_resource_not_found.json"), status: 404))
        server.route("/3/genre/tv/list", .json(try fixture("error_404_resource_not_found.json"), status: 404))
        let sut = try makeWorker()
        let wrongBase = SourceError.httpStatus(provider: .tmdb, status: 404, message: "not found (check the base URL)")

        // When / Then
        await assertThrows(wrongBase) { _ = try await sut.popularShows(page: 0) }
        await assertThrows(wrongBase) { _ = try await sut.popularShows(page: 3) }
        await assertThrows(wrongBase) { try await sut.probe() }
    }

    func testAnUnknownShowIsNotFoundAndOtherRefusalsCarryTMDBsMessage() async throws {
        server.route("/3/tv/999999999", .json(try fixture("error_404_resource_not_found.json"), status: 404))
        server.route("/3/tv/popular", query: ["page": "1"], .json(try fixture("error_422_invalid_date_range.json"), status: 422))
        server.route("/3/tv/popular", query: ["page": "2"], .json(try fixture("error_400_invalid_page.json"), status: 400))
        server.route("/3/tv/popular", query: ["page": "3"], ScriptedResponse(status: 429, headers: ["Retry-After": "7"]))
        server.route("/3/tv/popular", query: ["page": "4"], ScriptedResponse(status: 503, body: Data("<html>down</html>".utf8)))
        let sut = try makeWorker()

        await assertThrows(.notFound(provider: .tmdb)) { _ = try await sut.showDetails(for: TVShow(id: 999_999_999, name: "?")) }
        await assertThrows(.httpStatus(provider: .tmdb, status: 422, message: "Invalid date range: Should be a range no longer than 14 days.")) { _ = try await sut.popularShows(page: 0) }
        await assertThrows(.httpStatus(provider: .tmdb, status: 400, message: "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.")) {
            _ = try await sut.popularShows(page: 1)
        }
        await assertThrows(.rateLimited(provider: .tmdb, retryAfterSeconds: 7)) { _ = try await sut.popularShows(page: 2) }
        await assertThrows(.httpStatus(provider: .tmdb, status: 503, message: "service unavailable")) { _ = try await sut.popularShows(page: 3) }
    }

    func testAServerThatNeverAnswersIsUnreachableAfterTheTimeout() async throws {
        server.route("/3/tv/popular", .neverAnswer)
        let sut = try makeWorker(timeout: 1)
        await assertThrows(.unreachable(provider: .tmdb, reason: "no answer within 1 s")) { _ = try await sut.popularShows(page: 0) }
    }

    func testAnHTMLPageOrTruncatedJSONIsBadData() async throws {
        server.route("/3/tv/popular", query: ["page": "1"], .json("<!doctype html><p>portal</p>"))
        server.route("/3/tv/popular", query: ["page": "2"], .json("{\"page\": 1, \"results\": [{\"id\": 1"))
        let sut = try makeWorker()
        await assertThrows(.badData(provider: .tmdb, reason: "an HTML page instead of JSON")) { _ = try await sut.popularShows(page: 0) }
        await assertThrows(.badData(provider: .tmdb, reason: "truncated or malformed JSON")) { _ = try await sut.popularShows(page: 1) }
    }

    private func assertThrows(_ expected: SourceError, file: StaticString = #filePath, line: UInt = #line, _ work: () async throws -> Void) async {
        do {
            try await work()
            XCTFail("no error; expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? SourceError, expected, file: file, line: line)
        }
    }
}
