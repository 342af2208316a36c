import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary with a config file in a real temporary folder, keys in the environment and
/// loopback servers: `--check`, bad config lines, the readable-key warning, TMDB as the source,
/// and no key ever in what it prints.
final class SettingsEndToEndTests: XCTestCase {
    private var home = ""
    private let tmdbKey = "e2e-tmdb-key-4f0a9c"
    private let geoapifyKey = "e2e-geo-key-71d3e2"
    private var servers: [LoopbackHTTPServer] = []

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "discover-settings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/.config/discover-tui", withIntermediateDirectories: true)
    }

    override func tearDown() {
        for server in servers { server.stop() }
        try? FileManager.default.removeItem(atPath: home)
        super.tearDown()
    }

    private var configPath: String { home + "/.config/discover-tui/config" }

    private func writeConfig(_ text: String, mode: mode_t) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: configPath))
        XCTAssertEqual(chmod(configPath, mode), 0)
    }

    private func server(_ routes: (LoopbackHTTPServer) throws -> Void) throws -> String {
        let server = LoopbackHTTPServer()
        try routes(server)
        servers.append(server)
        return try server.start().absoluteString
    }

    /// Runs the binary with only the given environment (plus HOME and a locale), output to a pipe.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Subprocess.Result {
        var env = ["HOME": home, "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        env.merge(environment) { _, new in new }
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try Subprocess.run("/usr/bin/env", ["-i"] + assignments + [BuiltProducts.discover] + arguments)
    }

    private func assertNoKey(_ output: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(output.contains(tmdbKey), output, file: file, line: line)
        XCTAssertFalse(output.contains(geoapifyKey), output, file: file, line: line)
    }

    func testCheckPassesWhenTheDefaultSourcesAnswerAndFailsWhenOneNeverDoes() throws {
        // Given
        let tmdb = try server { $0.route("/3/genre/tv/list", .json(try Fixtures.data("tmdb/genre_tv_list.json"))) }
        let geoapify = try server { $0.route("/v1/geocode/search", .json(try Fixtures.data("geoapify/autocomplete_empty.json"))) }
        let tvmaze = try server { $0.route("/shows/1", .json(try Fixtures.data("tvmaze/shows_1058_embed_cast.json"))) }
        let overpass = try server { $0.route("/api/interpreter", .json(try Fixtures.data("osm/overpass_empty_result.json"))) }
        let nominatim = try server { $0.route("/search", .json(try Fixtures.data("osm/nominatim_search_ottawa.json"))) }
        let silent = try server { $0.route("/3/genre/tv/list", .neverAnswer) }
        var env = [
            "TMDB_API_KEY": tmdbKey, "GEOAPIFY_API_KEY": geoapifyKey, "DISCOVER_TMDB_URL": tmdb,
            "DISCOVER_GEOAPIFY_URL": geoapify, "DISCOVER_TVMAZE_URL": tvmaze,
            "DISCOVER_OVERPASS_URL": overpass + "/api", "DISCOVER_NOMINATIM_URL": nominatim
        ]

        // When
        let passing = try run(["--check"], environment: env)
        env["DISCOVER_TMDB_URL"] = silent
        let failing = try run(["--check"], environment: env)

        // Then
        XCTAssertEqual(passing.status, 0, passing.output)
        XCTAssertTrue(passing.output.contains("Config file   \(configPath) (not found)"), passing.output)
        XCTAssertNotNil(passing.output.range(of: #"TMDB \* +key set \(env TMDB_API_KEY\) +ok \d+ ms"#, options: .regularExpression), passing.output)
        XCTAssertEqual(failing.status, 1, failing.output)
        XCTAssertTrue(failing.output.contains("failed: TMDB is unreachable (no answer within 5 s)"), failing.output)
        assertNoKey(passing.output)
        assertNoKey(failing.output)
    }

    func testABadConfigLineStopsWithTheFileAndLineAndStatusTwo() throws {
        try writeConfig("# mine\nunits = imperial\ncolour = no\n", mode: 0o600)
        let unknown = try run(["--source", "snapshot"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.output.hasPrefix("discover-tui: \(configPath) line 3: unknown key 'colour'"), unknown.output)

        try writeConfig("units = furlongs\n", mode: 0o600)
        let badValue = try run(["--source", "snapshot"])
        XCTAssertEqual(badValue.status, 2)
        XCTAssertTrue(badValue.output.hasPrefix("discover-tui: \(configPath) line 1: units must be metric or imperial (got 'furlongs')"), badValue.output)
    }

    func testABadYesOrNoValueInTheConfigFileListsTheAcceptedWordsAndGivesTheConfigHint() throws {
        // Given `color = purple` in the config file
        try writeConfig("color = purple\n", mode: 0o600)
        // When discover-tui starts
        let result = try run(["--source", "snapshot"])
        // Then it names every word it accepts, and points at the file rather than at --help
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.output,
            "discover-tui: \(configPath) line 1: color must be yes or no (also true/false, on/off, 1/0, always/never; got 'purple')\n"
                + "See the configuration section of docs/reference.md (or man discover-tui), or move the file aside.\n")
        // And a flag's bad value still points at --help
        try writeConfig("color = off\n", mode: 0o600)
        let flag = try run(["--source", "snapshot", "--radius", "far"])
        XCTAssertEqual(flag.status, 2)
        XCTAssertTrue(flag.output.hasSuffix("Try 'discover-tui --help'.\n"), flag.output)
    }

    func testAReadableConfigFileHoldingAKeyGetsAOneLineWarningAndTheKeyIsNeverPrinted() throws {
        try writeConfig("tmdb-api-key = \(tmdbKey)\ngeoapify-api-key = \(geoapifyKey)\ntv-source = snapshot\n", mode: 0o644)
        let result = try run([])
        XCTAssertEqual(result.status, 0, result.output)
        let warnings: [String] = result.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("discover-tui: warning:") }
        let expected = "discover-tui: warning: \(configPath) holds an API key and its mode 644 lets others read it; run: chmod 600 \(configPath)"
        XCTAssertEqual(warnings, [expected])
        XCTAssertTrue(result.output.contains("offline snapshot"), "tv-source = snapshot from the file")
        assertNoKey(result.output)

        XCTAssertEqual(chmod(configPath, 0o600), 0)
        let quiet = try run([])
        XCTAssertFalse(quiet.output.contains("warning"), quiet.output)
        let help = try run(["--help"], environment: ["TMDB_READ_ACCESS_TOKEN": tmdbKey, "GEOAPIFY_API_KEY": geoapifyKey])
        XCTAssertEqual(help.status, 0)
        assertNoKey(help.output)
    }

    func testTMDBListsItsShowsInItsOrderWithItsNoticeAndARejectedKeyIsSaidWithoutIt() throws {
        let tmdb = try server { $0.route("/3/tv/popular", query: ["api_key": tmdbKey], .json(try Fixtures.data("tmdb/tv_popular_page1.json"))) }
        let listed = try run(["--source", "tmdb"], environment: ["TMDB_API_KEY": tmdbKey, "DISCOVER_TMDB_URL": tmdb])
        XCTAssertEqual(listed.status, 0, listed.output)
        let lines = listed.output.split(separator: "\n")
        XCTAssertEqual(lines.first, "# first 20 popular shows, TMDB live. Data from TMDB (themoviedb.org). This product uses the TMDB API but is not endorsed or certified by TMDB.")
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix(" 1  Law & Order: Special Victims Unit") ?? false, listed.output)
        XCTAssertTrue(lines.last?.hasPrefix("20  Fallout") ?? false, listed.output)

        let rejecting = try server { $0.route("/3/tv/popular", .json(try Fixtures.data("tmdb/error_401_invalid_api_key.json"), status: 401)) }
        let rejected = try run(["--source", "tmdb"], environment: ["TMDB_API_KEY": tmdbKey, "DISCOVER_TMDB_URL": rejecting])
        XCTAssertEqual(rejected.status, 1)
        XCTAssertEqual(rejected.output, "discover-tui: TMDB answered HTTP 401: TMDB rejected the API key (Invalid API key: You must be granted a valid key.)\n")
        assertNoKey(listed.output)
        assertNoKey(rejected.output)

        let keyless = try run(["--source", "tmdb"])
        XCTAssertEqual(keyless.status, 2)
        XCTAssertTrue(keyless.output.hasPrefix("discover-tui: --source tmdb needs a TMDB key"), keyless.output)
    }
}

