import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App

/// `discover-tui --check` against loopback servers: every source asked at once, keys reported
/// without their value, a server that never answers or refuses reported with the cause.
final class SourceCheckTests: XCTestCase {
    private let tvmaze = LoopbackHTTPServer()
    private let tmdb = LoopbackHTTPServer()
    private let geoapify = LoopbackHTTPServer()
    private let overpass = LoopbackHTTPServer()
    private let nominatim = LoopbackHTTPServer()
    private let tmdbKey = "check-tmdb-key-8c1f"
    private let geoapifyKey = "check-geo-key-2b77"

    override func tearDown() {
        for server in [tvmaze, tmdb, geoapify, overpass, nominatim] { server.stop() }
        super.tearDown()
    }

    private func routeAll() throws {
        tvmaze.route("/shows/1", .json(try Fixtures.data("tvmaze/shows_1058_embed_cast.json")))
        tmdb.route("/3/genre/tv/list", .json(try Fixtures.data("tmdb/genre_tv_list.json")))
        geoapify.route("/v1/geocode/search", .json(try Fixtures.data("geoapify/autocomplete_empty.json")))
        overpass.route("/api/interpreter", .json(try Fixtures.data("osm/overpass_empty_result.json")))
        nominatim.route("/search", .json(try Fixtures.data("osm/nominatim_search_ottawa.json")))
    }

    private func environment(keys: Bool) throws -> [String: String] {
        var env = [
            "DISCOVER_TVMAZE_URL": try tvmaze.start().absoluteString,
            "DISCOVER_TMDB_URL": try tmdb.start().absoluteString,
            "DISCOVER_GEOAPIFY_URL": try geoapify.start().absoluteString,
            "DISCOVER_OVERPASS_URL": try overpass.start().absoluteString + "/api",
            "DISCOVER_NOMINATIM_URL": try nominatim.start().absoluteString,
            "XDG_CONFIG_HOME": "/nonexistent-config", "XDG_DATA_HOME": "/nonexistent-data", "XDG_CACHE_HOME": "/nonexistent-cache"
        ]
        if keys {
            env["TMDB_API_KEY"] = tmdbKey
            env["GEOAPIFY_API_KEY"] = geoapifyKey
        }
        return env
    }

    private func report(_ arguments: [String] = [], environment: [String: String], config: ConfigFile? = nil, timeout: Double = 5) async throws -> SourceCheck.Report {
        let options = try AppOptions.parse(arguments, environment: environment, config: config)
        let directories = XDGDirectories(environment: environment)
        return await SourceCheck.report(options: options, directories: directories, configPath: ConfigFile.path(in: directories), config: config, timeout: timeout)
    }

