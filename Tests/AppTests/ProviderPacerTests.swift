import Domain
import Foundation
import Synchronization
import Workers
import XCTest

@testable import App

/// The clients a table's TV Workers were made with, in the order made.
private final class GivenClients: Sendable {
    private let clients = Mutex<[any HTTPFetching]>([])

    /// Keeps a client a Worker was made with.
    func keep(_ http: any HTTPFetching) { clients.withLock { $0.append(http) } }

    /// How many clients were kept.
    var count: Int { clients.withLock { $0.count } }

    /// The pacer of each client kept, in the order made (nil for none, or for a client that is
    /// not resilient).
    var pacers: [RequestPacer?] { clients.withLock { $0.map { ($0 as? ResilientHTTPClient)?.pacer } } }
}

/// One pacer a provider: every client of a provider, whichever scene or command makes it (the
/// shows list, a person's page, episodes and schedules, seasons, the import's lookups), waits
/// for its turns in the one pacer of the provider's row, so that the provider is never sent
/// more than its one published rate.
final class ProviderPacerTests: XCTestCase {
    private let environment = [
        "XDG_CONFIG_HOME": "/nonexistent-config", "XDG_DATA_HOME": "/nonexistent-data", "XDG_CACHE_HOME": "/nonexistent-cache",
        // Never asked: the Workers are made here, not used.
        "DISCOVER_TVMAZE_URL": "http://127.0.0.1:9/tvmaze", "DISCOVER_TMDB_URL": "http://127.0.0.1:9/tmdb"
    ]

    private let catalog: @Sendable () async throws -> ShowCatalog = { try ShowCatalog.embedded() }

    /// The standard table with the same rows (and so the same pacers), whose TV Workers keep
    /// the client each is made with before the row's own maker makes it.
    private func recordingTable(_ given: GivenClients) -> ProviderTable {
        ProviderTable(
            rows: ProviderTable.standard.rows.map { row in
                var recording = row
                recording.tv = row.tv.map { Self.recording($0, into: given) }
                return recording
            })
    }

    private static func recording(_ workers: TVWorkers, into given: GivenClients) -> TVWorkers {
        var made = workers
        made.shows = { keeping(workers.shows($0), in: given) }
        made.index = { keeping(workers.index($0), in: given) }
        made.episodes = { keepingCached(workers.episodes($0), in: given) }
        made.schedules = { keepingCached(workers.schedules($0), in: given) }
        made.people = { keepingCached(workers.people($0), in: given) }
        made.seasons = { keepingCached(workers.seasons($0), in: given) }
        return made
    }

    /// A Worker maker that keeps the client, then makes the Worker with it.
    private static func keeping<Worker>(
        _ make: (@Sendable (any HTTPFetching) -> Worker)?, in given: GivenClients
    ) -> (@Sendable (any HTTPFetching) -> Worker)? {
        guard let make else { return nil }
        return { http in
            given.keep(http)
            return make(http)
        }
    }

    /// A maker of a Worker kept in the cache that keeps the client, then makes the Worker with it.
    private static func keepingCached<Worker>(
        _ make: (@Sendable (any HTTPFetching, ResponseCache?) -> Worker)?, in given: GivenClients
    ) -> (@Sendable (any HTTPFetching, ResponseCache?) -> Worker)? {
        guard let make else { return nil }
        return { http, cache in
            given.keep(http)
            return make(http, cache)
        }
    }

    func testTVmazesPeopleWorkerAndShowsWorkerGetTheSamePacer() throws {
        // Given
        let given = GivenClients()
        let table = recordingTable(given)
        let options = try AppOptions.parse([], environment: environment)

        // When: the shows list's Worker, then a person's page's
        _ = TVComposition.liveWorker(.tvmaze, options: options, timeout: 15, table: table)
        _ = PeopleComposition.worker(for: .live(provider: .tvmaze), options: options, cache: nil, catalog: catalog, table: table)

        // Then
        let pacers = given.pacers
        XCTAssertEqual(pacers.count, 2, "one client for the shows, one for the person")
        let shows = try XCTUnwrap(pacers.first ?? nil, "the shows' client is paced")
        let people = try XCTUnwrap(pacers.last ?? nil, "the person's client is paced")
        XCTAssertTrue(people === shows, "a person's page and the shows list take turns from one TVmaze pacer")
        XCTAssertTrue(shows === ProviderTable.standard.row(.tvmaze)?.pacer, "the pacer is the one of TVmaze's row")
    }

    func testEveryTVmazeClientOfTheScenesAndCommandsWaitsForTheOnePacerOfTVmazesRow() throws {
        // Given
        let given = GivenClients()
        let table = recordingTable(given)
        let options = try AppOptions.parse([], environment: environment)
        let row = try XCTUnwrap(table.row(.tvmaze))

        // When: the Workers of the shows list, "All shows", a cast member's page, `person`,
        // episodes and schedules, and Upcoming's seasons are made, and the import's client
        _ = TVComposition.liveWorker(.tvmaze, options: options, timeout: 15, table: table)
        _ = TVComposition.liveWorker(.tvmaze, options: options, timeout: 8, index: true, table: table)
        _ = PeopleComposition.worker(for: .live(provider: .tvmaze), options: options, cache: nil, catalog: catalog, table: table)
        _ = PeopleComposition.worker(for: nil, options: options, cache: nil, catalog: catalog, table: table)
        _ = EpisodesComposition.worker(for: .live(provider: .tvmaze), options: options, cache: nil, table: table)
        _ = EpisodesComposition.liveSchedule(options: options, cache: nil, table: table)
        _ = EpisodesComposition.seasons(options: options, cache: nil, table: table)
        let lookups = try XCTUnwrap(TransferCommands.lookupClient(environment: environment, table: table))

        // Then
        XCTAssertEqual(given.count, 7)
        for (index, pacer) in (given.pacers + [lookups.client.pacer]).enumerated() {
            XCTAssertTrue(pacer === row.pacer, "client \(index) waits for TVmaze's one pacer")
        }
        XCTAssertEqual(lookups.rule, row.rate, "the import's time left is worked out at the rate the pacer keeps")
        XCTAssertTrue(row.pacer === ProviderTable.standard.row(.tvmaze)?.pacer, "the table's rows are the standard rows, pacers and all")
    }

    func testEachProviderHasItsOwnPacerAndItsClientsShareIt() throws {
        // Given a TMDB key, so that TMDB's Workers are made
        let given = GivenClients()
        let table = recordingTable(given)
        var environment = self.environment
        environment["TMDB_API_KEY"] = "a-test-key"
        let options = try AppOptions.parse([], environment: environment)
        let tmdb = try XCTUnwrap(table.row(.tmdb))

        // When
        _ = TVComposition.liveWorker(.tmdb, options: options, timeout: 15, table: table)
        _ = PeopleComposition.worker(for: .live(provider: .tmdb), options: options, cache: nil, catalog: catalog, table: table)
        _ = EpisodesComposition.worker(for: .live(provider: .tmdb), options: options, cache: nil, table: table)

        // Then
        XCTAssertEqual(given.count, 3)
        for pacer in given.pacers { XCTAssertTrue(pacer === tmdb.pacer, "TMDB's clients wait for TMDB's pacer") }
        let pacers = ProviderTable.standard.rows.map(\.pacer)
        for (index, pacer) in pacers.enumerated() {
            XCTAssertFalse(pacers[(index + 1)...].contains { $0 === pacer }, "no two providers share a pacer")
        }
    }
}
