import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// A places Worker that answers from a script and records its calls.
private actor POIsWorkerStub: POIsWorking {
    private var results: [Result<PagedResult<POI>, SourceError>]
    private(set) var pagesAsked: [Int] = []

    init(_ results: [Result<PagedResult<POI>, SourceError>]) {
        self.results = results
    }

    func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        pagesAsked.append(page)
        let next = results.count > 1 ? results.removeFirst() : results[0]
        return try next.get()
    }
}

/// A city search that answers from a script.
private struct CitySearchStub: CitySearching {
    let result: Result<[City], SourceError>
    func searchCities(matching text: String, limit: Int) async throws -> [City] {
        try result.get()
    }
}

final class POIsCompositionTests: XCTestCase {
    private let center = Coordinate(validLatitude: 48.8566, longitude: 2.3522)

    private func page(_ provider: ProviderName, _ number: Int = 0) -> PagedResult<POI> {
        PagedResult(items: [], page: number, hasMore: true, source: .live(provider: provider))
    }

    func testAFailureOnTheFirstPageSwitchesToTheFallbackAndSaysWhy() async throws {
        // Given
        let failure = SourceError.unreachable(provider: .geoapify, reason: "host not found")
        let primary = POIsWorkerStub([.failure(failure)])
        let fallback = POIsWorkerStub([.success(page(.snapshot))])
        let sut = FallbackPOIsWorker(primary: primary, fallback: fallback)
        let center = try XCTUnwrap(center)

        // When
        let first = try await sut.nearbyPOIs(near: center, radiusMeters: 500, category: .cafe, page: 0)
        let second = try await sut.nearbyPOIs(near: center, radiusMeters: 500, category: .cafe, page: 1)

        // Then
        XCTAssertEqual(first.source, .live(provider: .snapshot))
        XCTAssertEqual(second.source, .live(provider: .snapshot))
        let reason = await sut.fallbackReason
        XCTAssertEqual(reason, failure)
        let primaryPages = await primary.pagesAsked
        XCTAssertEqual(primaryPages, [0])
    }

    func testAFailureOnALaterPageIsReportedNotMixed() async throws {
        // Given
        let failure = SourceError.rateLimited(provider: .geoapify, retryAfterSeconds: 10)
        let primary = POIsWorkerStub([.success(page(.geoapify)), .failure(failure)])
        let fallback = POIsWorkerStub([.success(page(.snapshot))])
        let sut = FallbackPOIsWorker(primary: primary, fallback: fallback)
        let center = try XCTUnwrap(center)

        // When
        let first = try await sut.nearbyPOIs(near: center, radiusMeters: 500, category: nil, page: 0)

        // Then
        XCTAssertEqual(first.source, .live(provider: .geoapify))
        await assertThrows(try await sut.nearbyPOIs(near: center, radiusMeters: 500, category: nil, page: 1), failure)
        let fallbackPages = await fallback.pagesAsked
        XCTAssertTrue(fallbackPages.isEmpty)
    }

    func testRetryPrimaryGoesBackToTheLiveSource() async throws {
        // Given
        let primary = POIsWorkerStub([.failure(.notFound(provider: .overpass)), .success(page(.overpass))])
        let fallback = POIsWorkerStub([.success(page(.snapshot))])
        let sut = FallbackPOIsWorker(primary: primary, fallback: fallback)
        let center = try XCTUnwrap(center)
        _ = try await sut.nearbyPOIs(near: center, radiusMeters: 500, category: nil, page: 0)

        // When
        await sut.retryPrimary()
        let again = try await sut.nearbyPOIs(near: center, radiusMeters: 500, category: nil, page: 0)

        // Then
        XCTAssertEqual(again.source, .live(provider: .overpass))
        let reason = await sut.fallbackReason
        XCTAssertNil(reason)
    }

    func testCitySearchAnswersFromTheFallbackWhenTheLiveSourceFails() async throws {
        // Given
        let sut = FallbackCitySearch(
            primary: CitySearchStub(result: .failure(.httpStatus(provider: .geoapify, status: 401, message: "unauthorised (check the API key)"))),
            fallback: CitySearch()
        )

        // When
        let cities = try await sut.searchCities(matching: "Istanbul", limit: 1)

        // Then
        XCTAssertEqual(cities.first?.countryCode, "TR")
    }

    func testCitySearchFromTheFallbackCarriesTheLiveSourcesFailure() async throws {
        // Given a refusing geocoder (case C31)
        let refusal = SourceError.httpStatus(provider: .nominatim, status: 403, message: "forbidden")
        let sut = FallbackCitySearch(primary: CitySearchStub(result: .failure(refusal)), fallback: CitySearch())

        // When the offline list answers, or answers nothing
        let found = try await sut.searchCitiesReportingFallback(matching: "Istanbul", limit: 1)
        let none = try await sut.searchCitiesReportingFallback(matching: "Qwertyville", limit: 1)

        // Then both carry the refusal, so that neither is told as "no such city"
        XCTAssertEqual(found.cities.first?.countryCode, "TR")
        XCTAssertEqual(found.fallbackReason, refusal)
        XCTAssertEqual(none.cities, [])
        XCTAssertEqual(none.fallbackReason, refusal)
    }

    // MARK: Category table

    func testEveryCategoryHasAGeoapifyKeyAndAnOSMTag() {
        for row in POICategoryTable.rows {
            XCTAssertFalse(row.geoapify.isEmpty, "\(row.category)")
            XCTAssertFalse(row.osmTags.isEmpty, "\(row.category)")
        }
        XCTAssertEqual(POICategoryTable.rows.map(\.category), POICategory.allCases)
        XCTAssertEqual(POICategoryTable.geoapifyParameter(for: .cafe), "catering.cafe")
        XCTAssertEqual(POICategoryTable.osmTags(for: .hostel).map(\.description), ["tourism=hostel"])
    }

    func testGeoapifySubKeysCountAsTheirParentCategory() {
        XCTAssertEqual(POICategoryTable.categories(forGeoapify: ["catering", "catering.cafe.coffee_shop", "wheelchair.yes"]), [.cafe])
        XCTAssertEqual(POICategoryTable.categories(forGeoapify: ["catering.cafeteria"]), [])
        XCTAssertEqual(POICategoryTable.categories(forGeoapify: ["catering.pub", "catering.restaurant"]), [.pub, .restaurant])
    }

    func testOSMTagsWithSeveralValuesGiveEachCategory() {
        XCTAssertEqual(POICategoryTable.categories(forOSMTags: ["amenity": "cafe;bar"]), [.cafe, .bar])
        XCTAssertEqual(POICategoryTable.categories(forOSMTags: ["amenity": "pub", "tourism": "hostel"]), [.pub, .hostel])
        XCTAssertEqual(POICategoryTable.categories(forOSMTags: ["amenity": "post_box"]), [])
    }
}
