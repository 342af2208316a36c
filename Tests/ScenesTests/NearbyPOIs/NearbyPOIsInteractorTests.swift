import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

@MainActor
final class NearbyPOIsInteractorTests: XCTestCase {
    private func makeSUT(pages: [[POI]], start: NearbyPOIs.Start? = nil, cities: [City] = [], online: [City]? = nil)
        throws -> (NearbyPOIsInteractor, POIsWorkerStub, NearbyPOIsPresentationLogicSpy, CitySearchStub, CitySearchStub?)
    {
        let worker = POIsWorkerStub(pages: pages)
        let offline = CitySearchStub(cities: cities)
        let onlineStub = online.map { CitySearchStub(cities: $0) }
        let sut = NearbyPOIsInteractor(
            start: try start ?? TestPOIs.start(), worker: worker, offlineCities: offline,
            onlineCities: onlineStub, onlineCitiesProvider: onlineStub == nil ? nil : "Nominatim", clock: ImmediateClock(),
            placeClock: FoundationPOIClock(viewer: "UTC"))
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        return (sut, worker, spy, offline, onlineStub)
    }

    func testLoadPOIsPresentsLoadingThenThePOIsNearestFirst() async throws {
        // Given a page that the source sent out of order
        let places = try TestPOIs.row(3)
        let (sut, worker, spy, _, _) = try makeSUT(pages: [places.reversed()])
        // When the scene loads
        let load = sut.loadPOIs(request: .init())
        // Then loading is presented first, then the places nearest first
        XCTAssertEqual(spy.placesResponses.first?.isLoading, true)
        await load.value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        XCTAssertEqual(spy.placesResponses.last?.places.map(\.poi.name), ["Café 1", "Café 2", "Café 3"])
        let searches = await worker.searches
        XCTAssertEqual(searches, [.init(center: try TestPOIs.center(), radiusMeters: 2_000, category: nil, page: 0)])
    }