    func testEverySourceAnswersKeysAreSentAndNeverPrinted() async throws {
        // Given
        try routeAll()
        let env = try environment(keys: true)

        // When
        let sut = try await report(environment: env)

        // Then
        XCTAssertEqual(sut.rows.map(\.name), ["TVmaze", "TMDB", "Geoapify", "Overpass", "Nominatim"])
        XCTAssertTrue(sut.rows.allSatisfy { $0.outcome.isOK }, sut.text)
        XCTAssertTrue(sut.succeeded)
        XCTAssertEqual(sut.rows.filter(\.isDefault).map(\.name), ["TMDB", "Geoapify"], "auto with keys uses TMDB and Geoapify first")
        XCTAssertEqual(tmdb.requests.first?.queryItems["api_key"], tmdbKey)
        XCTAssertEqual(geoapify.requests.first?.queryItems["apiKey"], geoapifyKey)
        XCTAssertEqual(tvmaze.requests.count, 1)
        XCTAssertEqual(overpass.requests.first?.queryItems["data"], "[out:json][timeout:5];out;")
        XCTAssertTrue(sut.text.contains("key set (env TMDB_API_KEY)"), sut.text)
        XCTAssertTrue(sut.text.contains("key set (env GEOAPIFY_API_KEY)"), sut.text)
        XCTAssertTrue(sut.text.contains("Config file   /nonexistent-config/discover-tui/config (not found)"), sut.text)
        XCTAssertTrue(sut.text.contains("Data folder   /nonexistent-data/discover-tui"), sut.text)
        XCTAssertTrue(sut.text.contains("Cache folder  /nonexistent-cache/discover-tui"), sut.text)
        XCTAssertTrue(sut.text.contains(TMDBShowsWorker.notice))
        XCTAssertFalse(sut.text.contains(tmdbKey))
        XCTAssertFalse(sut.text.contains(geoapifyKey))
        XCTAssertNotNil(sut.text.range(of: #"TVmaze +no key needed +ok \d+ ms"#, options: .regularExpression), sut.text)
    }

    func testKeysFromTheConfigFileNameItsPathAndLine() async throws {
        try routeAll()
        let file = try ConfigFile.parse("# keys\ntmdb-read-access-token = cfg-token-99\n", path: "/nonexistent-config/discover-tui/config", schema: AppOptions.configSchema)
        let sut = try await report(environment: try environment(keys: false), config: file)
        XCTAssertTrue(sut.text.contains("token set (/nonexistent-config/discover-tui/config line 2)"), sut.text)
        XCTAssertTrue(sut.text.contains("(found)"))
        XCTAssertEqual(tmdb.requests.first?.headers["authorization"], "Bearer cfg-token-99")
        XCTAssertFalse(sut.text.contains("cfg-token-99"))
    }

    func testWithoutKeysTVmazeAndOverpassAreTheDefaultsAndKeyedSourcesAreNotAsked() async throws {
        try routeAll()
        let sut = try await report(environment: try environment(keys: false))
        XCTAssertEqual(sut.rows.filter(\.isDefault).map(\.name), ["TVmaze", "Overpass"])
        XCTAssertEqual(sut.rows[1].outcome, .notChecked("no key"))
        XCTAssertEqual(sut.rows[2].outcome, .notChecked("no key"))
        XCTAssertTrue(tmdb.requests.isEmpty)
        XCTAssertTrue(geoapify.requests.isEmpty)
        XCTAssertTrue(sut.succeeded)
    }

    func testAServerThatNeverAnswersAndOneThatRefusesFailTheCheckWithTheirCause() async throws {
        // Given: TVmaze never answers; Overpass's port is closed; the others answer.
        try routeAll()
        tvmaze.route("/shows/1", .neverAnswer)
        var env = try environment(keys: false)
        let closed = LoopbackHTTPServer()
        env["DISCOVER_OVERPASS_URL"] = try closed.start().absoluteString + "/api"
        closed.stop()
        tvmaze.stop()
        let silent = LoopbackHTTPServer()
        silent.route("/shows/1", .neverAnswer)
        env["DISCOVER_TVMAZE_URL"] = try silent.start().absoluteString
        defer { silent.stop() }

        // When
        let clock = ContinuousClock()
        let started = clock.now
        let sut = try await report(environment: env, timeout: 1)
        let elapsed = clock.now - started

        // Then: both probes ran at once, each within its own timeout.
        XCTAssertEqual(sut.rows[0].outcome, .failed("TVmaze is unreachable (no answer within 1 s)"))
        XCTAssertEqual(sut.rows[3].outcome, .failed("Overpass is unreachable (connection refused)"))
        XCTAssertTrue(sut.rows[4].outcome.isOK)
        XCTAssertFalse(sut.succeeded)
        XCTAssertTrue(sut.text.contains("2 of 3 sources do not answer: TVmaze, Overpass; exit 1."), sut.text)
        XCTAssertLessThan(elapsed, .seconds(3))
    }

    func testTheLastSentenceCountsWhatFailedInTheRightNumber() {
        func row(_ name: String, _ outcome: SourceCheck.Outcome, first: Bool = false) -> SourceCheck.Row {
            SourceCheck.Row(name: name, configured: "no key needed", isDefault: first, outcome: outcome)
        }
        let down = SourceCheck.Outcome.failed("no answer"), up = SourceCheck.Outcome.ok(milliseconds: 12)
        // Three of five asked fail, one used first among them
        XCTAssertEqual(
            SourceCheck.conclusion([
                row("TVmaze", down, first: true), row("TMDB", up), row("Geoapify", down), row("Overpass", up, first: true), row("Nominatim", down)
            ]),
            "3 of 5 sources do not answer: TVmaze, Geoapify, Nominatim; exit 1.")
        // One fails, not one used first: the check passes and says so
        XCTAssertEqual(
            SourceCheck.conclusion([row("TVmaze", up, first: true), row("TMDB", .notChecked("no key")), row("Nominatim", down)]),
            "1 of 2 sources does not answer: Nominatim; the ones used first answer; exit 0.")
        XCTAssertEqual(SourceCheck.conclusion([row("TVmaze", up, first: true), row("Overpass", up)]), "All 2 sources asked answer; exit 0.")
        XCTAssertEqual(SourceCheck.conclusion([row("TVmaze", down, first: true)]), "1 of 1 source does not answer: TVmaze; exit 1.")
        XCTAssertEqual(
            SourceCheck.conclusion([row("TVmaze", .notChecked("no URL"), first: true), row("Overpass", up)]),
            "The source asked answers; TVmaze was not asked (no URL); exit 1.")
    }

    func testAMissingLocaleIsNamedInTheReportWithItsFix() async throws {
        // Given offline settings (nothing is asked) and a locale that is not installed
        let environment = try environment(keys: false)
        let options = try AppOptions.parse(["--offline"], environment: environment, config: nil)
        let notice = LocaleInfo.missingLocaleNotice(environment: ["LANG": "en_US.UTF-8"], isUTF8: false) { _ in false }

        // When
        let sut = await SourceCheck.report(
            options: options, directories: XDGDirectories(environment: environment), configPath: nil, config: nil, localeNotice: notice)

        // Then its line says it, with ASCII and the fix
        let line = try XCTUnwrap(sut.text.split(separator: "\n").first { $0.hasPrefix("Locale") })
        XCTAssertEqual(
            String(line),
            "Locale        the locale en_US.UTF-8 (LANG) is not installed, so text is in ASCII; "
                + "install it (sudo locale-gen en_US.UTF-8, or dpkg-reconfigure locales) or use LANG=C.UTF-8")
        let usual = await SourceCheck.report(options: options, directories: XDGDirectories(environment: environment), configPath: nil, config: nil)
        XCTAssertTrue(usual.text.contains("Locale        character set "), usual.text)
    }

    func testARejectedKeyFailsTheCheckWithoutTheKey() async throws {
        try routeAll()
        tmdb.stop()
        let rejecting = LoopbackHTTPServer()
        rejecting.route("/3/genre/tv/list", .json(try Fixtures.data("tmdb/error_401_invalid_api_key.json"), status: 401))
        var env = try environment(keys: true)
        env["DISCOVER_TMDB_URL"] = try rejecting.start().absoluteString
        defer { rejecting.stop() }
        let sut = try await report(environment: env)
        XCTAssertEqual(sut.rows[1].outcome, .failed("TMDB answered HTTP 401: TMDB rejected the API key (Invalid API key: You must be granted a valid key.)"))
        XCTAssertFalse(sut.succeeded)
        XCTAssertFalse(sut.text.contains(tmdbKey))
    }

    func testTheSnapshotNeedsNoNetworkToPass() async throws {
        try routeAll()
        tvmaze.stop()
        var env = try environment(keys: false)
        env["DISCOVER_SOURCE"] = "snapshot"
        env["DISCOVER_PLACES_SOURCE"] = "snapshot"
        env["DISCOVER_TVMAZE_URL"] = "http://127.0.0.1:1"
        let sut = try await report(environment: env, timeout: 1)
        XCTAssertFalse(sut.rows[0].outcome.isOK)
        XCTAssertTrue(sut.succeeded, "no default source is live")
        XCTAssertTrue(sut.text.contains("TV source     snapshot (offline snapshot)"), sut.text)
    }
}
