import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

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

    func testPOIsStartsInThePOIsSectionWithItsOptions() throws {
        // When
        let sut = try parse(["places", "--near", "41.0172,28.9699", "--radius", "500", "--category", "Café", "--units", "imperial"])
        // Then
        XCTAssertEqual(sut.section, .places)
        XCTAssertEqual(sut.near, try Coordinate(latitude: 41.0172, longitude: 28.9699))
        XCTAssertEqual(sut.radiusMeters, 500)
        XCTAssertEqual(sut.category, .cafe)
        XCTAssertEqual(sut.units, .imperial)
    }

    func testSourceAfterPOIsChoosesThePOIsSourceAndBeforeItTheTVSource() throws {
        let sut = try parse(["--source", "snapshot", "places", "--source", "osm"])
        XCTAssertEqual(sut.source, .snapshot)
        XCTAssertEqual(sut.placesSource, .provider("osm"))
        XCTAssertEqual(try parse(["places", "--source=geoapify"]).placesSource, .provider("geoapify"))
        XCTAssertEqual(try parse(["places"]).placesSource, .auto)
        XCTAssertEqual(usageError(["places", "--source", "tvmaze"]), "--source after 'places' must be one of auto, geoapify, osm, snapshot (got 'tvmaze')")
        XCTAssertEqual(usageError(["--source", "osm"]), "--source must be one of auto, tmdb, tvmaze, snapshot (got 'osm')")
    }

    func testALatitudeBeyondNinetyIsRejectedWithTheReason() {
        XCTAssertEqual(usageError(["places", "--near", "91,0"]), "--near: latitude 91.0 is outside -90...90 degrees")
        XCTAssertEqual(usageError(["places", "--near", "0,181"]), "--near: longitude 181.0 is outside -180...180 degrees")
    }

    func testUnreadableLocationsAreRejectedWithAnExample() {
        XCTAssertEqual(
            usageError(["places", "--near", "abc"]),
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
        XCTAssertEqual(
            message, "unknown category 'spaceship'; use one of: cafe, restaurant, fast-food, pub, bar, bakery, supermarket, pharmacy, hospital, hotel, hostel, museum, park, atm, fuel, library, cinema"
        )
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
            XCTAssertEqual(
                usageError(["places", "--radius", value]),
                "--radius must be a whole number of metres from 1 to 25000 (got '\(value)')", value)
        }
        // And whole numbers of metres from 1 to 25000 are kept as given
        XCTAssertEqual(try parse(["places", "--radius", "1"]).radiusMeters, 1)
        XCTAssertEqual(try parse(["places", "--radius", "0500"]).radiusMeters, 500)
        XCTAssertEqual(try parse(["places", "--radius=25000"]).radiusMeters, 25_000)
        XCTAssertNotNil(usageError(["places", "--radius", "25001"]))
    }

    func testPOIsOptionsNeedThePOIsCommandAndNearAndCityExcludeEachOther() {
        XCTAssertEqual(usageError(["--near", "41,29"]), "--near is an option of the places command, for example: discover-tui places --near …")
        XCTAssertEqual(usageError(["shows", "--city", "Paris"]), "--city is an option of the places command, for example: discover-tui places --city …")
        XCTAssertEqual(usageError(["places", "--near", "41,29", "--city", "Paris"]), "use --near or --city, not both")
        XCTAssertEqual(usageError(["places", "--city", "  "]), "--city needs a city's name, for example --city Istanbul")
    }

    func testBaseURLsComeFromOptionsOrTheEnvironmentAndOverpassGetsItsInterpreterPath() throws {
        let environment = [
            "DISCOVER_GEOAPIFY_URL": "http://127.0.0.1:1/geo",
            "DISCOVER_OVERPASS_URL": "http://127.0.0.1:2/api",
            "DISCOVER_NOMINATIM_URL": "http://127.0.0.1:3"
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

    func testTheHelpDescribesPOIsAndNamesTheKeyVariableButNoKey() {
        let sut = AppOptions.helpText
        for expected in [
            "discover-tui places", "--near LAT,LON", "--city NAME", "--units metric|imperial", "--radius METERS",
            "--category NAME", "--source auto|geoapify|osm|snapshot", "--geoapify-base", "--overpass-base",
            "--nominatim-base", "GEOAPIFY_API_KEY"
        ] {
            XCTAssertTrue(sut.contains(expected), expected)
        }
        XCTAssertFalse(sut.contains("apiKey="))
    }
}

/// Resolving `--city` offline and the start without a location.
final class POIsStartTests: XCTestCase {
    func testACityNameIsResolvedOfflineAndANameSeveralCitiesShareOffersThemByPopulation() throws {
        // Given the embedded GeoNames table
        // When
        let istanbul = try POIsComposition.start(options: try AppOptions.parse(["places", "--city", "istanbul"], environment: [:]), areas: try POICatalog.embedded().areas)
        let springfield = try POIsComposition.start(options: try AppOptions.parse(["places", "--city", "Springfield"], environment: [:]), areas: try POICatalog.embedded().areas)
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

    func testANameWhoseMostPopulousCityIsTenTimesTheNextStartsThereWithNoPicker() throws {
        // Given Paris, France (2.1 million) and Paris, Texas (25,000); one Lyon
        for name in ["Paris", "Lyon"] {
            // When
            let start = try POIsComposition.start(options: try AppOptions.parse(["places", "--city", name], environment: [:]), areas: try POICatalog.embedded().areas)
            // Then the screen starts there, as a pipe does, and no picker opens
            XCTAssertEqual(start.city?.countryCode, "FR", name)
            XCTAssertNil(start.ambiguousCityName, name)
            XCTAssertEqual(start.cityCandidates, [], name)
        }
    }

    func testTheAutoPlacesSourceWithoutAKeyIsOverpassWithTheSnapshotBehindOneSwitch() throws {
        let options = try AppOptions.parse(["places"], environment: [:])
        let snapshot = SnapshotPOIsWorker()
        let sut = try POIsComposition.dependencies(
            options: options, environment: [:], snapshot: snapshot,
            start: try POIsComposition.start(options: options, areas: try POICatalog.embedded().areas))
        XCTAssertTrue(sut.worker is FallbackPOIsWorker)
        XCTAssertEqual(sut.switches.all.map(\.provider), [.overpass])
    }

    func testOfflinePlacesAreTheSnapshotWithNoSwitchAndNoGeocoder() throws {
        let options = try AppOptions.parse(["--offline", "places"], environment: [:])
        let snapshot = SnapshotPOIsWorker()
        let sut = try POIsComposition.dependencies(
            options: options, environment: ["GEOAPIFY_API_KEY": "k"], snapshot: snapshot,
            start: try POIsComposition.start(options: options, areas: try POICatalog.embedded().areas))
        XCTAssertTrue(sut.worker is SnapshotPOIsWorker)
        XCTAssertNil(sut.onlineCities)
        XCTAssertEqual(sut.switches.all.count, 0)
    }

    func testTheCityRuleDecidesOnlyWhenOneCityIsClearlyMeant() throws {
        let at = try XCTUnwrap(Coordinate(validLatitude: 0, longitude: 0))
        let source = DataSource.embeddedSnapshot(provider: .geoNames, capturedOn: nil)
        let big = City(id: "1", name: "A", countryCode: "FR", coordinate: at, population: 1_000_000, source: source)
        let small = City(id: "2", name: "A", countryCode: "US", coordinate: at, population: 99_999, source: source)
        let like = City(id: "3", name: "A", countryCode: "GB", coordinate: at, population: 500_000, source: source)
        XCTAssertEqual(POIsComposition.chosenCity(among: [big]), big)
        XCTAssertEqual(POIsComposition.chosenCity(among: [big, small]), big)
        XCTAssertNil(POIsComposition.chosenCity(among: [big, like]))
        XCTAssertNil(POIsComposition.chosenCity(among: []))
    }

    func testAVeryLongUnknownCityIsCutWithAnEllipsisInTheMessage() throws {
        let options = try AppOptions.parse(["places", "--city", String(repeating: "x", count: 5_000)], environment: [:])
        XCTAssertThrowsError(try POIsComposition.start(options: options, areas: try POICatalog.embedded().areas)) { error in
            let message = (error as? UsageError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("no city called '" + String(repeating: "x", count: 59) + "…' in the offline list"), message)
            XCTAssertLessThan(message.count, 200)
        }
        XCTAssertEqual(SettingsTable.shown("Istanbul"), "Istanbul")
        let radius = try XCTUnwrap(usageErrorMessage(["places", "--radius", String(repeating: "9", count: 300)]))
        XCTAssertLessThan(radius.count, 160, radius)
    }

    private func usageErrorMessage(_ arguments: [String]) -> String? {
        do {
            _ = try AppOptions.parse(arguments, environment: [:])
            return nil
        } catch {
            return (error as? UsageError)?.message
        }
    }

    func testAnUnknownCityIsAUsageError() throws {
        let options = try AppOptions.parse(["places", "--city", "Atlantis Under The Sea"], environment: [:])
        XCTAssertThrowsError(try POIsComposition.start(options: options, areas: try POICatalog.embedded().areas)) { error in
            XCTAssertTrue((error as? UsageError)?.message.hasPrefix("no city called 'Atlantis Under The Sea' in the offline list") ?? false, "\(error)")
        }
    }

    func testWithoutALocationTheSceneStartsAtTheSnapshotsFirstArea() throws {
        let start = try POIsComposition.start(options: try AppOptions.parse(["places"], environment: [:]), areas: try POICatalog.embedded().areas)
        XCTAssertEqual(start.defaultAreaName, "Istanbul")
        XCTAssertEqual(start.center.latitude, 41.0184, accuracy: 0.001)
        XCTAssertEqual(start.radiusMeters, 2_000)
        XCTAssertEqual(start.snapshotAreaNames, ["Istanbul", "Lake District", "Paris", "Helsinki", "Paris 10e"])
    }

    func testGeoapifyWithoutAKeyIsAUsageError() throws {
        let options = try AppOptions.parse(["places", "--source", "geoapify"], environment: [:])
        let start = NearbyPOIs.Start(center: try Coordinate(latitude: 0, longitude: 0))
        XCTAssertThrowsError(try POIsComposition.dependencies(options: options, environment: ["GEOAPIFY_API_KEY": "  "], snapshot: SnapshotPOIsWorker(), start: start)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--source geoapify needs a Geoapify API key: set GEOAPIFY_API_KEY, or geoapify-api-key in the config file")
        }
    }

    func testTheHelpNamesTheFourSectionsAndTheirKeys() {
        let sut = AppOptions.helpText.replacingOccurrences(of: "\n    ", with: " ").replacingOccurrences(of: "\n", with: " ")
        for expected in ["Tab and Shift-Tab cycle Shows, Places, Favourites and Continue", "F opens Favourites, C Continue", "f marks or unmarks a favourite"] {
            XCTAssertTrue(sut.contains(expected), expected)
        }
        XCTAssertFalse(sut.contains("between Shows and Places"))
    }

    func testCheckWithJSONIsAUsageErrorRatherThanIgnored() {
        XCTAssertThrowsError(try AppOptions.parse(["--check", "--json"], environment: [:])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "--check prints a text report; it cannot be used with --json"))
        }
        XCTAssertThrowsError(try AppOptions.parse(["--json", "--check"], environment: [:]))
    }

    func testTSVIsOneFormOfAListAndNotOfACheckOrACalendar() throws {
        XCTAssertTrue(try AppOptions.parse(["search", "taxi", "--tsv"], environment: [:]).tsv)
        XCTAssertFalse(try AppOptions.parse(["search", "taxi"], environment: [:]).tsv)
        XCTAssertThrowsError(try AppOptions.parse(["--tsv", "--json"], environment: [:])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "--json and --tsv are two forms of the same list: give one"))
        }
        XCTAssertThrowsError(try AppOptions.parse(["--check", "--tsv"], environment: [:])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "--check prints a text report; it cannot be used with --tsv"))
        }
        XCTAssertThrowsError(try AppOptions.parse(["tonight", "--short", "--tsv"], environment: [:])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "--short prints one line an episode; it cannot be used with --tsv"))
        }
        XCTAssertThrowsError(try AppOptions.parse(["premieres", "--ics", "--tsv"], environment: [:])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "--ics writes an iCalendar file; it cannot be used with --tsv"))
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

