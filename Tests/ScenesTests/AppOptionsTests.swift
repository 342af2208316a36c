import Domain
import Foundation
@testable import Scenes
import Workers
import XCTest

/// The command line: commands, the places options, and the messages for bad input.
final class AppOptionsTests: XCTestCase {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> AppOptions {
        try AppOptions.parse(arguments, environment: environment)
    }

    private func usageError(_ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try parse(arguments, environment: environment)
            XCTFail("\(arguments) was accepted", file: file, line: line)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return nil
        }
    }

    func testNoCacheIsAFlagWithoutAValue() throws {
        XCTAssertFalse(try parse([]).noCache)
        XCTAssertTrue(try parse(["--no-cache"]).noCache)
        XCTAssertTrue(try parse(["places", "--no-cache"]).noCache)
        XCTAssertEqual(usageError(["--no-cache=yes"]), "--no-cache takes no value")
    }

    func testNoCommandAndShowsStartInTheShowsSection() throws {
        XCTAssertEqual(try parse([]).section, .shows)
        XCTAssertEqual(try parse(["shows", "--source", "snapshot"]).section, .shows)
        XCTAssertEqual(try parse(["shows", "--source", "snapshot"]).source, .snapshot)
    }

    func testPlacesStartsInThePlacesSectionWithItsOptions() throws {
        // When
        let sut = try parse(["places", "--near", "41.0172,28.9699", "--radius", "500", "--category", "Café", "--units", "imperial"])
        // Then
        XCTAssertEqual(sut.section, .places)
        XCTAssertEqual(sut.near, try Coordinate(latitude: 41.0172, longitude: 28.9699))
        XCTAssertEqual(sut.radiusMeters, 500)
        XCTAssertEqual(sut.category, .cafe)
        XCTAssertEqual(sut.units, .imperial)
    }

    func testSourceAfterPlacesChoosesThePlacesSourceAndBeforeItTheTVSource() throws {
        let sut = try parse(["--source", "snapshot", "places", "--source", "osm"])
        XCTAssertEqual(sut.source, .snapshot)
        XCTAssertEqual(sut.placesSource, .osm)
        XCTAssertEqual(try parse(["places", "--source=geoapify"]).placesSource, .geoapify)
        XCTAssertEqual(try parse(["places"]).placesSource, .auto)
        XCTAssertEqual(usageError(["places", "--source", "tvmaze"]), "--source after 'places' must be one of auto, geoapify, osm, snapshot (got 'tvmaze')")
        XCTAssertEqual(usageError(["--source", "osm"]), "--source must be one of auto, tvmaze, snapshot (got 'osm')")
    }

    func testALatitudeBeyondNinetyIsRejectedWithTheReason() {
        XCTAssertEqual(usageError(["places", "--near", "91,0"]), "--near: latitude 91.0 is outside -90...90 degrees")
        XCTAssertEqual(usageError(["places", "--near", "0,181"]), "--near: longitude 181.0 is outside -180...180 degrees")
    }

    func testUnreadableLocationsAreRejectedWithAnExample() {
        XCTAssertEqual(usageError(["places", "--near", "abc"]),
                       "--near: cannot read \"abc\" as a location: expected LAT,LON in decimal degrees, for example 48.8566,2.3522")
        XCTAssertNotNil(usageError(["places", "--near", "nan,0"]))
        XCTAssertEqual(usageError(["places", "--near"]), "--near needs a value")
    }

    func testANegativeCoordinateIsAValueNotAnOption() throws {
        XCTAssertEqual(try parse(["places", "--near", "-33.8688,151.2093"]).near, try Coordinate(latitude: -33.8688, longitude: 151.2093))
    }

    func testCategoriesAreReadIgnoringCaseAccentsAndHyphensAndUnknownOnesListTheChoices() throws {
        XCTAssertEqual(try parse(["places", "--category", "fast-food"]).category, .fastFood)
        XCTAssertEqual(try parse(["places", "--category", "Fast food"]).category, .fastFood)
        XCTAssertEqual(try parse(["places", "--category", "ATM"]).category, .atm)
        XCTAssertEqual(try parse(["places", "--category", "cafe"]).category, .cafe)
        let message = usageError(["places", "--category", "spaceship"])
        XCTAssertEqual(message, "unknown category 'spaceship'; use one of: cafe, restaurant, fast-food, pub, bar, bakery, supermarket, pharmacy, hospital, hotel, hostel, museum, park, atm, fuel, library, cinema")
    }

    func testTheRadiusAndUnitsAreChecked() {
        XCTAssertEqual(usageError(["places", "--radius", "0"]), "--radius must be a whole number of metres from 1 to 25000 (got '0')")
        XCTAssertEqual(usageError(["places", "--radius", "30000"]), "--radius must be a whole number of metres from 1 to 25000 (got '30000')")
        XCTAssertEqual(usageError(["places", "--radius", "2km"]), "--radius must be a whole number of metres from 1 to 25000 (got '2km')")
        XCTAssertEqual(usageError(["places", "--units", "furlongs"]), "--units must be metric or imperial (got 'furlongs')")
    }

    func testTheRadiusIsOnlyAWholeNumberOfMetresWrittenInDigits() throws {
        // Given values that Double(_:) would read as a number
        for value in ["0x10", "2.5", "1e3", "+500", "-5", " 500", "500 ", "1_000", "1,000", "inf", "nan", "", "٥٠٠", "99999999999999999999999"] {
            // Then each is a usage error that says what is expected
            XCTAssertEqual(usageError(["places", "--radius", value]),
                           "--radius must be a whole number of metres from 1 to 25000 (got '\(value)')", value)
        }
        // And whole numbers of metres from 1 to 25000 are kept as given
        XCTAssertEqual(try parse(["places", "--radius", "1"]).radiusMeters, 1)
        XCTAssertEqual(try parse(["places", "--radius", "0500"]).radiusMeters, 500)
        XCTAssertEqual(try parse(["places", "--radius=25000"]).radiusMeters, 25_000)
        XCTAssertNotNil(usageError(["places", "--radius", "25001"]))
    }

    func testPlacesOptionsNeedThePlacesCommandAndNearAndCityExcludeEachOther() {
        XCTAssertEqual(usageError(["--near", "41,29"]), "--near is an option of the places command, for example: discover places --near …")
        XCTAssertEqual(usageError(["shows", "--city", "Paris"]), "--city is an option of the places command, for example: discover places --city …")
        XCTAssertEqual(usageError(["places", "--near", "41,29", "--city", "Paris"]), "use --near or --city, not both")
        XCTAssertEqual(usageError(["places", "--city", "  "]), "--city needs a city's name, for example --city Istanbul")
    }

    func testBaseURLsComeFromOptionsOrTheEnvironmentAndOverpassGetsItsInterpreterPath() throws {
        let environment = [
            "DISCOVER_GEOAPIFY_URL": "http://127.0.0.1:1/geo",
            "DISCOVER_OVERPASS_URL": "http://127.0.0.1:2/api",
            "DISCOVER_NOMINATIM_URL": "http://127.0.0.1:3",
        ]
        let fromEnvironment = try parse(["places"], environment: environment)
        XCTAssertEqual(fromEnvironment.geoapifyBase?.absoluteString, "http://127.0.0.1:1/geo")
        XCTAssertEqual(fromEnvironment.overpassEndpoint?.absoluteString, "http://127.0.0.1:2/api/interpreter")
        XCTAssertEqual(fromEnvironment.nominatimBase?.absoluteString, "http://127.0.0.1:3")
        let fromOptions = try parse(["places", "--overpass-base", "http://127.0.0.1:4/api/interpreter", "--geoapify-base", "http://127.0.0.1:5"], environment: environment)
        XCTAssertEqual(fromOptions.overpassEndpoint?.absoluteString, "http://127.0.0.1:4/api/interpreter")
        XCTAssertEqual(fromOptions.geoapifyBase?.absoluteString, "http://127.0.0.1:5")
        XCTAssertEqual(usageError(["places", "--nominatim-base", "ftp://x"]), "--nominatim-base must be an http(s) URL, for example https://nominatim.openstreetmap.org")
    }

    func testTheHelpDescribesPlacesAndNamesTheKeyVariableButNoKey() {
        let sut = AppOptions.helpText
        for expected in ["discover places", "--near LAT,LON", "--city NAME", "--units metric|imperial", "--radius METERS",
                         "--category NAME", "--source auto|geoapify|osm|snapshot", "--geoapify-base", "--overpass-base",
                         "--nominatim-base", "GEOAPIFY_API_KEY", "Tab switches"] {
            XCTAssertTrue(sut.contains(expected), expected)
        }
        XCTAssertFalse(sut.contains("apiKey="))
    }
}

