import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// The embedded places snapshot and the offline city search.
final class SnapshotPOIsTests: XCTestCase {
    private func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    // MARK: Places

    func testTheSnapshotCoversIstanbulTheLakeDistrictAndParisInThatOrder() async throws {
        // Given
        let sut = SnapshotPOIsWorker()

        // When
        let areas = try await sut.areas()

        // Then
        XCTAssertEqual(areas.map(\.name), ["Istanbul", "Lake District", "Paris", "Helsinki", "Paris 10e"])
        XCTAssertEqual(areas.prefix(3).map(\.placeCount), [200, 189, 8])
        XCTAssertEqual(areas[0].categories, [.cafe, .restaurant, .bakery, .hotel])
        XCTAssertEqual(areas[1].categories, [.pub, .hotel, .hostel])
        XCTAssertEqual(areas[2].categories, [.cafe])
        XCTAssertEqual(areas[0].source, .embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(year: 2025, month: 12, day: 4)))
        XCTAssertEqual(areas[2].source, .embeddedSnapshot(provider: .geoapify, capturedOn: nil))
    }

    func testTheAreasWithStreetsHoldTheNamedPlacesOfTheirExtractsWithTheirHoursAndDate() async throws {
        // Given the places written by scripts/build-osm-areas.py
        let sut = SnapshotPOIsWorker()
        let areas = try await sut.areas()
        let helsinki = try XCTUnwrap(areas.first { $0.id == "helsinki-centre" })
        let paris = try XCTUnwrap(areas.first { $0.id == "paris-10e" })

        // Then each lies in its extract's box, with the extract's newest day as its date
        XCTAssertEqual(helsinki.center.latitude, 60.17, accuracy: 0.01)
        XCTAssertEqual(helsinki.center.longitude, 24.944, accuracy: 0.01)
        XCTAssertEqual(paris.center.latitude, 48.879, accuracy: 0.01)
        XCTAssertEqual(helsinki.source, .embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(year: 2019, month: 4, day: 21)))
        XCTAssertEqual(paris.source, .embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(year: 2021, month: 7, day: 7)))
        // The places of known kinds, with hours for many of them
        let near = try await sut.nearbyPOIs(near: helsinki.center, radiusMeters: helsinki.radiusMeters, category: nil, page: 0)
        XCTAssertEqual(near.items.count, 20, "a whole first page")
        XCTAssertGreaterThan(helsinki.placeCount, 200)
        XCTAssertGreaterThan(paris.placeCount, 50)
        let cafes = try await sut.nearbyPOIs(near: helsinki.center, radiusMeters: helsinki.radiusMeters, category: .cafe, page: 0)
        XCTAssertTrue(cafes.items.allSatisfy { $0.categories.contains(.cafe) })
        XCTAssertTrue(cafes.items.contains { $0.openingHours != nil })
    }

    func testAnAreasCentreIsTheMeanOfItsPOIsAndItsRadiusReachesThemAll() async throws {
        // Given
        let sut = SnapshotPOIsWorker(pageSize: 500)
        let istanbul = try await unwrapAsync(try await sut.areas().first)

        // When
        let page = try await sut.nearbyPOIs(near: istanbul.center, radiusMeters: istanbul.radiusMeters, category: nil, page: 0)

        // Then: the mean of the 200 recorded positions.
        XCTAssertEqual(istanbul.center.latitude, 41.0184347595, accuracy: 1e-9)
        XCTAssertEqual(istanbul.center.longitude, 28.9974106595, accuracy: 1e-9)
        XCTAssertEqual(page.items.count, 200)
        XCTAssertFalse(page.hasMore)
        XCTAssertEqual(istanbul.radiusMeters.truncatingRemainder(dividingBy: 100), 0)
    }

    func testNearbyCafesInParisComeNearestFirstWithinTheRadius() async throws {
        // Given
        let sut = SnapshotPOIsWorker()
        let center = try point(48.8566, 2.3522)

        // When
        let near = try await sut.nearbyPOIs(near: center, radiusMeters: 180, category: .cafe, page: 0)
        let all = try await sut.nearbyPOIs(near: center, radiusMeters: 1000, category: .cafe, page: 0)

        // Then
        XCTAssertEqual(all.items.count, 8)
        XCTAssertTrue(near.items.count < all.items.count)
        XCTAssertTrue(near.items.allSatisfy { ($0.distanceMeters ?? .infinity) <= 180 })
        XCTAssertTrue(zip(all.items, all.items.dropFirst()).allSatisfy { ($0.distanceMeters ?? 0) <= ($1.distanceMeters ?? 0) })
        for place in all.items {
            XCTAssertEqual(place.distanceMeters ?? -1, Geo.distanceMeters(from: center, to: place.coordinate), accuracy: 1e-6)
        }
        XCTAssertEqual(all.source, .embeddedSnapshot(provider: .geoapify, capturedOn: nil))
    }

    func testACategoryFilterKeepsOnlyThatKind() async throws {
        // Given
        let sut = SnapshotPOIsWorker(pageSize: 500)
        let lakes = try await unwrapAsync(try await sut.areas().dropFirst().first)

        // When
        let hostels = try await sut.nearbyPOIs(near: lakes.center, radiusMeters: lakes.radiusMeters, category: .hostel, page: 0)
        let pubs = try await sut.nearbyPOIs(near: lakes.center, radiusMeters: lakes.radiusMeters, category: .pub, page: 0)
        let museums = try await sut.nearbyPOIs(near: lakes.center, radiusMeters: lakes.radiusMeters, category: .museum, page: 0)

        // Then
        XCTAssertEqual(hostels.items.count, 33)
        XCTAssertTrue(hostels.items.allSatisfy { $0.categories.contains(.hostel) })
        XCTAssertEqual(pubs.items.count, 156)
        XCTAssertTrue(museums.items.isEmpty)
        XCTAssertFalse(museums.hasMore)
    }

    func testPagesAreCutByOffsetFromTheSortedList() async throws {
        // Given
        let sut = SnapshotPOIsWorker(pageSize: 20)
        let whole = SnapshotPOIsWorker(pageSize: 500)
        let lakes = try await unwrapAsync(try await sut.areas().dropFirst().first)

        // When
        let all = try await whole.nearbyPOIs(near: lakes.center, radiusMeters: lakes.radiusMeters, category: .pub, page: 0)
        let second = try await sut.nearbyPOIs(near: lakes.center, radiusMeters: lakes.radiusMeters, category: .pub, page: 1)
        let last = try await sut.nearbyPOIs(near: lakes.center, radiusMeters: lakes.radiusMeters, category: .pub, page: 7)

        // Then: 156 pubs are 7 full pages and 16 more.
        XCTAssertEqual(second.items.map(\.id), all.items[20..<40].map(\.id))
        XCTAssertTrue(second.hasMore)
        XCTAssertEqual(last.items.count, 16)
        XCTAssertFalse(last.hasMore)
    }

    func testFarFromEveryAreaThereIsNothing() async throws {
        // Given
        let sut = SnapshotPOIsWorker()

        // When
        let page = try await sut.nearbyPOIs(near: try point(-33.87, 151.21), radiusMeters: 5000, category: nil, page: 0)

        // Then
        XCTAssertTrue(page.items.isEmpty)
        XCTAssertFalse(page.hasMore)
    }

    func testALoaderErrorIsThrownByTheFirstRequest() async throws {
        // Given
        let sut = SnapshotPOIsWorker(loader: { throw SourceError.file(path: "/x", reason: "no such file") })

        // When / Then
        await assertThrows(
            try await sut.nearbyPOIs(near: try point(0, 0), radiusMeters: 10, category: nil, page: 0),
            .file(path: "/x", reason: "no such file")
        )
    }

    // MARK: Cities

    func testSearchingIstanbulFindsIstanbulTurkeyFirst() async throws {
        // Given
        let sut = CitySearch()

        // When
        let cities = try await sut.searchCities(matching: "Istanbul", limit: 5)

        // Then
        let first = try XCTUnwrap(cities.first)
        XCTAssertEqual(first.name, "Istanbul")
        XCTAssertEqual(first.countryCode, "TR")
        XCTAssertEqual(first.countryName, "Turkey")
        XCTAssertEqual(first.population, 15_701_602)
        XCTAssertEqual(first.id, "geonames:745044")
        XCTAssertEqual(first.timeZone, "Europe/Istanbul")
        XCTAssertEqual(first.coordinate.latitude, 41.01384, accuracy: 1e-9)
        XCTAssertEqual(first.source, .embeddedSnapshot(provider: .geoNames, capturedOn: nil))
    }

    func testSearchingIgnoresCaseAndDiacritics() async throws {
        // Given
        let sut = CitySearch()

        // When
        let plain = try await sut.searchCities(matching: "sao paulo", limit: 3)
        let accented = try await sut.searchCities(matching: "  SÃO   PAULO ", limit: 3)
        let dotted = try await sut.searchCities(matching: "İstanbul", limit: 1)

        // Then
        XCTAssertEqual(plain.first?.name, "São Paulo")
        XCTAssertEqual(plain.first?.countryCode, "BR")
        XCTAssertEqual(accented.map(\.id), plain.map(\.id))
        XCTAssertEqual(dotted.first?.name, "Istanbul")
    }

    func testResultsArePrefixMatchesMostPopulousFirstUpToTheLimit() async throws {
        // Given
        let sut = CitySearch()

        // When
        let cities = try await sut.searchCities(matching: "san", limit: 10)

        // Then
        XCTAssertEqual(cities.count, 10)
        XCTAssertTrue(cities.allSatisfy { $0.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).hasPrefix("san") })
        let populations = cities.map { $0.population ?? 0 }
        XCTAssertEqual(populations, populations.sorted(by: >))
    }

    func testBlankOrUnknownTextFindsNothing() async throws {
        // Given
        let sut = CitySearch()

        // When
        let blank = try await sut.searchCities(matching: "   ", limit: 5)
        let unknown = try await sut.searchCities(matching: "Xqzzyv", limit: 5)

        // Then
        XCTAssertTrue(blank.isEmpty)
        XCTAssertTrue(unknown.isEmpty)
    }

    func testTheWholeGeoNamesTableIsReadAndSearchesAreFast() async throws {
        // Given
        let index = try CityIndex.embedded()
        let sut = CitySearch(index: index)
        let clock = ContinuousClock()

        // When
        let start = clock.now
        for prefix in ["a", "be", "lon", "par", "new", "tok", "zü"] {
            _ = try await sut.searchCities(matching: prefix, limit: 10)
        }
        let elapsed = clock.now - start

        // Then
        XCTAssertEqual(index.cities.count, 34_006)
        XCTAssertLessThan(elapsed, .milliseconds(500))
    }

    func testATableWithoutTheGeoNamesHeaderIsBadData() throws {
        XCTAssertThrowsError(try CityIndex(tsv: Data("name\tlat\nX\t1\n".utf8), source: .snapshotFile(path: "x"))) { error in
            XCTAssertEqual(error as? SourceError, .badData(provider: .geoNames, reason: "not a GeoNames cities table"))
        }
    }

    func testATableIsReadSkippingBadRowsAndOrderedByPopulation() throws {
        // Given: a header, two good rows in the wrong order, a row with a bad latitude and a
        // row with too few columns.
        let tsv = """
            geonameid\tname\tcountry_code\tcountry\tadmin1\tlatitude\tlongitude\tpopulation\ttimezone
            2643743\tLondon\tGB\tUnited Kingdom\tENG\t51.50853\t-0.12574\t8961989\tEurope/London
            1\tNowhere\tXX\tNowhere\t00\t123.0\t0\t99999999\tEtc/UTC
            2\tShort\tXX
            2988507\tParis\tFR\tFrance\t11\t48.85341\t2.3488\t2138551\tEurope/Paris
            3117735\tMadrid\tES\tSpain\t29\t40.4165\t-3.70256\t3255944\tEurope/Madrid

            """

        // When
        let sut = try CityIndex(tsv: Data(tsv.utf8), source: .snapshotFile(path: "cities.tsv"))

        // Then
        XCTAssertEqual(sut.cities.map(\.name), ["London", "Madrid", "Paris"])
        XCTAssertEqual(sut.cities.first?.adminArea, "ENG")
        XCTAssertEqual(sut.cities.first?.timeZone, "Europe/London")
        XCTAssertEqual(sut.cities(matching: "PAR", limit: 5).map(\.id), ["geonames:2988507"])
    }
}

/// Unwraps an optional an async expression returns, failing the test when it is nil.
func unwrapAsync<T>(_ expression: @autoclosure () async throws -> T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
    let value = try await expression()
    return try XCTUnwrap(value, file: file, line: line)
}