/// Settings from the config file, the environment and the command line: flags win over the
/// environment, which wins over the file, which wins over the defaults.
final class SettingsLayersTests: XCTestCase {
    private func config(_ text: String) throws -> ConfigFile {
        try ConfigFile.parse(text, path: "/home/ana/.config/discover-tui/config", schema: AppOptions.configSchema)
    }

    private func parse(_ arguments: [String], environment: [String: String] = [:], config: ConfigFile? = nil) throws -> AppOptions {
        try AppOptions.parse(arguments, environment: environment, config: config)
    }

    private func usageError(_ arguments: [String], environment: [String: String] = [:], config: ConfigFile? = nil) -> String? {
        do {
            _ = try parse(arguments, environment: environment, config: config)
            XCTFail("\(arguments) was accepted")
            return nil
        } catch {
            return (error as? UsageError)?.message
        }
    }

    func testTheFileSetsDefaultsTheEnvironmentOverridesThemAndFlagsOverrideBoth() throws {
        let file = try config(
            """
            tv-source = snapshot
            places-source = osm
            units = imperial
            color = no
            tvmaze-url = http://127.0.0.1:1
            tmdb-url = http://127.0.0.1:2
            city = Paris
            """)
        let fromFile = try parse(["places"], config: file)
        XCTAssertEqual(fromFile.source, .snapshot)
        XCTAssertEqual(fromFile.placesSource, .provider("osm"))
        XCTAssertEqual(fromFile.units, .imperial)
        XCTAssertTrue(fromFile.noColor)
        XCTAssertEqual(fromFile.city, "Paris")
        XCTAssertEqual(fromFile.tmdbBase?.absoluteString, "http://127.0.0.1:2")

        let environment = [
            "DISCOVER_SOURCE": "tvmaze", "DISCOVER_UNITS": "metric", "DISCOVER_COLOR": "yes",
            "DISCOVER_NEAR": "41.0172,28.9699", "DISCOVER_PLACES_SOURCE": "snapshot", "DISCOVER_TVMAZE_URL": "http://127.0.0.1:3"
        ]
        let fromEnvironment = try parse(["places"], environment: environment, config: file)
        XCTAssertEqual(fromEnvironment.source, .provider("tvmaze"))
        XCTAssertEqual(fromEnvironment.placesSource, .snapshot)
        XCTAssertEqual(fromEnvironment.units, .metric)
        XCTAssertFalse(fromEnvironment.noColor)
        XCTAssertEqual(fromEnvironment.near, try Coordinate(latitude: 41.0172, longitude: 28.9699))
        XCTAssertNil(fromEnvironment.city, "the environment's location replaces the file's")
        XCTAssertEqual(fromEnvironment.tvmazeBase?.absoluteString, "http://127.0.0.1:3")

        let fromFlags = try parse(
            ["--source", "auto", "--no-color", "places", "--city", "Lyon", "--units", "imperial", "--source", "geoapify"],
            environment: environment, config: file)
        XCTAssertEqual(fromFlags.source, .auto)
        XCTAssertEqual(fromFlags.placesSource, .provider("geoapify"))
        XCTAssertEqual(fromFlags.units, .imperial)
        XCTAssertTrue(fromFlags.noColor)
        XCTAssertEqual(fromFlags.city, "Lyon")
        XCTAssertNil(fromFlags.near, "--city replaces DISCOVER_NEAR")
    }

