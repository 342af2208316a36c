import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// What a person meets in the first hour, in a real terminal: the first screen over an
/// unreachable TVmaze keeps `? help` and `q quit` beside the error at every width, a show with
/// no episode list offers no `e` and its guide still says `Esc back`, a locale that is not
/// installed is named on standard error once the screen is gone, and lists to a pipe keep
/// their columns (`--tsv` its cells).
final class FirstHourEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-first-hour-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// A fresh home, and every live source where nothing listens (unreachable at once).
    private var environment: [String: String] {
        let nowhere = "http://127.0.0.1:9"
        return [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "DISCOVER_TVMAZE_URL": nowhere, "DISCOVER_TMDB_URL": nowhere, "DISCOVER_GEOAPIFY_URL": nowhere,
            "DISCOVER_OVERPASS_URL": nowhere, "DISCOVER_NOMINATIM_URL": nowhere
        ]
    }

    func testTheFirstScreenOverAnUnreachableTVmazeKeepsHelpAndQuitBesideTheError() throws {
        for width in [60, 80, 120] {
            // Given the default mode (no --offline) with TVmaze unreachable
            let term = try TmuxTerminal(command: [BuiltProducts.discover], width: width, height: 24, environment: environment)

            // When the first screen has fallen back to the snapshot and says why
            let screen = try XCTUnwrap(
                term.waitUntil { $0.joined(separator: " ").contains("TVmaze is unreachable") && $0.last?.contains("offline snapshot") == true },
                "\(width) columns: " + term.screen().joined(separator: "\n"))

            // Then the status bar still ends with the hints to the help and out
            let bar = try XCTUnwrap(screen.last)
            XCTAssertTrue(bar.hasSuffix("? help  q quit"), "\(width) columns: \(bar)")
            if width >= 120 { XCTAssertTrue(bar.contains("TVmaze is unreachable (connection refused)"), bar) }
            // And q, as the bar says, quits
            term.send("q")
            XCTAssertEqual(term.exitStatus(timeout: 5), 0, "\(width) columns")
        }
    }

    func testAShowWithNoEpisodeListOffersNoEAndItsGuideSaysEscBack() throws {
        // Given The A-Team, whose episodes the snapshot does not record
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "show", "1058", "--offline"], width: 100, height: 24, environment: environment)
        let details = try XCTUnwrap(
            term.waitUntil { $0.contains { $0.contains("Dwight Schultz") } && $0.last?.contains("Loading") == false },
            term.screen().joined(separator: "\n"))

        // Then its hints offer no episode guide
        let bar = try XCTUnwrap(details.last)
        XCTAssertTrue(bar.contains("Esc back  ↑↓ scroll  c cast  f fav  "), bar)
        XCTAssertFalse(bar.contains("e episodes"), bar)

        // When e opens the guide anyway, its bar says the way back beside the message
        term.send("e")
        let guide = try XCTUnwrap(
            term.waitUntil { $0.joined(separator: " ").contains("No episode list is recorded for this show in this source.") && $0.last?.contains("Esc back") == true },
            term.screen().joined(separator: "\n"))
        XCTAssertTrue(guide.last?.hasSuffix("? help") ?? false, guide.last ?? "")

        // And Esc goes back, as said
        term.send("Escape")
        XCTAssertNotNil(term.waitUntil { $0.last?.contains("c cast") == true }, term.screen().joined(separator: "\n"))
    }

    /// A locale name this machine does not have: `en_US.UTF-8` where only `C.UTF-8` is
    /// generated (as on a fresh Debian), else one no machine has.
    private var missingLocale: String {
        for name in ["en_US.UTF-8", "zz_ZZ.UTF-8"] {
            guard let locale = newlocale(Int32(1) << LC_CTYPE, name, nil) else { return name }
            freelocale(locale)
        }
        return "zz_ZZ.UTF-8"
    }

    func testAMissingLocaleIsNamedOnStandardErrorReadableAfterTheFullScreenAndInCheck() throws {
        // Given LANG naming a locale that is not installed (and no LC_ALL)
        let name = missingLocale
        var env = environment
        env["LC_ALL"] = ""
        env["LANG"] = name
        let line =
            "discover-tui: the locale \(name) (LANG) is not installed, so text is in ASCII; "
            + "install it (sudo locale-gen \(name), or dpkg-reconfigure locales) or use LANG=C.UTF-8"

        // When the full screen starts (in ASCII) and quits
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 100, height: 24, environment: env)
        let first = try XCTUnwrap(term.waitUntil { $0.last?.contains("offline snapshot") == true }, term.screen().joined(separator: "\n"))
        // the bar says it until the first key, with the hints kept
        XCTAssertTrue(first.joined(separator: " ").contains("is not installed, so text is in ASCII"), first.joined(separator: "\n"))
        XCTAssertTrue(first.last?.hasSuffix("? help  q quit") ?? false, first.last ?? "")
        XCTAssertFalse(first.joined().unicodeScalars.contains { !$0.isASCII }, "drawn in ASCII: " + first.joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(timeout: 5), 0)

        // Then the line is on the terminal once the screen is gone, whole, once
        let after = term.history()
        XCTAssertEqual(after.components(separatedBy: line).count - 1, 1, after)

        // And a piped run and --check say it too
        let pipe = try PipedRun(prefix: "discover-first-hour-pipe")
        defer { pipe.remove() }
        let piped = try pipe.run(["--offline"], environment: env)
        XCTAssertTrue(piped.err.contains(line), piped.err)
        let check = try pipe.run(["--offline", "--check"], environment: env)
        XCTAssertTrue(check.out.contains("Locale        the locale \(name) (LANG) is not installed"), check.out)
        XCTAssertFalse(check.err.contains("locale"), "said once, in the report: \(check.err)")
    }

    func testPipedListsKeepTheirColumnsAndTSVKeepsItsCells() throws {
        let pipe = try PipedRun(prefix: "discover-first-hour-columns")
        defer { pipe.remove() }
        // Each list, and its column the text layout ends with
        let lists: [(arguments: [String], last: String)] = [
            (["--offline", "--list", "all"], "network"), (["search", "the", "--offline"], "network"), (["tonight", "--offline"], "channel"),
            (["places", "--offline"], "")
        ]
        for (arguments, lastColumn) in lists {
            // Given a list printed in columns and tab-separated
            let text = try pipe.run(arguments)
            let tsv = try pipe.run(arguments + ["--tsv"])
            XCTAssertEqual(text.status, 0, "\(arguments): \(text.err)")
            XCTAssertEqual(tsv.status, 0, "\(arguments): \(tsv.err)")

            // Then every tab-separated line has the header's number of cells
            let rows = tsv.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            let header = try XCTUnwrap(rows.first, "\(arguments)")
            XCTAssertGreaterThan(rows.count, 5, "\(arguments)")
            XCTAssertTrue(rows.allSatisfy { $0.count == header.count }, "\(arguments): \(tsv.out.prefix(2_000))")
            guard let last = header.firstIndex(of: lastColumn), let name = header.firstIndex(of: "name") ?? header.firstIndex(of: "show") else { continue }

            // And in columns the last column starts in the same place on every row (rows of
            // ASCII only, whose cells are one a character), whatever the cells before it hold
            let lines = text.out.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && $0.allSatisfy(\.isASCII) }
            var starts = Set<Int>()
            for row in rows.dropFirst() where !row[last].isEmpty {
                guard let line = lines.first(where: { $0.hasSuffix("  " + row[last]) && $0.contains(row[name]) }) else { continue }
                starts.insert(line.count - row[last].count)
            }
            XCTAssertGreaterThan(starts.isEmpty ? 0 : lines.count, 5, "\(arguments): rows compared")
            XCTAssertEqual(starts.count, 1, "\(arguments): the \(lastColumn) column starts at \(starts.sorted())\n\(text.out.prefix(3_000))")
        }
        // --tsv and --json are two forms of one list
        let both = try pipe.run(["--offline", "--tsv", "--json"])
        XCTAssertEqual(both.status, 2, both.err)
        XCTAssertTrue(both.err.contains("--json and --tsv"), both.err)
    }
}
