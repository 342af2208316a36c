import Domain
import Foundation
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// A TV source, loopback-served, that says its provider: what the fake row's Workers make.
private struct FakeShowsWorker: TVShowsWorking {
    let http: any HTTPFetching
    let base: URL

    func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        _ = try await ProviderResponse.body(of: base.appendingPathComponent("popular"), provider: ProviderTableTests.fake, http: http)
        return PagedResult(items: [TVShow(id: 7, name: "The Fake Show")], page: page, hasMore: false, source: .live(provider: ProviderTableTests.fake))
    }

    func showDetails(for show: TVShow) async throws -> TVShowDetails {
        TVShowDetails(show: show, cast: nil, seasons: nil, source: .live(provider: ProviderTableTests.fake))
    }
}

/// A people source, loopback-served, that says its provider: what the fake row's people maker makes.
private struct FakePeopleWorker: PeopleWorking {
    let http: any HTTPFetching
    let base: URL

    func person(_ reference: PersonReference) async throws -> Person? {
        _ = try await ProviderResponse.body(of: base.appendingPathComponent("person"), provider: ProviderTableTests.fake, http: http)
        return Person(id: reference.id, name: "A Fake Person", credits: [], source: .live(provider: ProviderTableTests.fake))
    }

    func personNamed(_ name: String) async throws -> Person? { try await person(PersonReference(id: 1, name: name)) }
}

/// Adding a TV provider is one row of the provider table: a fake one, registered here and
/// nowhere else, shows in `--check`, in the credits, in the fallback chain, in the people looked up and in `--help`.
final class ProviderTableTests: XCTestCase {
    /// The fake provider's name, with the credit its row cannot be made without.
    static let fake = ProviderName("Fakeflix", credit: "Data from Fakeflix.test (CC0)")

    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// The standard table with the fake provider's row, tried first in `auto`.
    private func table(base: URL) -> ProviderTable {
        ProviderTable.standard.adding(
            ProviderRow(
                name: Self.fake, role: .tv, choice: "fakeflix", about: "fake shows for a test, no key",
                setup: ProviderSetup(
                    baseURL: { _ in base },
                    probe: { _, base, http in
                        { _ = try await ProviderResponse.body(of: base.appendingPathComponent("ping"), provider: Self.fake, http: http) }
                    }),
                tv: TVWorkers(
                    shows: { _ in { FakeShowsWorker(http: $0, base: base) } },
                    people: { _ in { http, _ in FakePeopleWorker(http: http, base: base) } })))
    }

    private func environment() throws -> [String: String] {
        [
            "XDG_CONFIG_HOME": "/nonexistent-config", "XDG_DATA_HOME": "/nonexistent-data", "XDG_CACHE_HOME": "/nonexistent-cache",
            // TVmaze behind the fake one, on a server that is never asked here.
            "DISCOVER_TVMAZE_URL": try server.start().absoluteString + "/tvmaze"
        ]
    }

    func testAFakeProvidersRowIsCheckedFirstAndItsProbeAsked() async throws {
        // Given
        server.route("/ping", .json(Data("{}".utf8)))
        let base = try server.start()
        let env = try environment()
        let options = try AppOptions.parse([], environment: env)
        let directories = XDGDirectories(environment: env)

        // When
        let sut = await SourceCheck.report(options: options, directories: directories, configPath: nil, config: nil, timeout: 5, table: table(base: base))

        // Then
        let row = try XCTUnwrap(sut.rows.first { $0.name == "Fakeflix" })
        XCTAssertTrue(row.isDefault, "auto tries the first TV row first")
        XCTAssertTrue(row.outcome.isOK, "\(row.outcome)")
        XCTAssertTrue(sut.text.contains("TV source     auto (uses Fakeflix first)"), sut.text)
        XCTAssertTrue(server.requests.contains { $0.path == "/ping" })
        XCTAssertFalse(sut.rows.first { $0.name == "TVmaze" }?.isDefault ?? true)
    }

