import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// The shared loopback server, proven through the real `CurlHTTPClient` and the TVmaze
/// Worker.
final class LoopbackHTTPServerTests: XCTestCase {
    // XCTest makes a new instance for each test, so each test has its own server.
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func tvmaze(_ base: URL, timeout: Double = 5) -> TVmazeShowsWorker {
        TVmazeShowsWorker(baseURL: base, http: CurlHTTPClient(timeout: timeout))
    }

    private func show(id: Int) -> TVShow {
        TVShow(id: id, name: "")
    }

    func testTheClientReceivesTheFixtureBytesAndStatusTheServerServes() async throws {
        // Given
        let fixture = try Fixtures.snapshotData("shows_page_0.json")
        server.route("/shows", .json(fixture, headers: ["X-Test": "yes"]))
        let base = try server.start()
        let sut = CurlHTTPClient(timeout: 5)

        // When
        let response = try await sut.get(base.appendingPathComponent("shows"), headers: [:])

        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, fixture)
        XCTAssertEqual(response.headers["x-test"], "yes")
        XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
    }

    func testTheClientSendsAUserAgentStartingWithDiscover() async throws {
        // Given
        server.route("/ping", .json("{}"))
        let base = try server.start()
        let sut = CurlHTTPClient(timeout: 5)

        // When
        _ = try await sut.get(base.appendingPathComponent("ping"), headers: ["X-Extra": "1"])

        // Then
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/ping")
        XCTAssertTrue(request.headers["user-agent"]?.hasPrefix("discover-tui/") ?? false, "\(request.headers)")
        XCTAssertEqual(request.headers["x-extra"], "1")
    }

    func testAnUnroutedPathIsAnswered404() async throws {
        // Given
        let base = try server.start()

        // When
        let response = try await CurlHTTPClient(timeout: 5).get(base.appendingPathComponent("nowhere"), headers: [:])

        // Then
        XCTAssertEqual(response.status, 404)
    }

    func testARouteWithSeveralResponsesUsesThemInTurnThenRepeatsTheLast() async throws {
        // Given
        server.route("/x", ScriptedResponse(status: 503), .json("[1]"))
        let base = try server.start()
        let sut = CurlHTTPClient(timeout: 5)
        let url = base.appendingPathComponent("x")

        // When
        let statuses = [
            try await sut.get(url, headers: [:]).status,
            try await sut.get(url, headers: [:]).status,
            try await sut.get(url, headers: [:]).status
        ]

        // Then
        XCTAssertEqual(statuses, [503, 200, 200])
    }

    func testADelayedResponseArrivesNoSoonerThanItsDelay() async throws {
        // Given
        server.route("/slow", ScriptedResponse(status: 200, body: Data("[]".utf8), delaySeconds: 0.3))
        let base = try server.start()
        let clock = ContinuousClock()
        let start = clock.now

        // When
        let response = try await CurlHTTPClient(timeout: 5).get(base.appendingPathComponent("slow"), headers: [:])

        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(290))
    }

    func testTheWorkerDecodesThePopularPageTheServerServes() async throws {
        // Given
        server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
        let sut = tvmaze(try server.start())

        // When
        let page = try await sut.popularShows(page: 0)

        // Then
        XCTAssertEqual(page.items.count, 240)
        XCTAssertTrue(page.hasMore)
        XCTAssertEqual(page.source, .live(provider: .tvmaze))
        XCTAssertTrue(zip(page.items, page.items.dropFirst()).allSatisfy { !TVShow.ranksAbove($1, $0) })
        XCTAssertEqual(page.items.first { $0.id == 1 }?.name, "Under the Dome")
        XCTAssertEqual(server.requests.first?.queryItems, ["page": "0"])
    }

    func testTheWorkerDecodesShowDetailsWithTheirCast() async throws {
        // Given
        server.route("/shows/1058", .json(try Fixtures.data("tvmaze/shows_1058_embed_cast.json")))
        let sut = tvmaze(try server.start())

        // When
        let details = try await sut.showDetails(for: show(id: 1058))

        // Then
        XCTAssertEqual(details.show.name, "The A-Team")
        XCTAssertEqual(details.cast?.count, 7)
        XCTAssertEqual(details.cast?.first?.personName, "Dwight Schultz")
        XCTAssertNil(details.seasons)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.query, "embed%5B%5D=cast&embed%5B%5D=seasons&embed%5B%5D=nextepisode&embed%5B%5D=previousepisode")
    }

    func testA404PastTheLastPageGivesAnEmptyPageWithNoMore() async throws {
        // Given
        server.route("/shows", .json(#"{"name":"Not Found","status":404}"#, status: 404))
        let sut = tvmaze(try server.start())

        // When
        let page = try await sut.popularShows(page: 999)

        // Then
        XCTAssertEqual(page.items.count, 0)
        XCTAssertFalse(page.hasMore)
    }

    func testA404OnTheFirstPageIsAnErrorNamingTheBaseURLNotAnEmptyList() async throws {
        // Given a base URL that answers 404 everywhere (a wrong path)
        server.route("/wrong/shows", .json(#"{"name":"Not Found","status":404}"#, status: 404))
        let sut = tvmaze(try server.start().appendingPathComponent("wrong"))

        // When / Then
        await assertThrows(
            try await sut.popularShows(page: 0),
            SourceError.httpStatus(provider: .tvmaze, status: 404, message: "not found (check the base URL)"))
        XCTAssertEqual(server.requests.first?.path, "/wrong/shows")
    }

    func testAnEmptyOrUnreadableFirstPageIsBadDataSoAutoFallsBackToTheSnapshot() async throws {
        // Given an index whose first page is empty, then one whose only element is unreadable
        server.route("/shows", .json("[]"), .json(#"[{"id":"one"}]"#), .json("[]"))
        let sut = tvmaze(try server.start())

        // When / Then: page 0 is a fault, not the end of the list
        await assertThrows(try await sut.popularShows(page: 0), SourceError.badData(provider: .tvmaze, reason: "an empty first page"))
        await assertThrows(try await sut.popularShows(page: 0), SourceError.badData(provider: .tvmaze, reason: "no readable show on the first page"))
        // and a later empty page is still the end
        let later = try await sut.popularShows(page: 3)
        XCTAssertEqual(later.items.count, 0)
        XCTAssertFalse(later.hasMore)

        // And `auto` gives way to the snapshot, saying why
        let fallback = FallbackShowsWorker(primary: sut, fallback: SnapshotShowsWorker(catalog: try ShowCatalog.embedded()))
        let first = try await fallback.popularShows(page: 0)
        XCTAssertEqual(first.source, .embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(year: 2026, month: 7, day: 13)))
        let reason = await fallback.fallbackReason
        XCTAssertEqual(reason, SourceError.badData(provider: .tvmaze, reason: "an empty first page"))
    }

    func testA429WithRetryAfterTenIsRateLimitedForTenSeconds() async throws {
        // Given
        server.route("/shows", ScriptedResponse(status: 429, headers: ["Retry-After": "10"]))
        let sut = tvmaze(try server.start())

        // When / Then
        await assertThrows(try await sut.popularShows(page: 0), SourceError.rateLimited(provider: .tvmaze, retryAfterSeconds: 10))
    }

    func testAnEmptyBodyAndATruncatedBodyAreDistinctBadData() async throws {
        // Given
        server.route("/shows", query: ["page": "0"], ScriptedResponse(status: 200))
        server.route("/shows", query: ["page": "1"], .json(#"[{"id":1,"name":"Under the Do"#))
        let sut = tvmaze(try server.start())

        // When / Then
        await assertThrows(try await sut.popularShows(page: 0), SourceError.badData(provider: .tvmaze, reason: "empty response"))
        await assertThrows(try await sut.popularShows(page: 1), SourceError.badData(provider: .tvmaze, reason: "truncated or malformed JSON"))
    }

    func testAServerThatNeverAnswersEndsInATimeout() async throws {
        // Given
        server.route("/shows", .neverAnswer)
        let sut = tvmaze(try server.start(), timeout: 1)

        // When / Then
        await assertThrows(try await sut.popularShows(page: 0), SourceError.unreachable(provider: .tvmaze, reason: "no answer within 1 s"))
        XCTAssertEqual(server.requests.count, 1)
    }

    func testAConnectionClosedWithoutAnAnswerIsUnreachable() async throws {
        // Given
        server.route("/shows", .closeWithoutAnswer)
        let sut = tvmaze(try server.start())

        // When
        do {
            _ = try await sut.popularShows(page: 0)
            XCTFail("expected an error")
        } catch let error as SourceError {
            // Then
            guard case .unreachable(provider: .tvmaze, _) = error else {
                return XCTFail("got \(error)")
            }
        }
    }

    func testStoppingTheServerRefusesLaterConnections() async throws {
        // Given
        let base = try server.start()
        server.stop()

        // When / Then
        do {
            _ = try await CurlHTTPClient(timeout: 2).get(base.appendingPathComponent("x"), headers: [:])
            XCTFail("expected an error")
        } catch let error as HTTPError {
            guard case .transport = error else { return XCTFail("got \(error)") }
        }
    }
}

/// Asserts that an async expression throws exactly the given `SourceError`.
func assertThrows<T>(
    _ expression: @autoclosure () async throws -> T, _ expected: SourceError,
    file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        let value = try await expression()
        XCTFail("expected \(expected), got \(value)", file: file, line: line)
    } catch let error as SourceError {
        XCTAssertEqual(error, expected, file: file, line: line)
    } catch {
        XCTFail("expected \(expected), got \(error)", file: file, line: line)
    }
}
