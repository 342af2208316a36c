import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// The Overpass places Worker and the Nominatim city search against the loopback server
/// replaying recorded OpenStreetMap replies.
final class OSMWorkersTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func makeOverpass(pageSize: Int = 20) throws -> OverpassPOIsWorker {
        let endpoint = try server.start().appendingPathComponent("api/interpreter")
        return OverpassPOIsWorker(endpoint: endpoint, http: CurlHTTPClient(timeout: 5), pageSize: pageSize)
    }

    private func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    // MARK: Overpass

    func testTheQueryAsksForNodesWaysAndRelationsAroundThePointWithCentres() throws {
        // When
        let query = OverpassPOIsWorker.query(near: try point(54.4310924, -2.9624445), radiusMeters: 1500.4, category: .pub)

        // Then
        XCTAssertEqual(
            query,
            """
            [out:json][timeout:25];
            (
            nwr["amenity"="pub"](around:1500,54.4310924,-2.9624445);
            );
            out center;
            """)
    }

    func testTheQueryWithoutACategoryAsksForEveryMappedTag() throws {
        // When
        let query = OverpassPOIsWorker.query(near: try point(41, 29), radiusMeters: 300, category: nil)

        // Then
        for tag in POICategoryTable.osmTags(for: nil) {
            XCTAssertTrue(query.contains("nwr[\"\(tag.key)\"=\"\(tag.value)\"](around:300,41,29);"), "\(tag)")
        }
    }

    func testASearchSendsTheQueryURLEncodedInData() async throws {
        // Given
        server.route("/api/interpreter", .json(try Fixtures.data("osm/overpass_empty_result.json")))
        let sut = try makeOverpass()
        let center = try point(54.4310924, -2.9624445)

        // When
        let page = try await sut.nearbyPOIs(near: center, radiusMeters: 1000, category: .hostel, page: 0)

        // Then
        XCTAssertTrue(page.items.isEmpty)
        XCTAssertFalse(page.hasMore)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/api/interpreter")
        XCTAssertEqual(request.queryItems, ["data": OverpassPOIsWorker.query(near: center, radiusMeters: 1000, category: .hostel)])
        let raw = try XCTUnwrap(request.query)
        XCTAssertFalse(raw.contains("\""), "quotes are percent-encoded")
        XCTAssertFalse(raw.contains("["), "brackets are percent-encoded")
        XCTAssertTrue(request.headers["user-agent"]?.hasPrefix("discover-tui/") ?? false)
    }

    func testTheRecordedPubsComeNearestFirstWithHaversineDistances() async throws {
        // Given: the Royal Oak, Ambleside, is the centre.
        server.route("/api/interpreter", .json(try Fixtures.snapshotData("overpass_lake_district_amenity_pub.json")))
        let sut = try makeOverpass(pageSize: 200)
        let center = try point(54.4310924, -2.9624445)

        // When
        let page = try await sut.nearbyPOIs(near: center, radiusMeters: 30_000, category: .pub, page: 0)

        // Then: 156 pubs; no post box, untagged node, entrance or webcam.
        XCTAssertEqual(page.items.count, 156)
        XCTAssertTrue(page.items.allSatisfy { $0.categories.first == .pub })
        XCTAssertEqual(page.items.filter { $0.categories == [.pub, .hotel] }.count, 5, "pubs that are also hotels")
        XCTAssertEqual(page.items.prefix(4).map(\.name), ["Royal Oak", "The White Lion", "The Ambleside Inn", "The Sportsman's Inn"])
        XCTAssertEqual(page.items[1].distanceMeters ?? -1, 36.5, accuracy: 0.1)
        XCTAssertTrue(zip(page.items, page.items.dropFirst()).allSatisfy { ($0.distanceMeters ?? 0) <= ($1.distanceMeters ?? 0) })
        for place in page.items {
            XCTAssertEqual(place.distanceMeters ?? -1, Geo.distanceMeters(from: center, to: place.coordinate), accuracy: 1e-6)
        }
        XCTAssertEqual(page.source, .live(provider: .overpass))

        let royalOak = page.items[0]
        XCTAssertEqual(royalOak.id, "osm:node/31555767")
        XCTAssertEqual(royalOak.addressLines, ["Market Place", "LA22 9BU Ambleside"])
        XCTAssertEqual(royalOak.website, "https://www.greeneking.co.uk/pubs/cumbria/royal-oak")
        XCTAssertEqual(royalOak.rawCategories, ["amenity=pub"])
    }

    func testAWayWithoutACentreIsPlacedAtTheMeanOfItsNodes() async throws {
        // Given
        server.route("/api/interpreter", .json(try Fixtures.snapshotData("overpass_lake_district_amenity_pub.json")))
        let sut = try makeOverpass(pageSize: 200)

        // When
        let page = try await sut.nearbyPOIs(near: try point(54.4, -3.0), radiusMeters: 30_000, category: .pub, page: 0)

        // Then
        let inn = try XCTUnwrap(page.items.first { $0.id == "osm:way/70818565" })
        XCTAssertEqual(inn.name, "The Church House Inn")
        XCTAssertEqual(inn.coordinate.latitude, 54.33, accuracy: 0.02)
        XCTAssertEqual(inn.coordinate.longitude, -3.10, accuracy: 0.02)
        XCTAssertEqual(inn.rawCategories, ["amenity=pub", "tourism=guest_house"])
        XCTAssertEqual(inn.addressLines, ["LA21 8AZ Torver"])
        XCTAssertEqual(inn.phone, "+44 15394 49159")
        XCTAssertEqual(inn.website, "https://www.thechurchhouseinn.com/")
        XCTAssertEqual(page.items.filter { $0.id.hasPrefix("osm:way/") }.count, 112)
    }

    func testLaterPagesAreCutFromTheFirstAnswerWithoutAskingAgain() async throws {
        // Given
        server.route("/api/interpreter", .json(try Fixtures.snapshotData("overpass_lake_district_tourism_hostel.json")))
        let sut = try makeOverpass(pageSize: 10)
        let center = try point(54.45, -3.0)

        // When
        let first = try await sut.nearbyPOIs(near: center, radiusMeters: 40_000, category: .hostel, page: 0)
        let last = try await sut.nearbyPOIs(near: center, radiusMeters: 40_000, category: .hostel, page: 3)

        // Then: 33 hostels make pages of 10, 10, 10 and 3.
        XCTAssertEqual(first.items.count, 10)
        XCTAssertTrue(first.hasMore)
        XCTAssertEqual(last.items.count, 3)
        XCTAssertFalse(last.hasMore)
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertLessThanOrEqual(first.items.last?.distanceMeters ?? .infinity, last.items.first?.distanceMeters ?? 0)
        XCTAssertTrue((first.items + last.items).allSatisfy { $0.categories == [.hostel] })
    }

    func testTheIstanbulRecordingKeepsEveryPOIIncludingUnnamedOnes() async throws {
        // Given
        server.route("/api/interpreter", .json(try Fixtures.snapshotData("overpass_istanbul_restaurants_cafes.json")))
        let sut = try makeOverpass(pageSize: 500)

        // When
        let page = try await sut.nearbyPOIs(near: try point(41.0082, 28.9784), radiusMeters: 20_000, category: nil, page: 0)

        // Then
        XCTAssertEqual(page.items.count, 200)
        XCTAssertEqual(page.items.filter { $0.categories.first == .restaurant }.count, 110)
        XCTAssertEqual(page.items.filter { $0.categories.first == .cafe }.count, 90)
        XCTAssertEqual(page.items.filter { $0.categories == [.cafe, .bakery] }.count, 2, "cafés that are also bakeries")
        XCTAssertEqual(page.items.filter { $0.name == nil }.count, 20)
        let restaurants = try await sut.nearbyPOIs(near: try point(41.0082, 28.9784), radiusMeters: 20_000, category: .restaurant, page: 0)
        XCTAssertEqual(restaurants.items.count, 110)
        let tower = try XCTUnwrap(page.items.first { $0.name == "Kız Kulesi" })
        XCTAssertEqual(tower.phone, "0216 342 47 47")
        XCTAssertEqual(tower.addressLines, ["Salancak, Üsküdar", "Üsküdar - Istanbul"])
    }

    func testARemarkedRuntimeErrorIsReportedInTheServersWords() async throws {
        // Given
        server.route("/api/interpreter", .json(try Fixtures.data("osm/overpass_remark_runtime_error.json")))
        let sut = try makeOverpass()

        // When / Then
        await assertThrows(
            try await sut.nearbyPOIs(near: try point(0, 0), radiusMeters: 100, category: .cafe, page: 0),
            .unreachable(provider: .overpass, reason: "server runtime error: Query timed out in \"query\" at line 4 after 2 seconds.")
        )
    }

    func testAnHTMLGatewayTimeoutIsAnHTTPStatusError() async throws {
        // Given
        server.route("/api/interpreter", ScriptedResponse(status: 504, headers: ["Content-Type": "text/html"], body: Data("<html>504</html>".utf8)))
        let sut = try makeOverpass()

        // When / Then
        await assertThrows(
            try await sut.nearbyPOIs(near: try point(0, 0), radiusMeters: 100, category: .cafe, page: 0),
            .httpStatus(provider: .overpass, status: 504, message: "gateway timeout")
        )
    }

    func testAReplyThatIsNotOverpassJSONIsBadData() async throws {
        // Given
        server.route("/api/interpreter", .json(#"{"version":0.6}"#))
        let sut = try makeOverpass()

        // When / Then
        await assertThrows(
            try await sut.nearbyPOIs(near: try point(0, 0), radiusMeters: 100, category: .cafe, page: 0),
            .badData(provider: .overpass, reason: "unexpected JSON shape")
        )
    }

    // MARK: Nominatim

    func testNominatimSearchSendsTheQueryAndReadsStringCoordinates() async throws {
        // Given
        server.route("/search", .json(try Fixtures.data("osm/nominatim_search_ottawa.json")))
        let sut = NominatimCitySearch(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))

        // When
        let cities = try await sut.searchCities(matching: "Ottawa", limit: 1)

        // Then
        XCTAssertEqual(server.requests.first?.queryItems, ["q": "Ottawa", "format": "jsonv2", "limit": "1", "addressdetails": "1"])
        let ottawa = try XCTUnwrap(cities.first)
        XCTAssertEqual(cities.count, 1)
        XCTAssertEqual(ottawa.name, "Ottawa")
        XCTAssertEqual(ottawa.countryName, "Canada")
        XCTAssertEqual(ottawa.countryCode, "CA")
        XCTAssertEqual(ottawa.adminArea, "Ontario")
        XCTAssertEqual(ottawa.id, "osm:relation/4136816")
        XCTAssertEqual(ottawa.coordinate.latitude, 45.421106, accuracy: 1e-9)
        XCTAssertEqual(ottawa.coordinate.longitude, -75.690308, accuracy: 1e-9)
        XCTAssertEqual(ottawa.source, .live(provider: .nominatim))
    }

    func testNominatimRequestsThroughAPacedClientAreSpacedEvenWhenConcurrent() async throws {
        // Given a client paced at one request per 400 ms (the app's is one per second)
        server.route("/search", .json(try Fixtures.data("osm/nominatim_search_ottawa.json")))
        let pacer = RequestPacer(rules: ["Nominatim": RequestPacer.Rule(limit: 1, per: .milliseconds(400))])
        let http = ResilientHTTPClient(inner: CurlHTTPClient(timeout: 5), provider: .nominatim, pacer: pacer)
        let sut = NominatimCitySearch(baseURL: try server.start(), http: http)

        // When: three searches at once.
        async let a = sut.searchCities(matching: "Ottawa", limit: 1)
        async let b = sut.searchCities(matching: "Ottawa", limit: 1)
        async let c = sut.searchCities(matching: "Ottawa", limit: 1)
        let counts = try await [a.count, b.count, c.count]

        // Then
        XCTAssertEqual(counts, [1, 1, 1])
        let times = server.requests.map(\.receivedAt).sorted()
        XCTAssertEqual(times.count, 3)
        for (earlier, later) in zip(times, times.dropFirst()) {
            // Spaced on the client; allow for connection set-up varying between requests.
            XCTAssertGreaterThanOrEqual(later - earlier, .milliseconds(300))
        }
    }
}