/// Resolving `--city` offline and the start without a location.
final class PlacesStartTests: XCTestCase {
    func testACityNameIsResolvedOfflineAndANameSeveralCitiesShareOffersThemByPopulation() throws {
        // Given the embedded GeoNames table
        let snapshot = SnapshotPlacesWorker()
        // When
        let istanbul = try PlacesComposition.start(options: try AppOptions.parse(["places", "--city", "istanbul"], environment: [:]), snapshot: snapshot)
        let springfield = try PlacesComposition.start(options: try AppOptions.parse(["places", "--city", "Springfield"], environment: [:]), snapshot: snapshot)
        // Then
        XCTAssertEqual(istanbul.city?.name, "Istanbul")
        XCTAssertEqual(istanbul.center.latitude, 41.01, accuracy: 0.05)
        XCTAssertTrue(istanbul.cityCandidates.isEmpty)
        XCTAssertEqual(springfield.ambiguousCityName, "Springfield")
        XCTAssertGreaterThan(springfield.cityCandidates.count, 3)
        XCTAssertTrue(springfield.cityCandidates.allSatisfy { $0.name == "Springfield" })
        let populations = springfield.cityCandidates.map { $0.population ?? 0 }
        XCTAssertEqual(populations, populations.sorted(by: >))
        XCTAssertEqual(springfield.city, springfield.cityCandidates.first)
    }

