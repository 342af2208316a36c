import Scenes
import Terminal
import Workers
import XCTest

@testable import App

/// The table of actions: every action named, described and reachable by a key of its own;
/// the config file's `key.NAME` lines checked; the status bar's hints built from the bindings.
final class KeyTableTests: XCTestCase {
    func testEveryActionHasALowerCaseNameADescriptionAndAKeyThatReachesIt() throws {
        let global = try XCTUnwrap(KeyCatalogue.scenes.last)
        XCTAssertEqual(global.title, KeyCatalogue.everywhereTitle)
        let globalKeys = Set(global.rows.flatMap(\.keys))
        XCTAssertGreaterThan(KeyCatalogue.scenes.count, 10)
        for scene in KeyCatalogue.scenes {
            XCTAssertEqual(Set(scene.rows.map(\.name)).count, scene.rows.count, "names are unique in \(scene.title)")
            for (index, row) in scene.rows.enumerated() {
                XCTAssertNotNil(row.name.wholeMatch(of: /[a-z][a-z-]*[a-z]/), "\(scene.title): '\(row.name)'")
                XCTAssertFalse(row.help.isEmpty, row.name)
                XCTAssertNil(row.origin, "no config file: every key is the default")
                // Reachable: a key of its own that no earlier binding and no global key takes.
                let earlier = Set(scene.rows[..<index].flatMap(\.keys))
                let shadowed = scene.title == global.title ? earlier : earlier.union(globalKeys)
                XCTAssertTrue(row.keys.contains { !shadowed.contains($0) }, "\(scene.title): \(row.name) is reachable by a key")
            }
        }
        for name in ["quit", "back", "up", "down", "open", "filter", "help", "favourite", "watched", "rate", "sort"] {
            XCTAssertTrue(KeyCatalogue.names.contains(name), name)
        }
    }

    func testHelpKeysListsEveryActionWithItsKeysAndWhereTheyWereSet() {
        let text = KeyCatalogue.helpText
        for name in KeyCatalogue.names { XCTAssertTrue(text.contains("  \(name) "), name) }
        XCTAssertTrue(text.contains("Popular shows:\n"))
        let quit = text.split(separator: "\n").first { $0.hasPrefix("  quit ") }
        XCTAssertEqual(quit.map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3) }, ["quit", "q", "default"])
        XCTAssertEqual(HelpText.commandHelp("keys"), text)
    }

    func testAKeyTakenFromAnotherActionInTheSameSceneNamesBothTheFileAndTheLine() {
        let rows = [
            KeyActionRow(name: "down", keys: [.down, .character("j")], label: "↓ j", help: "Move down", origin: nil),
            KeyActionRow(name: "quit", keys: [.character("j")], label: "j", help: "Quit", origin: "/c/config line 3")
        ]
        let global = KeyActionRow(name: "help", keys: [.character("?")], label: "?", help: "Help", origin: nil)
        let scenes = [KeyCatalogue.Scene(title: "Popular shows", rows: rows), KeyCatalogue.Scene(title: KeyCatalogue.everywhereTitle, rows: [global])]
        let message = KeyConfig.conflict(in: scenes)
        XCTAssertEqual(
            message,
            "/c/config line 3: key.quit binds j, which is already down in Popular shows; one key does one thing: "
                + "give down another key (key.down = ...) or choose another for quit")
        // The defaults alone never conflict, and a key moved to a free key is fine.
        let free = [rows[0], KeyActionRow(name: "quit", keys: [.character("x")], label: "x", help: "Quit", origin: "/c/config line 3")]
        XCTAssertNil(KeyConfig.conflict(in: [KeyCatalogue.Scene(title: "Popular shows", rows: free), scenes[1]]))
        XCTAssertNil(KeyConfig.conflict(in: KeyCatalogue.scenes))
        // A scene's key set over a global one is a conflict too (the global key is read first).
        let overGlobal = [KeyActionRow(name: "quit", keys: [.character("?")], label: "?", help: "Quit", origin: "/c/config line 1")]
        XCTAssertTrue(
            KeyConfig.conflict(in: [KeyCatalogue.Scene(title: "Stats", rows: overGlobal), scenes[1]])?.contains("already help in Stats") ?? false)
    }

    func testTheConfigFileKeepsAnEmptyKeyLineAsUnboundAndRejectsOtherUnknownKeys() throws {
        let file = try ConfigFile.parse("units = metric\nkey.quit = x, C-q\nkey.sort =\n", path: "/c/config", schema: AppOptions.configSchema)
        XCTAssertEqual(file["key.quit"], ConfigFile.Entry(value: "x, C-q", line: 2))
        XCTAssertEqual(file["key.sort"], ConfigFile.Entry(value: "", line: 3))
        XCTAssertThrowsError(try ConfigFile.parse("keys.quit = x\n", path: "/c/config", schema: AppOptions.configSchema))
        XCTAssertThrowsError(try ConfigFile.parse("key. = x\n", path: "/c/config", schema: AppOptions.configSchema))
    }

    func testAnUnknownKeyNameIsAUsageErrorNamingTheLine() {
        let config = ConfigFile(path: "/c/config", entries: ["key.quit": .init(value: "x, Hyper-Q", line: 4)])
        XCTAssertThrowsError(try KeyConfig.install(from: config)) { error in
            let usage = error as? UsageError
            XCTAssertEqual(usage?.inConfigFile, true)
            XCTAssertTrue(usage?.message.hasPrefix("/c/config line 4: key.quit: unknown key name 'Hyper-Q'") ?? false, usage?.message ?? "")
        }
    }

    func testRateTakesDigitsOnlyForTheDigitIsTheRating() {
        let config = ConfigFile(path: "/c/config", entries: ["key.rate": .init(value: "1, 2, R", line: 5)])
        XCTAssertThrowsError(try KeyConfig.install(from: config)) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message, "/c/config line 5: key.rate: R is not a digit; the digit pressed is the rating (1-9, 0 for 10)")
        }
    }
}
