import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary's output and messages, through real subprocesses and a real terminal
/// (tmux): output that cannot be written under every locale (case C30), numbers under a
/// German locale (C29), a geocoder's refusal (C31), a rejected key hidden by a fallback (C32)
/// and names that look like markup (C34).
final class OutputAndMessagesEndToEndTests: XCTestCase {
    private var root = ""
    private var servers: [LoopbackHTTPServer] = []

    /// The locales every mode runs under: plain C, C with UTF-8, a decimal comma (German) and
    /// the dotless i (Turkish, where `I` lower-cases to `ı` in the C library).
    static let locales = ["C", "C.UTF-8", "de_DE.UTF-8", "tr_TR.UTF-8"]

    /// A base URL where nothing listens: a live source there is unreachable at once.
    static let nowhere = "http://127.0.0.1:9"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-output-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        for server in servers { server.stop() }
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// Fails (with the fix) when a locale of `locales` is not generated on this machine.
    private func requireLocales() throws {
        for name in Self.locales where name != "C" {
            guard let locale = newlocale(Int32(1) << LC_CTYPE, name, nil) else {
                XCTFail("the locale \(name) is not generated: run scripts/install-deps.sh (make deps)")
                throw XCTSkip("locale \(name) missing")
            }
            freelocale(locale)
        }
    }

    private func server(_ routes: (LoopbackHTTPServer) throws -> Void) throws -> (LoopbackHTTPServer, String) {
        let server = LoopbackHTTPServer()
        try routes(server)
        servers.append(server)
        var base = try server.start().absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return (server, base)
    }

    /// Where standard output goes.
    enum Target: CustomStringConvertible {
        /// A regular file.
        case file
        /// `/dev/full`: every write fails with ENOSPC.
        case fullDevice
        /// A pipe whose reader has already gone, with SIGPIPE ignored (`trap '' PIPE`, as under
        /// systemd) or at its default.
        case closedPipe(ignoringSIGPIPE: Bool)
        /// No standard output at all: descriptor 1 closed (`>&-`).
        case closed

        var description: String {
            switch self {
            case .file: return "a file"
            case .fullDevice: return "/dev/full"
            case .closedPipe(let ignoring): return ignoring ? "a closed pipe, SIGPIPE ignored" : "a closed pipe"
            case .closed: return "a closed descriptor"
            }
        }
    }