    func testAnUnknownCityIsAUsageError() throws {
        let options = try AppOptions.parse(["places", "--city", "Atlantis Under The Sea"], environment: [:])
        XCTAssertThrowsError(try PlacesComposition.start(options: options, snapshot: SnapshotPlacesWorker())) { error in
            XCTAssertTrue((error as? UsageError)?.message.hasPrefix("no city called 'Atlantis Under The Sea' in the offline list") ?? false, "\(error)")
        }
    }

    func testWithoutALocationTheSceneStartsAtTheSnapshotsFirstArea() throws {
        let start = try PlacesComposition.start(options: try AppOptions.parse(["places"], environment: [:]), snapshot: SnapshotPlacesWorker())
        XCTAssertEqual(start.defaultAreaName, "Istanbul")
        XCTAssertEqual(start.center.latitude, 41.0184, accuracy: 0.001)
        XCTAssertEqual(start.radiusMeters, 2_000)
        XCTAssertEqual(start.snapshotAreaNames, ["Istanbul", "Lake District", "Paris"])
    }

    func testGeoapifyWithoutAKeyIsAUsageError() throws {
        let options = try AppOptions.parse(["places", "--source", "geoapify"], environment: [:])
        let start = NearbyPOIs.Start(center: try Coordinate(latitude: 0, longitude: 0))
        XCTAssertThrowsError(try PlacesComposition.dependencies(options: options, environment: ["GEOAPIFY_API_KEY": "  "], snapshot: SnapshotPlacesWorker(), start: start)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--source geoapify needs a Geoapify API key in the environment variable GEOAPIFY_API_KEY")
        }
    }

    func testAFlagGivenAValueIsAUsageError() {
        XCTAssertThrowsError(try AppOptions.parse(["--help=1"], environment: [:])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "--help takes no value"))
        }
        XCTAssertThrowsError(try AppOptions.parse(["--json=yes"], environment: [:]))
        XCTAssertEqual(try AppOptions.parse(["--json"], environment: [:]).json, true)
    }
}