/// TMDB as the source of the full-screen app, in a real terminal (a tmux pane).
final class TMDBEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private let token = "e2e-read-token-93b1d0"

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    func testTheListOpensADetailWithCastAndTheHelpCarriesTMDBsNoticeWhileTheTokenStaysHidden() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        // Given: TMDB's recorded popular page, and details with credits for its first show.
        server.route("/3/tv/popular", .json(try Fixtures.data("tmdb/tv_popular_page1.json")))
        var details = try XCTUnwrap(JSONSerialization.jsonObject(with: try Fixtures.data("tmdb/tv_1396_breaking_bad_details.json")) as? [String: Any])
        details["id"] = 2734
        details["name"] = "Law & Order: Special Victims Unit"
        details["credits"] = ["cast": [["name": "Mariska Hargitay", "character": "Olivia Benson", "order": 0]]]
        server.route("/3/tv/2734", .json(try JSONSerialization.data(withJSONObject: details)))
        let base = try server.start().absoluteString
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover], width: 100, height: 30,
            environment: ["TMDB_READ_ACCESS_TOKEN": token, "DISCOVER_TMDB_URL": base, "XDG_CONFIG_HOME": "/nonexistent"])

        // When / Then: the list in TMDB's order, the source named.
        let list = try XCTUnwrap(term.waitFor("TMDB live"), "the list appears")
        let rows = list.filter { $0.range(of: #"^.\s+\d+ \S"#, options: .regularExpression) != nil }
        XCTAssertTrue(rows.first?.contains("Law & Order: Special Victims Unit") ?? false, "\(rows)")
        XCTAssertTrue(rows.dropFirst().first?.contains("Stranger Things") ?? false, "\(rows)")
        term.send("Enter")
        let detail = try XCTUnwrap(term.waitFor("Olivia Benson"), "the details with cast appear")
        XCTAssertTrue(detail.contains { $0.contains("Mariska Hargitay") })
        term.send("?")
        XCTAssertNotNil(term.waitFor("Show details"), "the help opens")
        // The notice ends the help, after every key: End goes to it, however long the help. It
        // wraps inside the help box; its last words end a line of it.
        term.send("End")
        let help = term.waitFor(#"endorsed or certified by TMDB\."#)
        let shown = try XCTUnwrap(help, "TMDB's notice in the help: \(term.screen().joined(separator: "\n"))")
        XCTAssertTrue(shown.contains { $0.contains("Data from TMDB (themoviedb.org). This") }, shown.joined(separator: "\n"))
        XCTAssertFalse(shown.joined().contains(token))
        XCTAssertEqual(server.requests.first?.headers["authorization"], "Bearer \(token)")
        term.send("?")
        term.send("q")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertTrue(term.terminalRestored())
        XCTAssertFalse(term.history().contains(token))
    }
}