    /// The environment of a run: a fresh home and XDG folders, the locale, and every live
    /// source at `nowhere` unless `environment` says otherwise.
    private func environment(locale: String, _ extra: [String: String]) -> [String] {
        var env = [
            "HOME": root + "/home", "LC_ALL": locale, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
            "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache",
            "DISCOVER_TVMAZE_URL": Self.nowhere, "DISCOVER_TMDB_URL": Self.nowhere, "DISCOVER_GEOAPIFY_URL": Self.nowhere,
            "DISCOVER_OVERPASS_URL": Self.nowhere, "DISCOVER_NOMINATIM_URL": Self.nowhere
        ]
        env.merge(extra) { _, new in new }
        return env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    private static func quote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs the binary through bash with standard output to `target` and standard error to a
    /// file.
    private func run(
        _ arguments: [String], locale: String = "C.UTF-8", target: Target = .file,
        environment extra: [String: String] = [:]
    ) throws -> (status: Int32, out: String, err: String) {
        let command = (["/usr/bin/env", "-i"] + environment(locale: locale, extra) + [BuiltProducts.discover] + arguments)
            .map(Self.quote).joined(separator: " ")
        let script: String
        switch target {
        case .file:
            script = "cd \(Self.quote(root)) && exec \(command) >out 2>err"
        case .fullDevice:
            script = "cd \(Self.quote(root)) && exec \(command) >/dev/full 2>err"
        case .closed:
            script = "cd \(Self.quote(root)) && exec \(command) >&- 2>err"
        case .closedPipe(let ignoring):
            // The reader (`true`) ends at once; the program starts 0.2 s later, so its first
            // write already meets a pipe nobody reads.
            script = "cd \(Self.quote(root)) && \(ignoring ? "trap '' PIPE; " : ""){ sleep 0.2; exec \(command) 2>err; } | true; exit ${PIPESTATUS[0]}"
        }
        let result = try Subprocess.run("/bin/bash", ["-c", script])
        let out = (try? String(contentsOfFile: root + "/out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: root + "/err", encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: root + "/out")
        try? FileManager.default.removeItem(atPath: root + "/err")
        return (result.status, out, err + result.output)
    }

    // MARK: C30: output that cannot be written, in every mode and locale

    /// Every subcommand and mode, with its exit status when its output is written (the check
    /// fails: every source is at `nowhere`).
    private static let modes: [(arguments: [String], status: Int32)] = [
        ([], 0),
        (["--json"], 0),
        (["places", "--source", "snapshot", "--near", "41.0172,28.9699"], 0),
        (["places", "--source", "snapshot", "--near", "41.0172,28.9699", "--json"], 0),
        (["--help"], 0),
        (["--version"], 0),
        (["--check"], 1)
    ]

    func testEveryModeUnderEveryLocaleEndsCleanlyOnEveryKindOfOutput() throws {
        try requireLocales()
        for locale in Self.locales {
            for mode in Self.modes {
                let said = "\(mode.arguments.joined(separator: " ")) under \(locale)"
                // To a file: the whole output, with the mode's status
                let written = try run(mode.arguments, locale: locale)
                XCTAssertEqual(written.status, mode.status, "\(said) to a file: \(written.err)")
                XCTAssertFalse(written.out.isEmpty, "\(said) printed nothing")
                XCTAssertFalse(written.err.contains("Fatal error"), "\(said): \(written.err)")
                if mode.arguments.contains("--json") {
                    for line in written.out.split(separator: "\n") {
                        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), "\(said): \(line)")
                    }
                    // JSON is UTF-8 in every locale: names keep their letters
                    if mode.arguments.contains("places") {
                        XCTAssertTrue(written.out.contains(#""name":"Karaköy Lokantası""#), "\(said): \(written.out)")
                        XCTAssertTrue(written.out.contains(#""latitude":41.0"#), "\(said): \(written.out)")
                    }
                }
                if mode.arguments.first == "places" && !mode.arguments.contains("--json") {
                    XCTAssertTrue(written.out.hasPrefix("# Near 41.0172,28.9699 "), "\(said): \(written.out)")
                }
                // To a full device: status 1 and one line naming the error
                let full = try run(mode.arguments, locale: locale, target: .fullDevice)
                XCTAssertEqual(full.status, 1, "\(said) to /dev/full: \(full.err)")
                let lines = full.err.split(separator: "\n")
                XCTAssertEqual(lines.count, 1, "\(said) to /dev/full: \(full.err)")
                XCTAssertTrue(lines.first?.hasPrefix("discover-tui: cannot write to standard output: ") ?? false, "\(said): \(full.err)")
                // To a reader that went away: quietly, with the status a SIGPIPE gives
                for ignoring in [true, false] {
                    let gone = try run(mode.arguments, locale: locale, target: .closedPipe(ignoringSIGPIPE: ignoring))
                    XCTAssertEqual(gone.status, 141, "\(said) to \(Target.closedPipe(ignoringSIGPIPE: ignoring)): \(gone.err)")
                    XCTAssertEqual(gone.err, "", "\(said) to \(Target.closedPipe(ignoringSIGPIPE: ignoring))")
                }
            }
        }
    }

    func testAClosedStandardOutputIsReportedNotWrittenIntoAnotherDescriptor() throws {
        // Given standard output closed (`>&-`): descriptor 1 is free for the next socket
        for arguments in [["places", "--source", "snapshot"], ["--source", "snapshot"], ["--source", "snapshot", "--json"]] {
            // When it runs
            let result = try run(arguments, target: .closed)
            // Then one line says so, with status 1
            let said = arguments.joined(separator: " ")
            XCTAssertEqual(result.status, 1, "\(said): \(result.err)")
            XCTAssertEqual(result.err, "discover-tui: cannot write to standard output: Bad file descriptor\n", said)
        }
    }

    func testAReaderThatTakesOneLineWithSIGPIPEIgnoredGetsOneLineOfJSONAndNoCrash() throws {
        // Given `(trap '' PIPE; discover-tui --json | head -1)`, the listing larger than a pipe holds
        let command = (["/usr/bin/env", "-i"] + environment(locale: "C.UTF-8", [:]) + [BuiltProducts.discover, "--list", "all", "--json"])
            .map(Self.quote).joined(separator: " ")
        let script = "cd \(Self.quote(root)) && trap '' PIPE; \(command) 2>err | head -1 >out; echo ${PIPESTATUS[0]} >status"
        // When it runs
        let shell = try Subprocess.run("/bin/bash", ["-c", script])
        // Then one line of JSON arrives, and the program ended quietly on its own
        let out = try String(contentsOfFile: root + "/out", encoding: .utf8)
        let err = try String(contentsOfFile: root + "/err", encoding: .utf8)
        let status = try String(contentsOfFile: root + "/status", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(out.split(separator: "\n").count, 1, out)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(out.utf8)), out)
        XCTAssertFalse((err + shell.output).contains("Fatal error"), err)
        XCTAssertFalse(err.contains("cannot write"), err)
        XCTAssertEqual(status, "141", err)
    }

    func testAUsageErrorWithStandardErrorFullStillExits2() throws {
        let command = ([BuiltProducts.discover, "--bogus"]).map(Self.quote).joined(separator: " ")
        let result = try Subprocess.run("/bin/bash", ["-c", "exec \(command) 2>/dev/full"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.output, "")
    }

    func testFlagValuesInCapitalsReadTheSameUnderEveryLocale() throws {
        // The dotless i: in Turkish, the C library lower-cases `I` to `ı`
        try requireLocales()
        for locale in Self.locales {
            let result = try run(["places", "--source", "snapshot", "--units", "IMPERIAL", "--near", "41.0172,28.9699"], locale: locale)
            XCTAssertEqual(result.status, 0, "\(locale): \(result.err)")
            XCTAssertTrue(result.out.contains(" mi ") || result.out.contains(" ft "), "\(locale): \(result.out)")
        }
    }

    // MARK: C29: numbers under a German locale

    func testRequestsAndTheScreenUseADecimalPointUnderAGermanLocale() throws {
        try requireLocales()
        // Given a logging Overpass and Geoapify, and LC_ALL=de_DE.UTF-8
        let (overpass, overpassBase) = try server { $0.route("/interpreter", .json(try Fixtures.snapshotData("overpass_istanbul_restaurants_cafes.json"))) }
        let (geoapify, geoapifyBase) = try server { $0.route("/v2/places", .json(try Fixtures.data("geoapify/places_empty.json"))) }

        // When Overpass is asked (the plain listing)
        let osm = try run(["places", "--near", "41.0172,28.9699", "--source", "osm", "--overpass-base", overpassBase], locale: "de_DE.UTF-8")
        // Then the query carries the point decimals, and so does the listing
        XCTAssertEqual(osm.status, 0, osm.err)
        let query = try XCTUnwrap(overpass.requests.first?.queryItems["data"], "Overpass was asked")
        XCTAssertTrue(query.contains("around:2000,41.0172,28.9699"), query)
        XCTAssertTrue(osm.out.hasPrefix("# Near 41.0172,28.9699 · within 2 km"), osm.out)
        XCTAssertNil(osm.out.range(of: #"\d,\d+ (km|m)\b"#, options: .regularExpression), osm.out)

        // When Geoapify is asked
        let live = try run(
            ["places", "--near", "41.0172,28.9699", "--source", "geoapify", "--geoapify-base", geoapifyBase],
            locale: "de_DE.UTF-8", environment: ["GEOAPIFY_API_KEY": "TEST-KEY-de"])
        XCTAssertEqual(live.status, 1, "an empty answer is nothing found: " + live.err)
        let request = try XCTUnwrap(geoapify.requests.first, "Geoapify was asked")
        XCTAssertTrue(request.queryItems["filter"]?.hasPrefix("circle:28.9699,41.0172,") ?? false, request.query ?? "")
        XCTAssertEqual(request.queryItems["bias"], "proximity:28.9699,41.0172")

        // When a place is opened on the screen
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let data = root + "/de-data"
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "places", "--near", "41.0172,28.9699", "--source", "osm", "--overpass-base", overpassBase],
            width: 100, height: 30, environment: ["LC_ALL": "de_DE.UTF-8", "XDG_DATA_HOME": data])
        XCTAssertNotNil(term.waitFor("Overpass live"), term.screen().joined(separator: "\n"))
        let list = try XCTUnwrap(term.waitFor("41.0172,28.9699"), "the status bar shows the centre as --near takes it")
        XCTAssertFalse(list.joined(separator: "\n").contains("41,0172"), list.joined(separator: "\n"))
        term.send("Enter")
        let detail = try XCTUnwrap(term.waitFor("Coordinates"), "the details open")
        let line = try XCTUnwrap(detail.first { $0.contains("Coordinates") })
        let range = try XCTUnwrap(line.range(of: #"-?\d+\.\d+,-?\d+\.\d+"#, options: .regularExpression), line)
        let shown = String(line[range])
        term.send("f")
        XCTAssertNotNil(term.waitFor("♥"), "the place is a favourite")
        term.send("Escape", "q")
        XCTAssertEqual(term.exitStatus(), 0)

        // And favorites.json holds the place's coordinates with a point
        let saved = try String(contentsOfFile: data + "/discover-tui/favorites.json", encoding: .utf8)
        XCTAssertNotNil(saved.range(of: #""latitude"\s*:\s*41\.\d+"#, options: .regularExpression), saved)
        XCTAssertNotNil(saved.range(of: #""longitude"\s*:\s*28\.\d+"#, options: .regularExpression), saved)

        // Then the coordinates on screen are taken back by --near, under the same locale
        let again = try run(["places", "--source", "snapshot", "--near", shown], locale: "de_DE.UTF-8")
        XCTAssertEqual(again.status, 0, "\(shown): \(again.err)")
        XCTAssertTrue(again.out.hasPrefix("# Near "), again.out)
    }

    // MARK: C31: a geocoder's refusal is not "no such city"

    func testANominatimRefusalOrFailureIsToldApartFromAnEmptyAnswer() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let (_, overpassBase) = try server { $0.route("/interpreter", .json(try Fixtures.snapshotData("overpass_istanbul_restaurants_cafes.json"))) }
        let blocked = ScriptedResponse(
            status: 403, headers: ["Content-Type": "text/html"],
            body: Data("<html><body><h1>Access blocked</h1><p>You have been blocked.</p></body></html>".utf8))
        let failed = ScriptedResponse(status: 500, headers: ["Content-Type": "text/plain"], body: Data("Internal Server Error".utf8))
        for (answer, expected) in [
            (blocked, "Nominatim answered HTTP 403: forbidden"),
            (failed, "Nominatim answered HTTP 500: server error"),
            (ScriptedResponse.json("[]"), "Nominatim found no city called “Qwertyville”")
        ] {
            // Given a Nominatim that answers this way
            let (nominatim, nominatimBase) = try server { $0.route("/search", answer) }
            let term = try TmuxTerminal(
                command: [
                    BuiltProducts.discover, "places", "--source", "osm", "--near", "41.0172,28.9699",
                    "--overpass-base", overpassBase, "--nominatim-base", nominatimBase
                ], width: 100, height: 30)
            XCTAssertNotNil(term.waitFor("Overpass"), "the list appears")
            // When the online search is asked for Qwertyville
            term.send("L")
            term.type("Qwertyville")
            XCTAssertNotNil(term.waitFor("Search Nominatim for “Qwertyville”"), "the online search is offered")
            term.send("Enter")
            // Then the message names what happened; only the empty answer says no city was found
            let screen = try XCTUnwrap(term.waitFor(expected, timeout: 20), "\(expected): \(term.screen().joined(separator: "\n"))")
            if expected.contains("HTTP") {
                XCTAssertFalse(screen.joined().contains("found no city"), screen.joined(separator: "\n"))
            }
            XCTAssertEqual(nominatim.requests.first?.queryItems["q"], "Qwertyville")
            term.send("Escape")
            term.send("q")
            XCTAssertEqual(term.exitStatus(), 0)
        }
    }

    // MARK: C32: a rejected key is not hidden by the fallback

    func testARejectedGeoapifyKeyAndAnUnreachableOverpassAreBothNamedOverTheSnapshot() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        // Given Geoapify refusing the key and Overpass unreachable, places in auto
        let (geoapify, geoapifyBase) = try server {
            $0.route("/v2/places", .json(#"{"statusCode":401,"error":"Unauthorized","message":"Invalid apiKey"}"#, status: 401))
        }
        let environment = [
            "GEOAPIFY_API_KEY": "bad", "DISCOVER_GEOAPIFY_URL": geoapifyBase,
            "DISCOVER_OVERPASS_URL": Self.nowhere, "DISCOVER_NOMINATIM_URL": Self.nowhere
        ]
        for width in [80, 120] {
            let term = try TmuxTerminal(command: [BuiltProducts.discover, "places"], width: width, height: 24, environment: environment)
            // Then the status bar names both reasons, the rejected key first, and the snapshot
            let screen = try XCTUnwrap(term.waitFor("Geoapify key rejected · Overpass unreachable"), term.screen().joined(separator: "\n"))
            let status = try XCTUnwrap(screen.last)
            XCTAssertTrue(status.contains("offline snapshot"), status)
            XCTAssertLessThanOrEqual(status.count, width, status)
            XCTAssertFalse(screen.joined().contains("bad"), "the key is never shown")
            term.send("q")
            XCTAssertEqual(term.exitStatus(), 0)
        }
        XCTAssertEqual(geoapify.requests.first?.queryItems["apiKey"], "bad")

        // And the plain listing says the same on standard error, after the listing
        let plain = try run(["places"], environment: environment)
        XCTAssertEqual(plain.status, 0, plain.err)
        XCTAssertTrue(plain.out.contains("offline snapshot"), plain.out)
        XCTAssertTrue(plain.err.hasPrefix("discover-tui: Geoapify key rejected; Overpass unreachable; listing the offline snapshot"), plain.err)
    }

    // MARK: C34: names that look like markup

    /// The names of case C34.
    private static let markupNames = ["<Untitled Pilot>", "I <3 Tokyo", "a < b > c", "Love & <Hip> Hop"]

    /// A TVmaze whose first page holds four shows with the case's names (weights 100…97, so
    /// they are listed in this order), each with an HTML summary, and their details.
    private func markupTVmaze() throws -> String {
        let page = try XCTUnwrap(JSONSerialization.jsonObject(with: try Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]])
        var shows: [[String: Any]] = []
        for (index, name) in Self.markupNames.enumerated() {
            var show = page[index]
            show["name"] = name
            show["weight"] = 100 - index
            show["summary"] = "<p>A <b>pilot</b> &amp; more</p>"
            shows.append(show)
        }
        let (_, base) = try server { server in
            server.route("/shows", query: ["page": "0"], .json(try JSONSerialization.data(withJSONObject: shows)))
            for show in shows {
                let id = try XCTUnwrap(show["id"] as? Int)
                server.route("/shows/\(id)", .json(try JSONSerialization.data(withJSONObject: show)))
            }
        }
        return base
    }

    func testNamesThatLookLikeMarkupAreShownAndKeptAsSent() throws {
        let base = try markupTVmaze()

        // Plain text and JSON lines keep every name whole
        let plain = try run(["--source", "tvmaze", "--list", "all", "--api-base", base, "--no-cache"])
        XCTAssertEqual(plain.status, 0, plain.err)
        for name in Self.markupNames { XCTAssertTrue(plain.out.contains(name), "\(name): \(plain.out)") }
        let json = try run(["--source", "tvmaze", "--list", "all", "--api-base", base, "--no-cache", "--json"])
        XCTAssertEqual(json.status, 0, json.err)
        let names = try json.out.split(separator: "\n").map { line in
            try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["name"] as? String)
        }
        XCTAssertEqual(names, Self.markupNames)

        // The list, the details and the favourites in a terminal
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let data = root + "/tmux-data"
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "tvmaze", "--list", "all", "--api-base", base, "--no-cache"],
            width: 100, height: 24, environment: ["XDG_DATA_HOME": data])
        let list = try XCTUnwrap(term.waitFor("Love & <Hip> Hop"), term.screen().joined(separator: "\n"))
        for name in Self.markupNames { XCTAssertTrue(list.joined().contains(name), "\(name) in the list") }
        XCTAssertFalse(list.joined().contains("(untitled)"))
        term.send("Enter")
        let detail = try XCTUnwrap(term.waitFor("A pilot & more"), "the summary is cleaned HTML: \(term.screen().joined(separator: "\n"))")
        XCTAssertTrue(detail.joined().contains("<Untitled Pilot>"), detail.joined(separator: "\n"))
        term.send("Escape")
        for _ in Self.markupNames {
            term.send("f", "Down")
        }
        term.send("F")
        let favourites = try XCTUnwrap(
            term.waitUntil { screen in Self.markupNames.allSatisfy { screen.joined().contains($0) } && screen.joined().contains("[Favourites]") },
            term.screen().joined(separator: "\n"))
        XCTAssertFalse(favourites.joined().contains("(untitled)"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)

        // favorites.json keeps the names as sent
        let file = try Data(contentsOf: URL(fileURLWithPath: data + "/discover-tui/favorites.json"))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        let entries = try XCTUnwrap(object["favourites"] as? [[String: Any]] ?? object["favorites"] as? [[String: Any]], String(decoding: file, as: UTF8.self))
        XCTAssertEqual(Set(entries.compactMap { $0["name"] as? String }), Set(Self.markupNames), String(decoding: file, as: UTF8.self))
    }
}
