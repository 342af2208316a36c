import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// The Geoapify Places and Geocoding Workers against the loopback server replaying recorded
/// Geoapify replies.
final class GeoapifyWorkersTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private let key = "TEST-KEY-9f2c41d7"
    private let hotelDeVille = Coordinate(validLatitude: 48.8566, longitude: 2.3522)

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func makePOIs(pageSize: Int = 20) throws -> GeoapifyPOIsWorker {
        GeoapifyPOIsWorker(apiKey: key, baseURL: try server.start(), http: CurlHTTPClient(timeout: 5), pageSize: pageSize)
    }

    private func makeCities() throws -> GeoapifyCitySearch {
        GeoapifyCitySearch(apiKey: key, baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
    }

    private func center() throws -> Coordinate {
        try XCTUnwrap(hotelDeVille)
    }

    // MARK: Places

    func testNearbyCafesSendTheDocumentedPOIsQuery() async throws {
        // Given
        server.route("/v2/places", .json(try Fixtures.snapshotData("places_paris_cafes_proximity.json")))
        let sut = try makePOIs()

        // When
        _ = try await sut.nearbyPOIs(near: try center(), radiusMeters: 500, category: .cafe, page: 2)

        // Then
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/v2/places")
        XCTAssertEqual(
            request.queryItems,
            [
                "categories": "catering.cafe",
                "filter": "circle:2.3522,48.8566,500",
                "bias": "proximity:2.3522,48.8566",
                "limit": "20",
                "offset": "40",
                "apiKey": key
            ])
        XCTAssertTrue(request.headers["user-agent"]?.hasPrefix("discover-tui/") ?? false)
    }

    func testNearbyPOIsWithoutACategoryAskForEveryMappedCategory() async throws {
        // Given
        server.route("/v2/places", .json(try Fixtures.data("geoapify/places_empty.json")))
        let sut = try makePOIs()

        // When
        _ = try await sut.nearbyPOIs(near: try center(), radiusMeters: 1000, category: nil, page: 0)

        // Then
        let categories = try XCTUnwrap(server.requests.first?.queryItems["categories"]).split(separator: ",").map(String.init)
        XCTAssertEqual(categories, POICategoryTable.rows.flatMap(\.geoapify))
        XCTAssertTrue(categories.contains("catering.pub"))
    }

    func testTheRecordedParisCafesDecodeNearestFirstWithTheirDetails() async throws {
        // Given
        server.route("/v2/places", .json(try Fixtures.snapshotData("places_paris_cafes_proximity.json")))
        let sut = try makePOIs()

        // When
        let page = try await sut.nearbyPOIs(near: try center(), radiusMeters: 500, category: .cafe, page: 0)

        // Then
        XCTAssertEqual(page.items.count, 8)
        XCTAssertFalse(page.hasMore, "8 of 20 is not a full page")
        XCTAssertEqual(page.source, .live(provider: .geoapify))
        XCTAssertEqual(page.items.map(\.distanceMeters), [95, 151, 195, 198, 213, 217, 218, 224])
        XCTAssertEqual(page.items.compactMap(\.name).first, "Marlette")
        XCTAssertTrue(page.items.allSatisfy { $0.categories.first == .cafe })

        let relais = try XCTUnwrap(page.items.first { $0.name == "Le Relais de l'Hôtel de Ville" })
        XCTAssertEqual(relais.phone, "+33 1 43 56 69 55")
        XCTAssertEqual(relais.addressLines, ["50 Rue de Rivoli, 75004 Paris, France"])
        XCTAssertEqual(relais.coordinate.latitude, 48.8570216, accuracy: 1e-9)
        XCTAssertEqual(relais.coordinate.longitude, 2.3541492, accuracy: 1e-9)
        XCTAssertTrue(relais.rawCategories.contains("catering.cafe"))

        let bistrot = try XCTUnwrap(page.items.first { $0.name == "Le P'tit Bistrot" })
        XCTAssertEqual(bistrot.openingHours, "Mo-Fr 07:00-23:00; Sa 09:00-23:00")
        XCTAssertEqual(bistrot.phone, "+33142785580")
        XCTAssertEqual(page.items.first { $0.name == "Starbucks" }?.website, "https://www.starbucks.fr/")

        let unnamed = try XCTUnwrap(page.items.last)
        XCTAssertNil(unnamed.name)
        XCTAssertEqual(unnamed.addressLines, ["Rue Saint-Martin", "75004 Paris, France"])
        XCTAssertTrue(unnamed.id.hasPrefix("51e9ca67"))
    }

    func testAFullPageSaysThereMayBeMore() async throws {
        // Given
        server.route("/v2/places", .json(try Fixtures.snapshotData("places_paris_cafes_proximity.json")))
        let sut = try makePOIs(pageSize: 8)

        // When
        let page = try await sut.nearbyPOIs(near: try center(), radiusMeters: 500, category: .cafe, page: 0)

        // Then
        XCTAssertTrue(page.hasMore)
        XCTAssertEqual(server.requests.first?.queryItems["limit"], "8")
    }

    func testAnEmptyCollectionIsAnEmptyLastPage() async throws {
        // Given
        server.route("/v2/places", .json(try Fixtures.data("geoapify/places_empty.json")))
        let sut = try makePOIs()

        // When
        let page = try await sut.nearbyPOIs(near: try center(), radiusMeters: 500, category: .pub, page: 0)

        // Then
        XCTAssertTrue(page.items.isEmpty)
        XCTAssertFalse(page.hasMore)
    }

    func testHostilePOIsDecodeWithNoFeatureDroppedForLackingAName() async throws {
        // Given
        server.route("/v2/places", .json(try Fixtures.data("cases/geoapify_hostile_places.json")))
        let sut = try makePOIs()
        let center = try center()

        // When
        let page = try await sut.nearbyPOIs(near: center, radiusMeters: 500, category: .cafe, page: 0)

        // Then
        XCTAssertEqual(Set(page.items.map(\.id)), ["case1", "case2", "case3", "case4", "case5"])
        let byID = Dictionary(uniqueKeysWithValues: page.items.map { ($0.id, $0) })
        XCTAssertNil(byID["case1"]?.name, "absent name")
        XCTAssertNil(byID["case2"]?.name, "blank name")
        XCTAssertNil(byID["case3"]?.name, "empty name")
        XCTAssertEqual(byID["case4"]?.name, "Café \u{1B}[31mRED\u{1B}[0m", "text is kept as is; the terminal layer sanitises it")
        XCTAssertEqual(byID["case5"]?.name, "東京カフェ 🍵 Tokyo")
        XCTAssertEqual(byID["case1"]?.categories, [.cafe], "read from the OSM tags when the Geoapify categories say nothing")
        XCTAssertEqual(byID["case1"]?.addressLines.first, "Marlette")
        let computed = try XCTUnwrap(byID["case3"]?.distanceMeters, "distance computed when missing")
        let position = try XCTUnwrap(byID["case3"]?.coordinate)
        XCTAssertEqual(computed, Geo.distanceMeters(from: center, to: position), accuracy: 1e-6)
        XCTAssertEqual(computed, 95, accuracy: 5)
    }

    // MARK: Errors never show the key

    func testNoErrorDescriptionContainsTheAPIKey() async throws {
        // Given: every way a request can fail.
        server.route("/v2/places", query: ["offset": "0"], .json(try Fixtures.data("tmdb/error_401_invalid_api_key.json"), status: 401))
        server.route("/v2/places", query: ["offset": "20"], ScriptedResponse(status: 500, body: Data("apiKey=\(key)".utf8)))
        server.route("/v2/places", query: ["offset": "40"], .closeWithoutAnswer)
        server.route("/v2/places", query: ["offset": "60"], .json(#"{"type":"FeatureCollection","features":[{"#))
        server.route("/v2/places", query: ["offset": "80"], ScriptedResponse(status: 429))
        server.route("/v2/places", query: ["offset": "100"], ScriptedResponse(status: 200, body: Data("<html>\(key)</html>".utf8)))
        let sut = try makePOIs()
        var errors: [SourceError] = []

        // When
        for page in 0...5 {
            do {
                _ = try await sut.nearbyPOIs(near: try center(), radiusMeters: 500, category: .cafe, page: page)
                XCTFail("page \(page) should fail")
            } catch let error as SourceError {
                errors.append(error)
            }
        }

        // Then
        XCTAssertEqual(errors.count, 6)
        XCTAssertEqual(errors[0], .httpStatus(provider: .geoapify, status: 401, message: "unauthorised (check the API key)"))
        for error in errors {
            for text in [String(describing: error), "\(error)", error.localizedDescription, String(reflecting: error)] {
                XCTAssertFalse(text.contains(key), text)
                XCTAssertFalse(text.contains("apiKey"), text)
            }
        }
    }

    // MARK: Cities

    func testCitySearchSendsTheGeocodingQueryAndReadsJSONResults() async throws {
        // Given: the recorded results as `format=json` wraps them.
        let results = try Fixtures.data("geoapify/batch_geocode_results_dordrecht.json")
        server.route("/v1/geocode/search", .json(Data(#"{"results":"#.utf8) + results + Data("}".utf8)))
        let sut = try makeCities()

        // When
        let cities = try await sut.searchCities(matching: "  São Paulo & co ", limit: 5)

        // Then
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.queryItems, ["text": "São Paulo & co", "type": "city", "format": "json", "limit": "5", "apiKey": key])
        XCTAssertTrue(request.query?.contains("text=S%C3%A3o%20Paulo%20%26%20co") ?? false, request.query ?? "")
        XCTAssertEqual(cities.map(\.name), ["Salvia 22", "Kalverstraat 1", "Coolsingel 40"])
        XCTAssertEqual(cities.first?.countryCode, "NL")
        XCTAssertEqual(cities.first?.adminArea, "South Holland")
        XCTAssertEqual(cities.first?.timeZone, "Europe/Brussels")
        XCTAssertEqual(cities.first?.coordinate.latitude ?? 0, 51.7937328, accuracy: 1e-9)
    }

    func testAutocompleteReadsGeoJSONFeaturesAndHonoursTheLimit() async throws {
        // Given
        server.route("/v1/geocode/autocomplete", .json(try Fixtures.data("geoapify/autocomplete_caf_with_categories.json")))
        let sut = try makeCities()

        // When
        let cities = try await sut.autocompleteCities(matching: "caf", limit: 3)

        // Then
        XCTAssertEqual(server.requests.first?.path, "/v1/geocode/autocomplete")
        XCTAssertEqual(server.requests.first?.queryItems["text"], "caf")
        XCTAssertEqual(cities.map(\.name), ["Cafosse", "Caffiers", "Les Caffiers"])
        XCTAssertEqual(cities.first?.countryName, "France")
        XCTAssertEqual(cities.first?.countryCode, "FR")
        XCTAssertEqual(cities.first?.source, .live(provider: .geoapify))
    }

    func testAutocompleteOfTheGymRecordingGivesItsFiveResults() async throws {
        // Given
        server.route("/v1/geocode/autocomplete", .json(try Fixtures.data("geoapify/autocomplete_gym_london_uk.json")))
        let sut = try makeCities()

        // When
        let cities = try await sut.autocompleteCities(matching: "Gym London UK", limit: 10)

        // Then
        XCTAssertEqual(cities.map(\.name), ["Gym", "Gym", "Gym", "Gym", "i Gym London"])
        XCTAssertEqual(Set(cities.compactMap(\.countryCode)), ["GB"])
        XCTAssertEqual(Set(cities.map(\.id)).count, 5)
    }

    func testAnEmptyAutocompleteGivesNoCity() async throws {
        // Given
        server.route("/v1/geocode/autocomplete", .json(try Fixtures.data("geoapify/autocomplete_empty.json")))
        let sut = try makeCities()

        // When
        let cities = try await sut.autocompleteCities(matching: "testing asadasd", limit: 5)

        // Then
        XCTAssertTrue(cities.isEmpty)
    }

    func testBlankCityTextSendsNoRequest() async throws {
        // Given
        let sut = try makeCities()

        // When
        let cities = try await sut.searchCities(matching: "   ", limit: 5)

        // Then
        XCTAssertTrue(cities.isEmpty)
        XCTAssertTrue(server.requests.isEmpty)
    }
}