    func testNoColorAndTheColourFlags() throws {
        XCTAssertTrue(try parse([], environment: ["NO_COLOR": "1"]).noColor)
        XCTAssertFalse(try parse([], environment: ["NO_COLOR": ""]).noColor, "an empty NO_COLOR is unset (no-color.org)")
        XCTAssertFalse(try parse([], environment: ["NO_COLOR": "1", "DISCOVER_COLOR": "on"]).noColor)
        XCTAssertFalse(try parse(["--color"], environment: ["NO_COLOR": "1"]).noColor)
        XCTAssertTrue(try parse([], config: try config("color = off")).noColor)
        XCTAssertFalse(try parse([], environment: ["DISCOVER_COLOR": "always"], config: try config("color = no")).noColor)
    }

    func testTheThemeComesFromTheFlagTheEnvironmentOrTheFileAndAutoByDefault() throws {
        XCTAssertEqual(try parse([], environment: [:]).theme, .auto)
        XCTAssertEqual(try parse(["--theme", "light"], environment: ["DISCOVER_THEME": "dark"]).theme, .light)
        XCTAssertEqual(try parse(["--theme=MONO"], environment: [:]).theme, .mono)
        XCTAssertEqual(try parse([], environment: ["DISCOVER_THEME": "dark"], config: try config("theme = light")).theme, .dark)
        XCTAssertEqual(try parse([], config: try config("theme = light")).theme, .light)
        XCTAssertThrowsError(try parse(["--theme", "solarized"], environment: [:])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--theme must be one of auto, dark, light, mono (got 'solarized')")
        }
        XCTAssertThrowsError(try parse([], environment: ["DISCOVER_THEME": "pink"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "DISCOVER_THEME must be one of auto, dark, light, mono (got 'pink')")
        }
    }

    func testAutoIsLightWhenCOLORFGBGNamesALightBackground() {
        XCTAssertEqual(ThemeChoice.auto.theme(environment: ["COLORFGBG": "0;15"]), .light)
        XCTAssertEqual(ThemeChoice.auto.theme(environment: ["COLORFGBG": "15;0"]), .dark)
        XCTAssertEqual(ThemeChoice.auto.theme(environment: [:]), .dark)
        XCTAssertEqual(ThemeChoice.dark.theme(environment: ["COLORFGBG": "0;15"]), .dark)
    }

    func testAutoAsksTheTerminalOnlyWhenCOLORFGBGNamesNoColour() {
        XCTAssertEqual(ThemeChoice.auto.backgroundQuery(environment: [:]), BackgroundQuery(insideTmux: false))
        XCTAssertEqual(ThemeChoice.auto.backgroundQuery(environment: ["COLORFGBG": "default;default"]), BackgroundQuery(insideTmux: false))
        XCTAssertEqual(ThemeChoice.auto.backgroundQuery(environment: ["TMUX": "/tmp/tmux-0/default,9,0"]), BackgroundQuery(insideTmux: true))
        XCTAssertNil(ThemeChoice.auto.backgroundQuery(environment: ["COLORFGBG": "0;15"]))
        for choice in [ThemeChoice.dark, .light, .mono] { XCTAssertNil(choice.backgroundQuery(environment: [:]), "\(choice)") }
    }

    func testLocationsFromTheFileOrTheEnvironmentDoNotMakeShowsAPOIsCommand() throws {
        let sut = try parse([], environment: ["DISCOVER_CITY": "Paris"])
        XCTAssertEqual(sut.section, .shows)
        XCTAssertEqual(sut.city, "Paris")
        XCTAssertEqual(try parse(["places", "--near", "1,2"], config: try config("city = Paris")).near, try Coordinate(latitude: 1, longitude: 2))
    }

    func testBadValuesNameTheVariableOrTheFileAndLine() throws {
        XCTAssertEqual(usageError([], environment: ["DISCOVER_UNITS": "furlongs"]), "DISCOVER_UNITS must be metric or imperial (got 'furlongs')")
        XCTAssertEqual(usageError([], environment: ["DISCOVER_SOURCE": "netflix"]), "DISCOVER_SOURCE must be one of auto, tmdb, tvmaze, snapshot (got 'netflix')")
        XCTAssertEqual(usageError([], environment: ["DISCOVER_COLOR": "maybe"]), "DISCOVER_COLOR must be yes or no (also true/false, on/off, 1/0, always/never; got 'maybe')")
        XCTAssertEqual(usageError([], environment: ["DISCOVER_NEAR": "1,2", "DISCOVER_CITY": "Paris"]), "DISCOVER_NEAR and DISCOVER_CITY are both set; use one")
        XCTAssertEqual(
            usageError([], config: try config("# settings\nunits = furlongs")),
            "/home/ana/.config/discover-tui/config line 2: units must be metric or imperial (got 'furlongs')")
        XCTAssertEqual(
            usageError([], config: try config("places-source = bing")),
            "/home/ana/.config/discover-tui/config line 1: places-source must be one of auto, geoapify, osm, snapshot (got 'bing')")
        XCTAssertEqual(
            usageError([], config: try config("near = 95,0")),
            "/home/ana/.config/discover-tui/config line 1: near: latitude 95.0 is outside -90...90 degrees")
        XCTAssertEqual(
            usageError([], config: try config("tmdb-url = ftp://x")),
            "/home/ana/.config/discover-tui/config line 1: tmdb-url must be an http(s) URL, for example https://api.themoviedb.org")
    }

    func testKeysComeFromTheEnvironmentOverTheFileAndSayWhereFrom() throws {
        let file = try config("tmdb-read-access-token = file-token\ngeoapify-api-key = file-geo")
        let fromFile = try parse([], config: file)
        XCTAssertEqual(fromFile.tmdbCredential, .readAccessToken("file-token"))
        XCTAssertEqual(fromFile.tmdbSecret?.origin, .configFile(path: "/home/ana/.config/discover-tui/config", line: 1))
        XCTAssertEqual(fromFile.geoapifyKey?.value, "file-geo")

        // The environment's TMDB key replaces the file's token: one credential, one layer.
        let fromEnvironment = try parse([], environment: ["TMDB_API_KEY": " env-key ", "GEOAPIFY_API_KEY": "env-geo"], config: file)
        XCTAssertEqual(fromEnvironment.tmdbCredential, .apiKey("env-key"))
        XCTAssertEqual(fromEnvironment.tmdbSecret?.origin, .environment("TMDB_API_KEY"))
        XCTAssertEqual(fromEnvironment.geoapifyKey?.origin, .environment("GEOAPIFY_API_KEY"))

        let both = try parse([], environment: ["TMDB_API_KEY": "env-key", "TMDB_READ_ACCESS_TOKEN": "env-token"])
        XCTAssertEqual(both.tmdbCredential, .readAccessToken("env-token"), "the token is preferred within a layer")
        XCTAssertNil(try parse([], environment: ["TMDB_API_KEY": "  "]).tmdbCredential)
    }

    func testAGeoapifyKeyFromTheFileReachesThePOIsSources() throws {
        let options = try parse(["places", "--source", "geoapify"], config: try config("geoapify-api-key = file-geo-key"))
        let start = NearbyPOIs.Start(center: try Coordinate(latitude: 0, longitude: 0))
        let places = try POIsComposition.dependencies(options: options, environment: [:], snapshot: SnapshotPOIsWorker(), start: start)
        XCTAssertTrue(places.worker is GeoapifyPOIsWorker)
        XCTAssertEqual(places.onlineCitiesProvider, "Geoapify")
    }

    func testASnapshotFlagOverridesALiveSourceFromBelowButNotFromAFlag() throws {
        XCTAssertEqual(try parse(["--snapshot", "/tmp/x.json"], environment: ["DISCOVER_SOURCE": "tmdb"]).source, .snapshot)
        XCTAssertEqual(usageError(["--source", "tmdb", "--snapshot", "/tmp/x.json"]), "--snapshot cannot be used with --source tmdb")
    }

    func testTheNewFlags() throws {
        XCTAssertTrue(try parse(["--check"]).check)
        XCTAssertEqual(try parse(["--source", "tmdb"]).source, .provider("tmdb"))
        XCTAssertEqual(try parse(["--tmdb-base", "http://127.0.0.1:9"]).tmdbBase?.absoluteString, "http://127.0.0.1:9")
        XCTAssertEqual(usageError(["--check=yes"]), "--check takes no value")
    }

    func testTheHelpDescribesSettingsKeysAndTheTMDBNoticeButHoldsNoKey() {
        let sut = AppOptions.helpText
        for expected in [
            "--source auto|tmdb|tvmaze|snapshot", "--check", "--tmdb-base", "TMDB_READ_ACCESS_TOKEN", "TMDB_API_KEY",
            "$XDG_CONFIG_HOME/discover-tui/config", "tmdb-api-key", "DISCOVER_SOURCE", "DISCOVER_COLOR",
            "This product uses the TMDB API but is not endorsed or certified by TMDB."
        ] {
            XCTAssertTrue(sut.contains(expected), expected)
        }
        // No line wider than the widest the help had before (the Overpass example URL's).
        for line in sut.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 89, String(line))
        }
    }
}