    func testAFakeProvidersShowsCarryItsCreditAndComeFirstInTheFallbackChain() async throws {
        // Given
        server.route("/popular", .json(Data("{}".utf8)))
        let base = try server.start()
        let table = table(base: base)
        let options = try AppOptions.parse([], environment: try environment())

        // When
        let shows = try TVComposition.shows(options: options, snapshot: SnapshotShowsWorker(loader: { try ShowCatalog.embedded() }), table: table)
        let page = try await shows.worker.popularShows(page: 0)

        // Then
        XCTAssertEqual(TVComposition.liveSources(options, table: table), [Self.fake, .tvmaze])
        XCTAssertEqual(shows.switches.all.map(\.provider), [Self.fake, .tvmaze], "the fake provider, then TVmaze, then the snapshot")
        XCTAssertEqual(page.items.map(\.name), ["The Fake Show"])
        XCTAssertEqual(page.source, .live(provider: Self.fake))
        XCTAssertEqual(ShowFormatting.credit(for: page.source), "Data from Fakeflix.test (CC0)")
        XCTAssertEqual(POIAttribution.line(for: page.source), "Data from Fakeflix.test (CC0)")
    }

    func testAFakeProvidersPeopleComeFromItsRow() async throws {
        // Given
        server.route("/person", .json(Data("{}".utf8)))
        let base = try server.start()
        let table = table(base: base)
        let options = try AppOptions.parse([], environment: try environment())
        let catalog: @Sendable () async throws -> ShowCatalog = { try ShowCatalog.embedded() }

        // When
        let cast = PeopleComposition.worker(for: .live(provider: Self.fake), options: options, cache: nil, catalog: catalog, table: table)
        let first = PeopleComposition.worker(for: nil, options: options, cache: nil, catalog: catalog, table: table)
        let person = try await cast.person(PersonReference(id: 5, name: "Someone"))
        let named = try await first.personNamed("Someone")

        // Then
        XCTAssertEqual(person?.name, "A Fake Person", "a cast from the fake provider is looked up there")
        XCTAssertEqual(named?.name, "A Fake Person", "before any answer, the first live source's people are asked")
        XCTAssertEqual(person?.source, .live(provider: Self.fake))
        XCTAssertEqual(server.requests.filter { $0.path == "/person" }.count, 2)
        XCTAssertTrue(PeopleComposition.worker(for: .embeddedSnapshot(provider: .snapshot, capturedOn: nil), options: options, cache: nil, catalog: catalog, table: table) is SnapshotPeopleWorker)
    }

    func testAFakeProvidersSourceWordParsesAndItsRowShowsInTheHelp() throws {
        // Given
        let table = table(base: try server.start())

        // When
        let help = HelpText.text(providers: table)

        // Then
        XCTAssertEqual(SourceChoice("fakeflix", role: .tv, table: table), .provider("fakeflix"))
        XCTAssertNil(SourceChoice("fakeflix", role: .tv), "the standard table has no such provider")
        XCTAssertTrue(help.contains("  Fakeflix       fake shows for a test, no key\n    Data from Fakeflix.test (CC0)\n"), help)
        XCTAssertFalse(HelpText.text.contains("Fakeflix"))
    }

    func testEveryStandardProviderHasItsOwnCreditInTheHelp() {
        let help = HelpText.text
        for row in ProviderTable.standard.rows {
            XCTAssertFalse(row.name.credit.isEmpty, row.name.name)
            XCTAssertTrue(help.contains("  " + row.name.name), row.name.name)
        }
        XCTAssertEqual(ShowFormatting.credit(for: .live(provider: .tmdb)), ProviderName.tmdb.credit)
        XCTAssertEqual(ShowFormatting.credit(for: .cache(provider: .tvmaze, savedAt: 0)), ProviderName.tvmaze.credit)
        // TVmaze's published 20 calls / 10 s, with half a second more for the calls' trips.
        XCTAssertEqual(ProviderTable.standard.row(.tvmaze)?.rate, .tvmaze.withMargin(.milliseconds(500)))
        XCTAssertEqual(ProviderTable.standard.row(.tvmaze)?.rate?.window, .milliseconds(10_500))
        XCTAssertEqual(ProviderTable.standard.row(.nominatim)?.rate, .nominatim)
    }
}
