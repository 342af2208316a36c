import Domain
import Workers
import XCTest

@testable import Scenes

@MainActor
final class NearbyPOIsPresenterTests: XCTestCase {
    private typealias NearbyPOI = NearbyPOIs.LoadPOIs.Response.NearbyPOI
    /// The pinned clock: 2025-12-04T12:00:00Z, in Unix seconds.
    private static let now: Int64 = 1_764_849_600

    private func response(
        _ places: [NearbyPOI], center: Coordinate, radius: Double = 2_000, query: String = "", total: Int? = nil,
        hasMore: Bool = false, loading: Bool = false, error: SourceError? = nil, category: POICategory? = nil,
        source: DataSource? = .embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(iso: "2025-12-04")),
        defaultArea: String? = nil
    ) -> NearbyPOIs.LoadPOIs.Response {
        .init(
            places: places, totalCount: total ?? places.count, query: query, center: center, city: nil, defaultAreaName: defaultArea,
            snapshotAreaNames: ["Istanbul", "Lake District", "Paris"], radiusMeters: radius, category: category, source: source,
            fallbackReasons: [], isLoading: loading, isLoadingMore: false, hasMore: hasMore, error: error)
    }

    private func present(_ response: NearbyPOIs.LoadPOIs.Response, units: NearbyPOIs.Units = .metric) -> NearbyPOIs.LoadPOIs.ViewModel? {
        let sut = NearbyPOIsPresenter(units: units, now: { Self.now })
        let spy = NearbyPOIsDisplayLogicSpy()
        sut.viewController = spy
        sut.presentPOIs(response: response)
        return spy.placesViewModels.last
    }

    private func place(_ poi: POI, from center: Coordinate) -> NearbyPOI {
        NearbyPlacesList.place(poi, from: center)
    }

    func testAPlaceOfSeveralKindsIsListedAsTheChosenCategory() throws {
        // Given Sultan's Inn, tagged amenity=restaurant and tourism=hotel
        let center = try Coordinate(latitude: 41.0082, longitude: 28.9784)
        let inn = POI(
            id: "osm:node/1762083460", name: "Sultan’s Inn", categories: [.restaurant, .hotel],
            rawCategories: ["amenity=restaurant", "tourism=hotel"], coordinate: try Coordinate(latitude: 41.0031733, longitude: 28.9745331),
            source: .embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(iso: "2025-12-04")))
        // Then under Hotel it is a hotel, the reason it is listed; with every category its first kind
        XCTAssertEqual(present(response([place(inn, from: center)], center: center, category: .hotel))?.rows.first?.category, "Hotel")
        XCTAssertEqual(present(response([place(inn, from: center)], center: center))?.rows.first?.category, "Restaurant")
    }

    func testDistancesAreMetresUnderAKilometreThenKilometresWithOneDecimal() async {
        XCTAssertEqual(PlaceDistances.distance(95, units: .metric), "95 m")
        XCTAssertEqual(PlaceDistances.distance(999.4, units: .metric), "999 m")
        XCTAssertEqual(PlaceDistances.distance(999.6, units: .metric), "1.0 km")
        XCTAssertEqual(PlaceDistances.distance(1_234, units: .metric), "1.2 km")
        XCTAssertEqual(PlaceDistances.distance(12_400, units: .metric), "12 km")
        XCTAssertEqual(PlaceDistances.distance(-3, units: .metric), "0 m")
    }

    func testImperialDistancesAreFeetUnderATenthOfAMileThenMiles() async {
        XCTAssertEqual(PlaceDistances.distance(1_126, units: .imperial), "0.7 mi")
        XCTAssertEqual(PlaceDistances.distance(95, units: .imperial), "310 ft")
        XCTAssertEqual(PlaceDistances.distance(25_000, units: .imperial), "16 mi")
        XCTAssertEqual(PlaceDistances.radiusLabel(2_000, units: .imperial), "1.2 mi")
    }

    func testTheRadiusLabelDropsATrailingZero() async {
        XCTAssertEqual(PlaceDistances.radiusLabel(2_000, units: .metric), "2 km")
        XCTAssertEqual(PlaceDistances.radiusLabel(250, units: .metric), "250 m")
        XCTAssertEqual(PlaceDistances.radiusLabel(25_000, units: .metric), "25 km")
    }

    func testRowsShowTheDistanceAndAnArrowAndLettersForEachOfTheEightBearings() async throws {
        // Given a place 500 m away in each of the eight directions
        let center = try TestPOIs.center()
        let d = 500 / 2.0.squareRoot()
        let spots = [
            try TestPOIs.north(500), try TestPOIs.east(d, of: try TestPOIs.north(d)), try TestPOIs.east(500),
            try TestPOIs.east(d, of: try TestPOIs.north(-d)), try TestPOIs.north(-500),
            try TestPOIs.east(-d, of: try TestPOIs.north(-d)), try TestPOIs.east(-500), try TestPOIs.east(-d, of: try TestPOIs.north(d))
        ]
        let places = spots.enumerated().map { place(TestPOIs.poi("p\($0.offset)", "P\($0.offset)", at: $0.element), from: center) }
        // When
        let rows = present(response(places, center: center))?.rows ?? []
        // Then
        XCTAssertEqual(rows.map(\.arrow), ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"])
        XCTAssertEqual(rows.map(\.compass), ["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
        XCTAssertEqual(Set(rows.map(\.distance)), ["500 m"])
    }

    func testAPOIAtTheCentreHasNoDirection() async throws {
        let center = try TestPOIs.center()
        let row = present(response([place(TestPOIs.poi("here", "Here", at: center), from: center)], center: center))?.rows.first
        XCTAssertEqual(row?.distance, "0 m")
        XCTAssertEqual(row?.arrow, "·")
    }

    func testAnUnnamedPOIShowsItsCategoryAndStreetNeverABlank() async throws {
        // Given unnamed places: with a street, without one, without a category, and a name
        // that would draw as nothing (zero-width space and a bidi mark)
        let center = try TestPOIs.center()
        let spot = try TestPOIs.north(120)
        let pois = [
            TestPOIs.poi("a", nil, at: spot, address: ["Divan Yolu Caddesi", "34122 Fatih"]),
            TestPOIs.poi("b", "   ", at: spot),
            POI(id: "c", name: nil, coordinate: spot, addressLines: ["Alemdar Caddesi"], source: .live(provider: .geoapify)),
            POI(id: "d", name: nil, coordinate: spot, source: .live(provider: .geoapify)),
            TestPOIs.poi("e", "\u{200B}\u{200F}", at: spot, categories: [.pharmacy]),
            POI(id: "f", name: nil, rawCategories: ["catering.coffee_shop"], coordinate: spot, source: .live(provider: .geoapify))
        ]
        // When
        let rows = present(response(pois.map { place($0, from: center) }, center: center))?.rows ?? []
        // Then
        XCTAssertEqual(
            rows.map(\.name),
            [
                "Café, Divan Yolu Caddesi", "Café (no name)", "Unnamed place, Alemdar Caddesi", "Unnamed place", "Pharmacy (no name)", "Coffee shop (no name)"
            ])
        XCTAssertTrue(rows.allSatisfy(\.nameIsPlaceholder))
        XCTAssertEqual(rows.map(\.category), ["Café", "Café", "—", "—", "Pharmacy", "Coffee shop"])
    }

    func testTheSummarySourceAndCreditSayWhereHowFarAndWhoseDataItIs() async throws {
        let center = try TestPOIs.center()
        let vm = present(response([place(TestPOIs.poi("a", "A", at: try TestPOIs.north(95)), from: center)], center: center, total: 20, hasMore: true))
        XCTAssertEqual(vm?.summary, "Near 41.0172,28.9699 · within 2 km · 20+ places")
        XCTAssertEqual(vm?.title, "Places near 41.0172,28.9699")
        XCTAssertEqual(vm?.sourceLabel, "offline snapshot 2025-12-04")
        XCTAssertEqual(vm?.sourceShortLabel, "offline snapshot")
        XCTAssertEqual(vm?.attribution, "© OpenStreetMap contributors")
        XCTAssertEqual(vm?.attributionASCII, "(c) OpenStreetMap contributors")
        XCTAssertEqual(vm?.centerLabel, "41.0172,28.9699")
        XCTAssertEqual(vm?.rows.first?.distance, "95 m")
        let geoapify = present(response([], center: center, source: .live(provider: .geoapify)))
        XCTAssertEqual(geoapify?.attribution, "Powered by Geoapify · © OpenStreetMap contributors")
        let fallback = present(response([], center: center, defaultArea: "Istanbul"))
        XCTAssertEqual(fallback?.summary, "No location given: Istanbul (snapshot area) · within 2 km · 0 places")
    }

    func testWithOpenNowOnlyTheCountSaysHowManyOfThePOIsAreListed() async throws {
        // Given 8 places found, 2 of them open now and listed
        let center = try TestPOIs.center()
        let open = [
            place(TestPOIs.poi("a", "A", at: try TestPOIs.north(95)), from: center),
            place(TestPOIs.poi("b", "B", at: try TestPOIs.north(195)), from: center)
        ]
        var filtered = response(open, center: center, total: 8)
        filtered.openNowOnly = true
        filtered.hiddenByOpenNow = 6
        // Then the summary counts what is listed, not every place found
        XCTAssertEqual(present(filtered)?.summary, "Open now only · Near 41.0172,28.9699 · within 2 km · 2 of 8 places open now")
        // And with a name filter as well
        var named = response(Array(open.prefix(1)), center: center, query: "a", total: 8)
        named.openNowOnly = true
        XCTAssertEqual(present(named)?.summary, "Open now only · Near 41.0172,28.9699 · within 2 km · 1 of 8 places open now")
    }

    func testEmptyLoadingAndFailedListsSayWhatIsGoingOn() async throws {
        let center = try TestPOIs.center()
        XCTAssertEqual(present(response([], center: center, loading: true, source: nil))?.emptyMessage, "Looking for places within 2 km…")
        XCTAssertEqual(
            present(response([], center: center, error: .unreachable(provider: .overpass, reason: "timed out")))?.emptyMessage,
            "Overpass is unreachable (timed out). Press r to retry.")
        XCTAssertEqual(present(response([], center: center, query: "zzz", total: 5))?.emptyMessage, "No place matches “zzz”.")
        let empty = present(response([], center: center, category: .pub))?.emptyMessage ?? ""
        XCTAssertTrue(empty.hasPrefix("No pub places within 2 km. The offline snapshot holds only places in Istanbul, Lake District and Paris."), empty)
    }

    func testTheEmptyMessageOffersPlusOnlyBelowTheWidestRadiusAndNoKeysWithoutHints() async throws {
        let center = try TestPOIs.center()
        let narrow = present(response([], center: center, radius: 10_000, source: .live(provider: .overpass)))?.emptyMessage
        XCTAssertEqual(narrow, "No places within 10 km. Press + to widen the search, c to change the category, or L to choose a city.")
        let widest = present(response([], center: center, radius: 25_000, source: .live(provider: .overpass)))?.emptyMessage
        XCTAssertEqual(widest, "No places within 25 km. Press c to change the category, or L to choose a city.")
        let plain = NearbyPOIsPresenter.viewModel(for: response([], center: center, source: .live(provider: .overpass)), units: .metric, now: Self.now, keyHints: false)
        XCTAssertEqual(plain.emptyMessage, "No places within 2 km.")
        let failed = NearbyPOIsPresenter.viewModel(
            for: response([], center: center, error: .unreachable(provider: .overpass, reason: "timed out")),
            units: .metric, now: Self.now, keyHints: false)
        XCTAssertEqual(failed.emptyMessage, "Overpass is unreachable (timed out).")
    }

    func testOfflinePlusIsOfferedOnlyWhenAWiderSearchReachesARecordedArea() throws {
        // Given the snapshot's Istanbul area (10 km around its centre) and an empty answer
        let snapshot = DataSource.embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(iso: "2025-12-04"))
        let istanbul = POIArea(
            id: "istanbul", name: "Istanbul", center: try Coordinate(latitude: 41.0082, longitude: 28.9784), radiusMeters: 10_000,
            categories: [.restaurant, .cafe], placeCount: 500, source: snapshot)
        func message(at center: Coordinate, radius: Double) -> String {
            var r = response([], center: center, radius: radius, source: snapshot)
            r.snapshotAreas = [istanbul]
            return present(r)?.emptyMessage ?? ""
        }
        // In Lyon, 2,000 km away, no radius reaches it: + is not offered
        let lyon = message(at: try Coordinate(latitude: 45.764, longitude: 4.8357), radius: 2_000)
        XCTAssertFalse(lyon.contains("Press +"), lyon)
        XCTAssertTrue(lyon.contains("Press c to change the category, or L to choose a city."), lyon)
        // 15 km from Istanbul's centre, a wider search reaches the area: + is offered
        let near = message(at: try Coordinate(latitude: 41.143, longitude: 28.9784), radius: 2_000)
        XCTAssertTrue(near.contains("Press + to widen the search"), near)
    }

    func testTheRadiusLimitSaysTheWidestOrNarrowestSearchInTheUnitsShown() async {
        let sut = NearbyPOIsPresenter(units: .metric, now: { Self.now })
        let spy = NearbyPOIsDisplayLogicSpy()
        sut.viewController = spy
        sut.presentRadiusLimit(response: .init(radiusMeters: 25_000, wider: true))
        sut.presentRadiusLimit(response: .init(radiusMeters: 250, wider: false))
        XCTAssertEqual(spy.radiusLimitViewModels.map(\.message), ["25 km is the widest search", "250 m is the narrowest search"])
        XCTAssertEqual(NearbyPOIsPresenter.viewModel(for: .init(radiusMeters: 25_000, wider: true), units: .imperial).message, "16 mi is the widest search")
    }

    func testTheShortCreditIsOSMForNarrowStatusBars() async throws {
        let center = try TestPOIs.center()
        let vm = present(response([], center: center))
        XCTAssertEqual(vm?.attributionShort, "© OSM")
        XCTAssertEqual(vm?.attributionShortASCII, "(c) OSM")
        XCTAssertEqual(present(response([], center: center, source: .live(provider: .geoapify)))?.attributionShort, "Powered by Geoapify · © OSM")
    }

    func testMapPointsAreTheEquirectangularOffsetInRadii() async throws {
        // Given places 1 km north and 500 m west of the centre, searched within 2 km
        let center = try TestPOIs.center()
        let pois = [TestPOIs.poi("n", "N", at: try TestPOIs.north(1_000)), TestPOIs.poi("w", "W", at: try TestPOIs.east(-500))]
        // When
        let points = present(response(pois.map { place($0, from: center) }, center: center))?.mapPoints ?? []
        // Then
        XCTAssertEqual(points.map(\.id), ["n", "w"])
        XCTAssertEqual(points[0].north, 0.5, accuracy: 1e-6)
        XCTAssertEqual(points[0].east, 0, accuracy: 1e-6)
        XCTAssertEqual(points[1].east, -0.25, accuracy: 1e-6)
        XCTAssertEqual(points[1].north, 0, accuracy: 1e-6)
    }

    func testTheCategoryPickerOffersAllCategoriesThenEachOne() async throws {
        let vm = present(response([], center: try TestPOIs.center(), category: .pub))
        XCTAssertEqual(vm?.categoryChoices.first, .init(id: nil, label: "All categories"))
        XCTAssertEqual(vm?.categoryChoices.count, POICategory.allCases.count + 1)
        XCTAssertEqual(vm.map { $0.categoryChoices[$0.currentCategoryIndex].label }, "Pub")
    }

    func testDetailsListAddressHoursPhoneWebsiteCoordinatesAndSourceId() async throws {
        let center = try TestPOIs.center()
        let poi = TestPOIs.poi(
            "osm:node/1651645640", "Ege Rum Meyhanesi", at: try TestPOIs.east(853), distance: 853,
            categories: [.restaurant], address: ["Kennedy Caddesi 12", "34122 Fatih"], hours: "Mo-Su 12:00-24:00",
            phone: "+90 212 555 01 01", website: "https://example.org")
        let sut = NearbyPOIsPresenter(now: { Self.now })
        let spy = NearbyPOIsDisplayLogicSpy()
        sut.viewController = spy
        // When
        sut.presentPOIDetails(response: .init(place: place(poi, from: center)))
        // Then
        let vm = try XCTUnwrap(spy.detailViewModels.last)
        XCTAssertEqual(vm.title, "Ege Rum Meyhanesi")
        XCTAssertEqual(vm.subtitle, "Restaurant · 853 m E")
        let facts = Dictionary(uniqueKeysWithValues: vm.facts.map { ($0.label, $0.value) })
        XCTAssertEqual(facts["Address"], "Kennedy Caddesi 12, 34122 Fatih")
        XCTAssertEqual(facts["Opening hours"], "Mo-Su 12:00-24:00")
        XCTAssertEqual(facts["Phone"], "+90 212 555 01 01")
        XCTAssertEqual(facts["Website"], "https://example.org")
        XCTAssertEqual(facts["Coordinates"], "41.01720,28.98007", "LAT,LON as --near reads it")
        XCTAssertEqual(facts["Source id"], "osm:node/1651645640")
        XCTAssertEqual(facts["Direction"], "East")
        let bare = TestPOIs.poi("x", nil, at: center)
        sut.presentPOIDetails(response: .init(place: place(bare, from: center)))
        let bareFacts = Dictionary(uniqueKeysWithValues: (spy.detailViewModels.last?.facts ?? []).map { ($0.label, $0.value) })
        XCTAssertEqual(bareFacts["Phone"], "—")
        XCTAssertEqual(bareFacts["Address"], "—")
        XCTAssertEqual(spy.detailViewModels.last?.title, "Café (no name)")
    }

    func testCitiesShowRegionCountryAndPopulationAndTheOnlineRowWhenAGeocoderExists() async throws {
        let springfield = TestPOIs.city("geonames:4409896", "Springfield", admin: "MO", at: try TestPOIs.center(), population: 170_188)
        let istanbul = TestPOIs.city("geonames:745044", "Istanbul", admin: "34", country: "Turkey", at: try TestPOIs.center(), population: 15_701_602)
        let sut = NearbyPOIsPresenter(now: { Self.now })
        let spy = NearbyPOIsDisplayLogicSpy()
        sut.viewController = spy
        sut.presentCities(
            response: .init(
                query: "Spr", cities: [springfield, istanbul], isSearching: false, searchedOnline: false,
                onlineProvider: "Nominatim", ambiguousName: nil, error: nil))
        let vm = try XCTUnwrap(spy.citiesViewModels.last)
        XCTAssertEqual(vm.rows.map(\.detail), ["MO, United States · pop. 170,188", "Turkey · pop. 15,701,602"])
        XCTAssertEqual(vm.onlineLabel, "Search Nominatim for “Spr”")
        XCTAssertEqual(vm.title, "Find a city")
        sut.presentCities(
            response: .init(
                query: "Springfield", cities: [springfield], isSearching: false, searchedOnline: false,
                onlineProvider: nil, ambiguousName: "Springfield", error: nil))
        XCTAssertEqual(spy.citiesViewModels.last?.title, "Several cities match “Springfield”: choose one")
        XCTAssertEqual(spy.citiesViewModels.last?.opensByItself, true)
        XCTAssertNil(spy.citiesViewModels.last?.onlineLabel)
    }

    func testOnTheSnapshotAloneANameWithNoCitySaysOnlineSearchIsOffAndHowToTurnItOn() throws {
        // Given `--source snapshot`: no geocoder to ask
        let sut = NearbyPOIsPresenter(now: { Self.now })
        let spy = NearbyPOIsDisplayLogicSpy()
        sut.viewController = spy
        sut.presentCities(
            response: .init(
                query: "Qwertyville", cities: [], isSearching: false, searchedOnline: false,
                onlineProvider: nil, ambiguousName: nil, error: nil))
        // Then the message says why Enter finds nothing more, and how to search online
        let vm = try XCTUnwrap(spy.citiesViewModels.last)
        XCTAssertNil(vm.onlineLabel)
        XCTAssertEqual(
            vm.message,
            "No city starts with “Qwertyville” in the offline list (cities of 15,000 people or more). "
                + "Online search is off on the offline snapshot: start with --source auto or osm to search online.")
        // And with a geocoder, the online row is offered instead
        sut.presentCities(
            response: .init(
                query: "Qwertyville", cities: [], isSearching: false, searchedOnline: false,
                onlineProvider: "Nominatim", ambiguousName: nil, error: nil))
        XCTAssertEqual(spy.citiesViewModels.last?.onlineLabel, "Search Nominatim for “Qwertyville”")
        XCTAssertFalse(spy.citiesViewModels.last?.message?.contains("Online search is off") ?? true)
    }

    func testARefusalARateLimitAFailureAndAnEmptyAnswerAreFourDifferentCityMessages() throws {
        // Case C31: only an answer with no city says that none was found
        let sut = NearbyPOIsPresenter(now: { Self.now })
        let spy = NearbyPOIsDisplayLogicSpy()
        sut.viewController = spy
        let istanbul = TestPOIs.city("geonames:745044", "Istanbul", admin: "34", country: "Turkey", at: try TestPOIs.center(), population: 15_701_602)
        func message(_ error: SourceError?, cities: [City] = []) -> String? {
            sut.presentCities(
                response: .init(
                    query: "Qwertyville", cities: cities, isSearching: false, searchedOnline: true,
                    onlineProvider: "Nominatim", ambiguousName: nil, error: error))
            return spy.citiesViewModels.last?.message
        }
        let refused = message(.httpStatus(provider: .nominatim, status: 403, message: "forbidden"))
        let limited = message(.rateLimited(provider: .nominatim, retryAfterSeconds: 30))
        let failed = message(.httpStatus(provider: .nominatim, status: 500, message: "server error"))
        let empty = message(nil)
        XCTAssertEqual(refused, "Nominatim answered HTTP 403: forbidden.")
        XCTAssertEqual(limited, "Nominatim is rate limiting (it asks to wait 30 s).")
        XCTAssertEqual(failed, "Nominatim answered HTTP 500: server error.")
        XCTAssertEqual(empty, "Nominatim found no city called “Qwertyville”.")
        XCTAssertEqual(spy.citiesViewModels.last?.messageIsError, false)
        // With offline matches, the refusal is still said
        XCTAssertEqual(
            message(.httpStatus(provider: .nominatim, status: 403, message: "forbidden"), cities: [istanbul]),
            "Nominatim answered HTTP 403: forbidden; these are from the offline list.")
    }

    func testEverySourceGivenUpIsNamedOnTheStatusBarARefusalFirst() throws {
        // Case C32: the reasons as the auto chain gives them, outermost first
        let reasons = ShowFormatting.refusalsFirst([
            .unreachable(provider: .overpass, reason: "connection refused"),
            .httpStatus(provider: .geoapify, status: 401, message: "unauthorised (check the API key)")
        ])
        let vm = NearbyPOIsPresenter.viewModel(
            for: .init(
                places: [], totalCount: 0, query: "", center: try TestPOIs.center(), city: nil, defaultAreaName: "Istanbul",
                snapshotAreaNames: ["Istanbul"], radiusMeters: 2_000, category: nil, source: .embeddedSnapshot(provider: .openStreetMap, capturedOn: nil),
                fallbackReasons: reasons, isLoading: false, isLoadingMore: false, hasMore: false, error: nil
            ), units: .metric, now: Self.now, keyHints: true)
        XCTAssertEqual(vm.statusMessage, "Geoapify key rejected · Overpass unreachable")
        XCTAssertEqual(vm.statusIsError, false)
        // One reason alone is said in full
        XCTAssertEqual(
            ShowFormatting.reasons([.unreachable(provider: .overpass, reason: "connection refused")]),
            "Overpass is unreachable (connection refused)")
    }

    // MARK: Empty answers that say why

    func testPharmacyInIstanbulOnTheSnapshotNamesTheSnapshotsLackNeverPlus() async throws {
        // Given the embedded snapshot's areas, and no pharmacy within 2 km of Istanbul's centre
        let areas = try await SnapshotPOIsWorker().areas()
        let istanbul = try XCTUnwrap(areas.first { $0.name == "Istanbul" })
        XCTAssertFalse(istanbul.categories.contains(.pharmacy))
        var empty = response([], center: istanbul.center, category: .pharmacy, defaultArea: "Istanbul")
        empty.snapshotAreas = areas
        // When
        let message = try XCTUnwrap(present(empty)?.emptyMessage)
        // Then it names the lack, what the area does hold, and never offers +
        XCTAssertTrue(message.hasPrefix("The offline snapshot records no pharmacy places around Istanbul, only "), message)
        XCTAssertTrue(message.contains("restaurants") && message.contains("cafés"), message)
        XCTAssertFalse(message.contains("+"), message)
        XCTAssertFalse(message.contains("widen"), message)
        XCTAssertTrue(message.hasSuffix("Press c to change the category, or L to choose a city."), message)
        // The same without key hints (a pipe).
        XCTAssertEqual(
            NearbyPOIsPresenter.viewModel(for: empty, units: .metric, now: Self.now, keyHints: false).emptyMessage,
            PlacesListFormatter.snapshotLack(empty))
    }

    func testACategoryTheAreaHoldsFartherOutStillOffersPlusAndALiveSourceToo() async throws {
        let areas = try await SnapshotPOIsWorker().areas()
        let istanbul = try XCTUnwrap(areas.first { $0.name == "Istanbul" })
        // Cafés are in the area: a small radius missed them, so + may help.
        var snapshot = response([], center: istanbul.center, radius: 250, category: .cafe)
        snapshot.snapshotAreas = areas
        XCTAssertTrue(present(snapshot)?.emptyMessage?.contains("Press + to widen") ?? false)
        // A live source cannot say what it lacks: the radius may be too small, + helps.
        var live = response([], center: istanbul.center, radius: 500, category: .pharmacy, source: .live(provider: .overpass))
        live.snapshotAreas = areas
        XCTAssertEqual(present(live)?.emptyMessage, "No pharmacy places within 500 m. Press + to widen the search, c to change the category, or L to choose a city.")
        // A failed source says so.
        let failed = response([], center: istanbul.center, error: .unreachable(provider: .overpass, reason: "timed out"))
        XCTAssertTrue(present(failed)?.emptyMessage?.contains("Press r to retry") ?? false)
    }

    // MARK: Open now

    func testOpenNowLabelsSayWhenThePOIClosesOrOpens() throws {
        let now = WeekTime(weekday: .monday, minute: 13 * 60)
        func hours(_ text: String) -> NearbyPOIs.LoadPOIs.Response.Hours {
            let parsed = OpeningHours(text)
            return .init(parsed: parsed, status: parsed?.status(at: now), now: now, timeZone: "Europe/Paris", isViewersZone: false)
        }
        XCTAssertEqual(OpeningHoursText.openNow(hours("Mo-Fr 08:00-18:00")).long, "Open · closes 18:00")
        XCTAssertEqual(OpeningHoursText.openNow(hours("Mo-Fr 08:00-18:00")).short, "Open")
        XCTAssertEqual(OpeningHoursText.openNow(hours("Tu-Sa 08:00-18:00")).long, "Closed · opens Tu 08:00")
        XCTAssertEqual(OpeningHoursText.openNow(hours("Mo 15:00-18:00")).long, "Closed · opens 15:00")
        XCTAssertEqual(OpeningHoursText.openNow(hours("Mo 12:00-02:00")).long, "Open · closes 02:00")
        XCTAssertEqual(OpeningHoursText.openNow(hours("24/7")).long, "Open 24/7")
        XCTAssertEqual(OpeningHoursText.openNow(hours("Mo-Su 12:00+")).long, "Open · no closing time given")
        XCTAssertEqual(OpeningHoursText.openNow(hours("off")).long, "Closed all week")
        XCTAssertEqual(OpeningHoursText.openNow(hours("\"by appointment\"")).short, "?")
        XCTAssertNil(OpeningHoursText.openNow(hours("\"by appointment\"")).isOpen)
        XCTAssertEqual(OpeningHoursText.openNow(nil).short, "—")
        let viewers = NearbyPOIs.LoadPOIs.Response.Hours(parsed: nil, status: nil, now: now, timeZone: "UTC", isViewersZone: true)
        XCTAssertEqual(OpeningHoursText.clockPhrase(viewers), "hours in your time zone (UTC): the place's is not known")
    }
}