/// Which TV source the settings build.
final class TVCompositionTests: XCTestCase {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> AppOptions {
        try AppOptions.parse(arguments, environment: environment)
    }

    func testAutoPrefersTMDBWhenAKeyIsSetAndOtherwiseTVmaze() throws {
        XCTAssertEqual(TVComposition.liveSources(try options([])), [.tvmaze])
        XCTAssertEqual(TVComposition.liveSources(try options([], environment: ["TMDB_API_KEY": "k"])), [.tmdb, .tvmaze])
        XCTAssertEqual(TVComposition.liveSources(try options(["--source", "tvmaze"], environment: ["TMDB_API_KEY": "k"])), [.tvmaze])
        XCTAssertEqual(TVComposition.liveSources(try options(["--source", "tmdb"])), [.tmdb])
        XCTAssertEqual(TVComposition.liveSources(try options(["--source", "snapshot"], environment: ["TMDB_API_KEY": "k"])), [])
        XCTAssertEqual(TVComposition.liveSources(try options(["--snapshot", "/tmp/x.json"], environment: ["TMDB_API_KEY": "k"])), [])
    }

    func testTMDBWithoutAKeyIsAUsageErrorThatNamesWhereToSetIt() throws {
        let snapshot = SnapshotShowsWorker(loader: { try ShowCatalog.embedded() })
        XCTAssertThrowsError(try TVComposition.shows(options: try options(["--source", "tmdb"]), snapshot: snapshot)) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "--source tmdb needs a TMDB key: set TMDB_READ_ACCESS_TOKEN or TMDB_API_KEY, or tmdb-read-access-token or tmdb-api-key in the config file")
        }
    }

    @MainActor
    func testAutoFallsFromARejectedTMDBKeyToTVmazeAndSaysWhy() async throws {
        // Given: TMDB rejects the key; TVmaze answers.
        let tmdb = LoopbackHTTPServer(), tvmaze = LoopbackHTTPServer()
        defer { tmdb.stop(); tvmaze.stop() }
        tmdb.route("/3/tv/popular", .json(try Fixtures.data("tmdb/error_401_invalid_api_key.json"), status: 401))
        tvmaze.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        tvmaze.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let settings = try options(
            [],
            environment: [
                "TMDB_API_KEY": "rejected-key-0042", "DISCOVER_TMDB_URL": try tmdb.start().absoluteString,
                "DISCOVER_TVMAZE_URL": try tvmaze.start().absoluteString
            ])
        let sut = try TVComposition.shows(options: settings, snapshot: SnapshotShowsWorker(loader: { try ShowCatalog.embedded() }))

        // When
        let page = try await sut.worker.popularShows(page: 0)
        let reason = await sut.fallbackReasons().first

        // Then
        XCTAssertEqual(page.source, .live(provider: .tvmaze))
        XCTAssertEqual(ShowFormatting.credit(for: page.source), "Data from TVmaze.com (CC BY-SA 4.0)")
        let message = ShowFormatting.error(try XCTUnwrap(reason))
        XCTAssertEqual(message, "TMDB answered HTTP 401: TMDB rejected the API key (Invalid API key: You must be granted a valid key.)")
        XCTAssertFalse(message.contains("rejected-key-0042"))
    }
}
