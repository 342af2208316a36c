import Foundation
import TestSupport
import XCTest

/// The config file's `key.NAME` lines in the built binary: `help keys`, the hints and `?`
/// showing the keys now, a rebound key acting in every scene, a conflict stopping the start
/// with both actions and the line, and a Cyrillic letter acting as the Latin key in its place.
final class KeyRebindingEndToEndTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        folder = NSTemporaryDirectory() + "discover-keys-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/config/discover-tui", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private var configPath: String { folder + "/config/discover-tui/config" }

    private func writeConfig(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: configPath))
    }

    private func start(_ arguments: [String] = ["--source", "snapshot", "--list", "all"], width: Int = 120) throws -> TmuxTerminal {
        try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: 30, environment: ["XDG_CONFIG_HOME": folder + "/config"])
    }

    /// Runs the binary with output to a pipe and only the config folder, HOME and a locale set.
    private func run(_ arguments: [String]) throws -> Subprocess.Result {
        let env = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        return try Subprocess.run("/usr/bin/env", ["-i"] + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [BuiltProducts.discover] + arguments)
    }

    func testQuitOnXIsListedByHelpKeysShownInTheHintsAndTheHelpAndQuits() throws {
        try writeConfig("# mine\nkey.quit = x\n")
        let help = try run(["help", "keys"])
        XCTAssertEqual(help.status, 0, help.output)
        let quit = help.output.split(separator: "\n").filter { $0.hasPrefix("  quit ") }
        XCTAssertFalse(quit.isEmpty, help.output)
        for line in quit {
            XCTAssertEqual(line.split(separator: " ").prefix(2), ["quit", "x"], String(line))
            XCTAssertTrue(line.contains("\(configPath) line 2"), String(line))
        }
        XCTAssertTrue(help.output.contains("  down              Down, j"), help.output)

        let term = try start()
        let list = try XCTUnwrap(term.waitFor("1/1404"))
        XCTAssertTrue(list.last?.contains("? help  x quit") ?? false, list.last ?? "")
        // q no longer quits: the j after it still moves.
        term.send("q", "j")
        XCTAssertNotNil(term.waitFor("2/1404"), "q is not quit any more")
        term.send("?")
        let overlay = try XCTUnwrap(term.waitUntil { $0.contains { $0.contains("Quit") } })
        XCTAssertTrue(overlay.contains { $0.contains("x") && $0.contains("Quit") && !$0.contains("q ") }, overlay.joined(separator: "\n"))
        term.send("?")
        XCTAssertNotNil(term.waitFor("2/1404"))
        term.send("x")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testAKeyAlreadyDoingSomethingElseStopsTheStartNamingBothActionsAndTheLine() throws {
        try writeConfig("units = metric\n# my keys\nkey.quit = j\n")
        let taken = try run(["--source", "snapshot"])
        XCTAssertEqual(taken.status, 2, taken.output)
        let first = taken.output.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(first.hasPrefix("discover-tui: \(configPath) line 3: key.quit binds j, which is already down in "), first)

        try writeConfig("key.quiet = x\n")
        let unknown = try run(["--source", "snapshot"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.output.contains("\(configPath) line 1: unknown action 'quiet'"), unknown.output)

        try writeConfig("key.quit = x\nkey.sort = Hyper-S\n")
        let badName = try run(["--source", "snapshot"])
        XCTAssertEqual(badName.status, 2)
        XCTAssertTrue(badName.output.contains("\(configPath) line 2: key.sort: unknown key name 'Hyper-S'"), badName.output)
    }

    /// One scene: how to get there, the rebound key's hint, the key, and what it does.
    private struct Case {
        let scene: String
        let config: String
        var arguments = ["--source", "snapshot", "--list", "all"]
        /// Keys sent one after another, each followed by what to wait for.
        let reach: [(String, String)]
        /// The hint or text showing the rebound key, on the screen reached.
        let shows: String
        let key: String
        /// What the key leads to; nil: the program ends with status 0.
        let then: String?
    }

    func testAReboundKeyActsInEveryScene() throws {
        let cases = [
            Case(scene: "Popular shows", config: "key.open = i", reach: [], shows: "i open", key: "i", then: "Summary"),
            Case(scene: "Show details", config: "key.back = b", reach: [("Enter", "b back")], shows: "b back", key: "b", then: "1/1404"),
            Case(scene: "Episode guide", config: "key.watched = y", reach: [("Enter", "Summary"), ("e", "S1 E1")], shows: "y watched", key: "y", then: "✓"),
            Case(scene: "Tonight", config: "key.back = b", reach: [("t", "not recorded")], shows: "Tonight", key: "b", then: "1/1404"),
            Case(scene: "Continue", config: "key.quit = x", reach: [("C", "started shows")], shows: "x quit", key: "x", then: nil),
            Case(scene: "Favourites (a global key)", config: "key.favourites = V", reach: [], shows: "V favourites", key: "V", then: "0 shows · 0 places"),
            Case(scene: "Stats", config: "key.previous-year = <", reach: [("F", "0 places"), ("S", "Your year in TV")], shows: "< ] year", key: "<", then: "year-1"),
            Case(scene: "Places", config: "key.quit = x", arguments: ["places", "--source", "snapshot"], reach: [], shows: "x quit", key: "x", then: nil)
        ]
        for item in cases {
            try writeConfig(item.config + "\n")
            let term = try start(item.arguments)
            XCTAssertNotNil(term.waitFor(item.arguments.first == "places" ? "offline snapshot" : "1/1404"), item.scene)
            for (key, pattern) in item.reach {
                term.send(key)
                XCTAssertNotNil(term.waitFor(pattern), "\(item.scene): \(pattern) after \(key): \(term.screen().joined(separator: "\n"))")
            }
            let screen = try XCTUnwrap(term.waitFor(item.shows), "\(item.scene): \(term.screen().last ?? "")")
            term.send(item.key)
            switch item.then {
            case nil:
                XCTAssertEqual(term.exitStatus(), 0, item.scene)
            case "year-1"?:
                let year = try XCTUnwrap(screen.first?.split(separator: " ").last.flatMap { Int($0) }, screen.first ?? "")
                XCTAssertNotNil(term.waitFor("Your year in TV · \(year - 1)"), "\(item.scene): \(term.screen().first ?? "")")
            case let pattern?:
                XCTAssertNotNil(term.waitFor(pattern), "\(item.scene): \(pattern): \(term.screen().joined(separator: "\n"))")
            }
        }
    }

    func testACyrillicLetterActsAsTheLatinKeyInItsPlace() throws {
        let term = try start()
        XCTAssertNotNil(term.waitFor("1/1404"))
        // о is where j is, and й where q is.
        term.type("о")
        XCTAssertNotNil(term.waitFor("2/1404"), "о moved down as j")
        term.type("й")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