    func testAMissingDistanceIsComputedFromTheCentreAndSortedIntoPOI() async throws {
        // Given a place 250 m north whose source gave no distance
        let unknown = TestPOIs.poi("osm:node/9", "No distance", at: try TestPOIs.north(250), distance: nil)
        let (sut, _, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(3) + [unknown]])
        // When
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // Then it is 250 m away, between the 200 m and 300 m places, and points north
        let places = try XCTUnwrap(spy.placesResponses.last?.places)
        XCTAssertEqual(places.map(\.poi.name), ["Café 1", "Café 2", "No distance", "Café 3"])
        XCTAssertEqual(places[2].distanceMeters, 250, accuracy: 0.01)
        XCTAssertEqual(places[2].poi.distanceMeters ?? 0, 250, accuracy: 0.01)
        XCTAssertEqual(places[2].bearingDegrees, 0, accuracy: 0.001)
    }

    func testLoadNextPageAsksForTheNextPageAndMergesWithoutDuplicates() async throws {
        // Given two pages that share one place
        let first = try TestPOIs.row(2)
        let second = try TestPOIs.row(2, start: 3) + [first[0]]
        let (sut, worker, spy, _, _) = try makeSUT(pages: [first, second])
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        XCTAssertEqual(spy.placesResponses.last?.hasMore, true)
        // When the next page is asked for twice
        await sut.loadNextPage(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoadingMore, false)
        sut.loadNextPage(request: .init())
        // Then pages 0 and 1 were asked for, merged nearest first, and nothing past the end
        XCTAssertEqual(spy.placesResponses.last?.places.map(\.poi.id), ["osm:node/1", "osm:node/2", "osm:node/3", "osm:node/4"])
        XCTAssertEqual(spy.placesResponses.last?.hasMore, false)
        let pages = await worker.searches.map(\.page)
        XCTAssertEqual(pages, [0, 1])
    }

    func testPlusWidensTheRadiusToTheNextStepAndSearchesAgainKeepingThePOIsMeanwhile() async throws {
        // Given places loaded within 2 km
        let (sut, worker, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(3)])
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // When the radius widens
        let search = sut.changeRadius(request: .init(wider: true))
        // Then the old places stay on screen while 5 km is searched
        XCTAssertEqual(spy.placesResponses.last?.isLoading, true)
        XCTAssertEqual(spy.placesResponses.last?.places.count, 3)
        XCTAssertEqual(spy.placesResponses.last?.radiusMeters, 5_000)
        await search.value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        let radii = await worker.searches.map(\.radiusMeters)
        XCTAssertEqual(radii, [2_000, 5_000])
    }

    func testTheRadiusStopsAt25KilometresAnd250Metres() async throws {
        // Given a search at 10 km
        let (sut, worker, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(1)], start: try TestPOIs.start(radius: 10_000))
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // When it widens three times
        for _ in 0..<3 {
            await sut.changeRadius(request: .init(wider: true)).value
            XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        }
        // Then it stops at 25 km, and narrowing all the way stops at 250 m
        XCTAssertEqual(sut.radiusMeters, 25_000)
        for _ in 0..<10 {
            await sut.changeRadius(request: .init(wider: false)).value
            XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        }
        XCTAssertEqual(sut.radiusMeters, 250)
        let radii = await worker.searches.map(\.radiusMeters)
        XCTAssertEqual(radii, [10_000, 25_000, 10_000, 5_000, 2_000, 1_000, 500, 250])
    }

    func testPlusAtTheWidestAndMinusAtTheNarrowestPresentTheLimitAndDoNotSearch() async throws {
        // Given a search at 25 km
        let (sut, worker, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(1)], start: try TestPOIs.start(radius: 25_000))
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        let presented = spy.placesResponses.count
        // When + is asked for
        sut.changeRadius(request: .init(wider: true))
        // Then the limit is presented, and nothing is searched again
        XCTAssertEqual(spy.radiusLimitResponses, [.init(radiusMeters: 25_000, wider: true)])
        XCTAssertEqual(spy.placesResponses.count, presented)
        let searches = await worker.searches.count
        XCTAssertEqual(searches, 1)
    }

    func testChooseCategorySearchesOnlyThatKindFromTheFirstPage() async throws {
        let (sut, worker, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(2)])
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // When pubs are chosen
        let search = sut.chooseCategory(request: .init(id: POICategory.pub.id))
        // Then the list empties at once and pubs are searched
        XCTAssertEqual(spy.placesResponses.last?.places.count, 0)
        XCTAssertEqual(spy.placesResponses.last?.category, .pub)
        await search.value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        await sut.chooseCategory(request: .init(id: nil)).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        let categories = await worker.searches.map(\.category)
        XCTAssertEqual(categories, [nil, .pub, nil])
    }

    func testTheFilterMatchesNamesIgnoringCaseAndAccentsAndSkipsUnnamedPOIs() async throws {
        let places = [
            TestPOIs.poi("a", "Café Mavra", at: try TestPOIs.north(100), distance: 100),
            TestPOIs.poi("b", "Hamdi", at: try TestPOIs.north(200), distance: 200),
            TestPOIs.poi("c", nil, at: try TestPOIs.north(300), distance: 300, address: ["Cafe Street"]),
            TestPOIs.poi("d", "CAFE Nero", at: try TestPOIs.north(400), distance: 400)
        ]
        let (sut, _, spy, _, _) = try makeSUT(pages: [places])
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // When
        sut.filterPOIs(request: .init(query: "cafe"))
        // Then
        XCTAssertEqual(spy.placesResponses.last?.places.map(\.poi.id), ["a", "d"])
        XCTAssertEqual(spy.placesResponses.last?.totalCount, 4)
        sut.filterPOIs(request: .init(query: ""))
        XCTAssertEqual(spy.placesResponses.last?.places.count, 4)
    }

    func testTheFilterFindsTurkishDotlessIAndOtherLettersWithoutADecomposition() async throws {
        let places = [
            TestPOIs.poi("a", "Kız Kulesi", at: try TestPOIs.north(100), distance: 100),
            TestPOIs.poi("b", "Konyalı Restaurant", at: try TestPOIs.north(200), distance: 200),
            TestPOIs.poi("c", "Smørrebrød Café", at: try TestPOIs.north(300), distance: 300)
        ]
        let (sut, _, spy, _, _) = try makeSUT(pages: [places])
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        for (query, expected) in [("kiz", ["a"]), ("KIZ KULESI", ["a"]), ("konyali", ["b"]), ("smorrebrod", ["c"]), ("ı", ["a", "b"])] {
            sut.filterPOIs(request: .init(query: query))
            XCTAssertEqual(spy.placesResponses.last?.places.map(\.poi.id), expected, query)
        }
    }

    func testShowPOIDetailsPresentsThePOIAndPutsItInTheDataStore() async throws {
        let (sut, _, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(3)])
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // When
        sut.showPOIDetails(request: .init(id: "osm:node/2"))
        // Then
        XCTAssertEqual(sut.selectedPOI?.id, "osm:node/2")
        XCTAssertEqual(spy.detailResponses.last?.place.poi.name, "Café 2")
        XCTAssertEqual(spy.detailResponses.last?.place.distanceMeters ?? 0, 200, accuracy: 0.01)
    }

    func testAFailedSearchReportsTheCauseAndAReloadAsksAgain() async throws {
        let (sut, worker, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(2)])
        await worker.setFailure(.unreachable(provider: .overpass, reason: "timed out"))
        // When
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // Then
        XCTAssertEqual(spy.placesResponses.last?.error, .unreachable(provider: .overpass, reason: "timed out"))
        await worker.setFailure(nil)
        await sut.loadPOIs(request: .init(reload: true)).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        XCTAssertNil(spy.placesResponses.last?.error)
        XCTAssertEqual(spy.placesResponses.last?.places.count, 2)
    }

    func testTypingSearchesTheOfflineCitiesAndEnterAsksTheOnlineGeocoder() async throws {
        let springfield = TestPOIs.city("geonames:1", "Springfield", admin: "MO", at: try TestPOIs.north(0), population: 170_188)
        let (sut, _, spy, offline, online) = try makeSUT(pages: [[]], cities: [springfield], online: [springfield])
        // When the person types
        await sut.searchCities(request: .init(text: "Spri")).value
        XCTAssertEqual(spy.citiesResponses.last?.cities.count, 1)
        // Then the offline list answered, and the live geocoder is on offer
        XCTAssertEqual(spy.citiesResponses.last?.searchedOnline, false)
        XCTAssertEqual(spy.citiesResponses.last?.onlineProvider, "Nominatim")
        let offlineQueries = await offline.queries
        XCTAssertEqual(offlineQueries, ["Spri"])
        // When Enter asks online
        let search = sut.searchCities(request: .init(text: "Springfield", online: true))
        XCTAssertEqual(spy.citiesResponses.last?.isSearching, true)
        await search.value
        XCTAssertEqual(spy.citiesResponses.last?.isSearching, false)
        let onlineQueries = await online?.queries
        XCTAssertEqual(onlineQueries, ["Springfield"])
        XCTAssertEqual(spy.citiesResponses.last?.searchedOnline, true)
    }

    func testChoosingACityMovesTheCentreAndSearchesAgain() async throws {
        let paris = TestPOIs.city("geonames:2988507", "Paris", country: "France", at: try Coordinate(latitude: 48.85341, longitude: 2.3488), population: 2_138_551)
        let (sut, worker, spy, _, _) = try makeSUT(pages: [try TestPOIs.row(1)], cities: [paris])
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        await sut.searchCities(request: .init(text: "par")).value
        XCTAssertEqual(spy.citiesResponses.last?.cities.count, 1)
        // When
        await sut.chooseCity(request: .init(id: "geonames:2988507")).value
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        // Then
        XCTAssertEqual(sut.center, paris.coordinate)
        XCTAssertEqual(spy.placesResponses.last?.city?.name, "Paris")
        let centres = await worker.searches.map(\.center)
        XCTAssertEqual(centres.last, paris.coordinate)
    }

    func testAnAmbiguousCityOffersItsNamesakesOnTheFirstLoad() async throws {
        // Given two Springfields from --city, the most populous searched meanwhile
        let missouri = TestPOIs.city("geonames:4409896", "Springfield", admin: "MO", at: try Coordinate(latitude: 37.21533, longitude: -93.29824), population: 170_188)
        let illinois = TestPOIs.city("geonames:4250542", "Springfield", admin: "IL", at: try Coordinate(latitude: 39.80172, longitude: -89.64371), population: 114_394)
        let start = NearbyPOIs.Start(center: missouri.coordinate, city: missouri, ambiguousCityName: "Springfield", cityCandidates: [missouri, illinois])
        let (sut, _, spy, _, _) = try makeSUT(pages: [[]], start: start)
        // When
        sut.loadPOIs(request: .init())
        // Then the picker gets both, most populous first
        XCTAssertEqual(spy.citiesResponses.first?.ambiguousName, "Springfield")
        XCTAssertEqual(spy.citiesResponses.first?.cities.map(\.adminArea), ["MO", "IL"])
        sut.chooseCity(request: .init(id: "geonames:4250542"))
        XCTAssertEqual(sut.center, illinois.coordinate)
    }

    func testHoursAreReadInThePOIsZoneAndOKeepsOnlyThoseOpenNow() async throws {
        // Given Monday 1 December 2025 at 10:00 UTC (13:00 in Istanbul, 05:00 in New York)
        let worker = POIsWorkerStub(pages: [
            [
                TestPOIs.poi("a", "Lunch", at: try TestPOIs.north(100), distance: 100, hours: "Mo 12:00-15:00"),
                TestPOIs.poi("b", "Breakfast", at: try TestPOIs.north(200), distance: 200, hours: "Mo 04:00-06:00")
            ]
        ])
        let sut = NearbyPOIsInteractor(
            start: try TestPOIs.start(), worker: worker, offlineCities: CitySearchStub(cities: []),
            now: { Date(timeIntervalSince1970: 1_764_583_200) },
            placeClock: FoundationPOIClock(viewer: "America/New_York"))
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.places.count, 2)
        // Then each is read at 13:00 Istanbul time, not the viewer's 05:00
        let places = try XCTUnwrap(spy.placesResponses.last?.places)
        XCTAssertEqual(places[0].hours?.timeZone, "Europe/Istanbul")
        XCTAssertEqual(places[0].hours?.isViewersZone, false)
        XCTAssertEqual(places[0].hours?.now, WeekTime(weekday: .monday, minute: 13 * 60))
        XCTAssertEqual(places[0].hours?.status, .open(closes: WeekTime(weekday: .monday, minute: 15 * 60)))
        XCTAssertEqual(places[1].hours?.status, .closed(opens: WeekTime(weekday: .monday, minute: 10_080 - 1_440 * 7 + 4 * 60)))
        // When o is pressed, only the open one is left, and the count hidden is said
        sut.toggleOpenNow(request: .init())
        XCTAssertEqual(spy.placesResponses.last?.places.map(\.poi.id), ["a"])
        XCTAssertEqual(spy.placesResponses.last?.openNowOnly, true)
        XCTAssertEqual(spy.placesResponses.last?.hiddenByOpenNow, 1)
        sut.toggleOpenNow(request: .init())
        XCTAssertEqual(spy.placesResponses.last?.places.count, 2)
    }

    func testAPOIOutsideTheKnownCountriesIsReadOnTheViewersClockAndSaysSo() async throws {
        let newYork = try Coordinate(latitude: 40.7128, longitude: -74.0060)
        let worker = POIsWorkerStub(pages: [[TestPOIs.poi("a", "Diner", at: newYork, distance: 10, hours: "Mo 04:00-06:00")]])
        let sut = NearbyPOIsInteractor(
            start: NearbyPOIs.Start(center: newYork), worker: worker, offlineCities: CitySearchStub(cities: []),
            now: { Date(timeIntervalSince1970: 1_764_583_200) },
            placeClock: FoundationPOIClock(viewer: "America/New_York"))
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadPOIs(request: .init()).value
        XCTAssertEqual(spy.placesResponses.last?.places.count, 1)
        let hours = try XCTUnwrap(spy.placesResponses.last?.places.first?.hours)
        XCTAssertTrue(hours.isViewersZone)
        XCTAssertEqual(hours.timeZone, "America/New_York")
        XCTAssertEqual(hours.status, .open(closes: WeekTime(weekday: .monday, minute: 6 * 60)))
    }
}
