import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

/// A places Worker stub that serves fixed pages and records every search it was asked for.
actor POIsWorkerStub: POIsWorking {
    /// One search as asked.
    struct Search: Equatable {
        let center: Coordinate
        let radiusMeters: Double
        let category: POICategory?
        let page: Int
    }

    var pages: [[POI]]
    var failure: SourceError?
    var source: DataSource = .live(provider: .overpass)
    private(set) var searches: [Search] = []

    init(pages: [[POI]], failure: SourceError? = nil) {
        self.pages = pages
        self.failure = failure
    }

    func setFailure(_ failure: SourceError?) { self.failure = failure }
    func setPages(_ pages: [[POI]]) { self.pages = pages }
    func setSource(_ source: DataSource) { self.source = source }

    func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        searches.append(Search(center: center, radiusMeters: radiusMeters, category: category, page: page))
        if let failure { throw failure }
        let items = page < pages.count ? pages[page] : []
        return PagedResult(items: items, page: page, hasMore: page + 1 < pages.count, source: source)
    }
}

/// A city search stub: cities whose name starts with the text, recording each text asked.
actor CitySearchStub: CitySearching {
    let cities: [City]
    private(set) var queries: [String] = []

    init(cities: [City]) {
        self.cities = cities
    }

    func searchCities(matching text: String, limit: Int) async throws -> [City] {
        queries.append(text)
        return Array(cities.filter { $0.name.lowercased().hasPrefix(text.lowercased()) }.prefix(limit))
    }
}

@MainActor
final class NearbyPOIsPresentationLogicSpy: NearbyPOIsPresentationLogic {
    private(set) var placesResponses: [NearbyPOIs.LoadPOIs.Response] = []
    private(set) var citiesResponses: [NearbyPOIs.SearchCities.Response] = []
    private(set) var detailResponses: [NearbyPOIs.ShowPOIDetails.Response] = []
    private(set) var radiusLimitResponses: [NearbyPOIs.ChangeRadius.Response] = []
    func presentPOIs(response: NearbyPOIs.LoadPOIs.Response) { placesResponses.append(response) }
    func presentRadiusLimit(response: NearbyPOIs.ChangeRadius.Response) { radiusLimitResponses.append(response) }
    func presentCities(response: NearbyPOIs.SearchCities.Response) { citiesResponses.append(response) }
    func presentPOIDetails(response: NearbyPOIs.ShowPOIDetails.Response) { detailResponses.append(response) }
    private(set) var streetsResponses: [NearbyPOIs.LoadStreets.Response] = []
    func presentStreets(response: NearbyPOIs.LoadStreets.Response) { streetsResponses.append(response) }
}

@MainActor
final class NearbyPOIsDisplayLogicSpy: NearbyPOIsDisplayLogic {
    private(set) var placesViewModels: [NearbyPOIs.LoadPOIs.ViewModel] = []
    private(set) var citiesViewModels: [NearbyPOIs.SearchCities.ViewModel] = []
    private(set) var detailViewModels: [NearbyPOIs.ShowPOIDetails.ViewModel] = []
    private(set) var radiusLimitViewModels: [NearbyPOIs.ChangeRadius.ViewModel] = []
    func displayPOIs(viewModel: NearbyPOIs.LoadPOIs.ViewModel) { placesViewModels.append(viewModel) }
    func displayRadiusLimit(viewModel: NearbyPOIs.ChangeRadius.ViewModel) { radiusLimitViewModels.append(viewModel) }
    func displayCities(viewModel: NearbyPOIs.SearchCities.ViewModel) { citiesViewModels.append(viewModel) }
    func displayPOIDetails(viewModel: NearbyPOIs.ShowPOIDetails.ViewModel) { detailViewModels.append(viewModel) }
    private(set) var streetsViewModels: [NearbyPOIs.LoadStreets.ViewModel] = []
    func displayStreets(viewModel: NearbyPOIs.LoadStreets.ViewModel) { streetsViewModels.append(viewModel) }
}

/// Test geometry around the Hagia Sophia square in Istanbul.
enum TestPOIs {
    /// The centre used by the tests: 41.0172, 28.9699.
    static func center() throws -> Coordinate {
        try Coordinate(latitude: 41.0172, longitude: 28.9699)
    }

    /// A point `meters` due north (negative: south) of a point (the centre by default).
    static func north(_ meters: Double, of origin: Coordinate? = nil) throws -> Coordinate {
        let origin = try origin ?? center()
        return try Coordinate(latitude: origin.latitude + meters / Geo.meanEarthRadiusMeters * 180 / Double.pi, longitude: origin.longitude)
    }

    /// A point `meters` due east (negative: west) of a point (the centre by default).
    static func east(_ meters: Double, of origin: Coordinate? = nil) throws -> Coordinate {
        let origin = try origin ?? center()
        let degrees = meters / (Geo.meanEarthRadiusMeters * cos(origin.latitude * Double.pi / 180)) * 180 / Double.pi
        return try Coordinate(latitude: origin.latitude, longitude: origin.longitude + degrees)
    }

    /// A place for tests.
    static func poi(
        _ id: String, _ name: String?, at coordinate: Coordinate, distance: Double? = nil,
        categories: [POICategory] = [.cafe], address: [String] = [], hours: String? = nil,
        phone: String? = nil, website: String? = nil
    ) -> POI {
        POI(
            id: id, name: name, categories: categories, rawCategories: categories.map { "amenity=\($0.rawValue)" },
            coordinate: coordinate, addressLines: address, distanceMeters: distance, openingHours: hours,
            phone: phone, website: website, source: .live(provider: .overpass))
    }

    /// `count` named cafés due north, `spacing` metres apart starting at `start × spacing`,
    /// with their distances.
    static func row(_ count: Int, start: Int = 1, spacing: Double = 100) throws -> [POI] {
        try (start..<(start + count)).map { i in
            poi("osm:node/\(i)", "Café \(i)", at: try north(Double(i) * spacing), distance: Double(i) * spacing)
        }
    }

    /// A city for tests.
    static func city(
        _ id: String, _ name: String, admin: String? = nil, country: String = "United States",
        at coordinate: Coordinate, population: Int
    ) -> City {
        City(
            id: id, name: name, countryName: country, countryCode: nil, adminArea: admin, coordinate: coordinate,
            population: population, source: .embeddedSnapshot(provider: .geoNames, capturedOn: nil))
    }

    /// A start at the test centre.
    static func start(radius: Double = 2_000, category: POICategory? = nil) throws -> NearbyPOIs.Start {
        NearbyPOIs.Start(center: try center(), radiusMeters: radius, category: category)
    }
}

/// A streets Worker stub: a fixed map (or failure), recording every request it was asked and
/// how many places responses the presenter had then (to show the order).
actor StreetsWorkerStub: StreetsWorking {
    /// One request as asked.
    struct Asked: Equatable {
        let center: Coordinate
        let radiusMeters: Double
    }

    var ways: [StreetWay]
    var failure: SourceError?
    /// Where each answer waits until the test opens it; nil answers at once.
    let gate: Gate?
    private(set) var asked: [Asked] = []

    init(ways: [StreetWay], failure: SourceError? = nil, gate: Gate? = nil) {
        self.ways = ways
        self.failure = failure
        self.gate = gate
    }

    func streets(near center: Coordinate, radiusMeters: Double) async throws -> StreetMap {
        asked.append(Asked(center: center, radiusMeters: radiusMeters))
        if let gate { await gate.pass() }
        if let failure { throw failure }
        return StreetMap(center: center, radiusMeters: radiusMeters, ways: ways, source: .live(provider: .overpass))
    }
}
