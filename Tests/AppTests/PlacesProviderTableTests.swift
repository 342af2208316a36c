import Domain
import Foundation
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// A places source, loopback-served, that says its provider: what the fake row's Workers make.
private struct FakePOIsWorker: POIsWorking {
    let http: any HTTPFetching
    let base: URL

    func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        _ = try await ProviderResponse.body(of: base.appendingPathComponent("places"), provider: PlacesProviderTableTests.fake, http: http)
        let poi = POI(
            id: "fake:1", name: "The Fake Café", categories: [.cafe], rawCategories: [], coordinate: center, addressLines: [],
            distanceMeters: 0, openingHours: nil, phone: nil, website: nil, source: .live(provider: PlacesProviderTableTests.fake))
        return PagedResult(items: [poi], page: page, hasMore: false, source: .live(provider: PlacesProviderTableTests.fake))
    }
}

/// Adding a places provider is one row of the provider table: a fake one, registered here and
/// nowhere else, is a `--source` word, is checked by `--check`, comes first in the places
/// chain and carries its credit.
final class PlacesProviderTableTests: XCTestCase {
    /// The fake provider's name, with the credit its row cannot be made without.
    static let fake = ProviderName("Fakeplaces", credit: "Places from Fakeplaces.test (CC0)")

    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// The standard table with the fake provider's row, tried first in `auto` among those
    /// without a key.
    private func table(base: URL) -> ProviderTable {
        ProviderTable.standard.adding(
            ProviderRow(
                name: Self.fake, role: .places, choice: "fakeplaces", about: "fake places for a test, no key",
                setup: ProviderSetup(
                    baseURL: { _ in base },
                    probe: { _, base, http in
                        { _ = try await ProviderResponse.body(of: base.appendingPathComponent("ping"), provider: Self.fake, http: http) }
                    }),
                places: PlacesWorkers(places: { _, _ in { FakePOIsWorker(http: $0, base: base) } })))
    }

    private func environment() throws -> [String: String] {
        [
            "XDG_CONFIG_HOME": "/nonexistent-config", "XDG_DATA_HOME": "/nonexistent-data", "XDG_CACHE_HOME": "/nonexistent-cache",
            // Overpass behind the fake one, on a server that is never asked here.
            "DISCOVER_OVERPASS_URL": try server.start().absoluteString + "/overpass"
        ]
    }

    func testAFakePlacesProviderComesFirstInTheChainAndItsPlacesCarryItsCredit() async throws {
        // Given
        server.route("/places", .json(Data("{}".utf8)))
        let base = try server.start()
        let table = table(base: base)
        let env = try environment()
        let options = try AppOptions.parse(["places"], environment: env)
        let start = try POIsComposition.start(options: options, areas: try POICatalog.embedded().areas)

        // When
        let sut = try POIsComposition.dependencies(options: options, environment: env, snapshot: SnapshotPOIsWorker(), start: start, table: table)
        let page = try await sut.worker.nearbyPOIs(near: start.center, radiusMeters: 1_000, category: nil, page: 0)

        // Then
        XCTAssertEqual(POIsComposition.liveSources(options, environment: env, table: table).map(\.name), [Self.fake, .overpass])
        XCTAssertEqual(sut.switches.all.map(\.provider), [Self.fake, .overpass], "the fake provider, then Overpass, then the snapshot")
        XCTAssertEqual(page.items.map(\.name), ["The Fake Café"])
        XCTAssertEqual(POIAttribution.line(for: page.source), "Places from Fakeplaces.test (CC0)")
        XCTAssertEqual(sut.onlineCitiesProvider, "Nominatim", "a provider without a city search leaves it to Nominatim")
    }

    func testAFakePlacesProvidersWordChoosesItAloneAndCheckSaysItIsUsedFirst() async throws {
        // Given
        server.route("/ping", .json(Data("{}".utf8)))
        let base = try server.start()
        let table = table(base: base)
        let env = try environment()
        var options = try AppOptions.parse(["places"], environment: env)
        options.placesSource = try XCTUnwrap(SourceChoice("fakeplaces", role: .places, table: table))

        // When
        let report = await SourceCheck.report(
            options: options, directories: XDGDirectories(environment: env), configPath: nil, config: nil,
            timeout: 5, table: table)

        // Then
        XCTAssertNil(SourceChoice("fakeplaces", role: .places), "the standard table has no such provider")
        XCTAssertEqual(SourceChoice.words(.places, table: table), ["auto", "fakeplaces", "geoapify", "osm", "snapshot"])
        XCTAssertEqual(POIsComposition.liveSources(options, environment: env, table: table).map(\.name), [Self.fake])
        XCTAssertTrue(report.text.contains("Places source fakeplaces (uses Fakeplaces first)"), report.text)
        XCTAssertTrue(report.rows.first { $0.name == "Fakeplaces" }?.isDefault ?? false)
        XCTAssertTrue(server.requests.contains { $0.path == "/ping" })
    }
}
