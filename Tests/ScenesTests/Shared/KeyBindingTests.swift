import Scenes
import Terminal
import XCTest

/// Key names, other keyboard layouts, the config file's keys over the defaults, and the
/// status bar's hints built from the bindings.
@MainActor
final class KeyBindingTests: XCTestCase {
    func testKeyNamesReadBackWhatTheyWrite() async {
        let keys: [Key] = [
            .character("x"), .character("?"), .control("s"), .function(5), .character(" "), .enter, .backTab, .tab, .escape, .up, .pageDown,
            .alt(.character("x")), .delete, .character("й")
        ]
        for key in keys { XCTAssertEqual(KeyName.key(named: KeyName.name(of: key)), key, KeyName.name(of: key)) }
        XCTAssertEqual(KeyName.key(named: "C-S"), .control("s"))
        XCTAssertEqual(KeyName.key(named: "space"), .character(" "))
        XCTAssertEqual(KeyName.key(named: "f12"), .function(12))
        for bad in ["", "F13", "C-", "Hyper-Q", "xy", "C-1"] { XCTAssertNil(KeyName.key(named: bad), bad) }
        XCTAssertEqual(KeyName.symbol(of: .enter), "⏎")
        XCTAssertEqual(KeyName.symbol(of: .control("l")), "Ctrl-L")
    }

    func testCyrillicAndGreekLettersActAsTheLatinKeyInTheSamePlaceUnlessBoundThemselves() async {
        XCTAssertEqual(KeyboardLayouts.latinKey(for: .character("й")), .character("q"))
        XCTAssertEqual(KeyboardLayouts.latinKey(for: .character("Ы")), .character("S"))
        XCTAssertEqual(KeyboardLayouts.latinKey(for: .character("ς")), .character("w"))
        XCTAssertNil(KeyboardLayouts.latinKey(for: .character("q")))
        XCTAssertNil(KeyboardLayouts.latinKey(for: .up))
        let map = [
            KeyBinding("quit", keys: [.character("q")], label: "q", help: "Quit", action: 1),
            KeyBinding("other", keys: [.character("ф")], label: "ф", help: "Bound itself", action: 2)
        ]
        XCTAssertEqual(map.action(for: .character("й")), 1)
        XCTAssertEqual(map.action(for: .character("ф")), 2, "a letter bound itself keeps its own action (ф is where a is)")
        XCTAssertNil(map.action(for: .character("а")) as Int?, "а is where f is: nothing")
        if case .quit? = PopularListViewController.keyMap.action(for: .character("й")) as PopularListViewController.Action? {
        } else {
            XCTFail("й quits the list as q does")
        }
    }

    func testTheConfigFilesKeysReplaceTheDefaultsInTheHelpAndTheHints() async {
        KeyRebinding.install(["test-quit": .init(keys: [.character("x"), .control("q")], origin: "/c/config line 2"), "test-sort": .init(keys: [], origin: "/c/config line 3")])
        defer { KeyRebinding.install([:]) }
        let map = [
            KeyBinding("test-open", keys: [.enter, .character("l")], label: "⏎ l", help: "Open", action: 0),
            KeyBinding("test-quit", keys: [.character("q")], label: "q", help: "Quit", action: 1),
            KeyBinding("test-sort", keys: [.character("s")], label: "s", help: "Sort", action: 2)
        ].rebound()
        XCTAssertEqual(map.action(for: .character("x")), 1)
        XCTAssertEqual(map.action(for: .control("q")), 1)
        XCTAssertNil(map.action(for: .character("q")) as Int?, "q no longer quits")
        XCTAssertNil(map.action(for: .character("s")) as Int?, "s is unbound")
        XCTAssertEqual(map.helpEntries().map(\.keys), ["⏎ l", "x Ctrl-Q", "unbound"])
        XCTAssertEqual(map.actionRows().map(\.origin), [nil, "/c/config line 2", "/c/config line 3"])
        XCTAssertEqual(KeyHints.join([map.hint("test-open", "open"), map.hint("test-sort", "sort"), map.hint("test-quit", "quit")]), "⏎ open  x quit")
    }

    func testEveryScenesHintsNameOnlyKeysItsBindingsHold() async {
        let scenes: [(String, [KeyActionRow], StatusBarContent)] = [
            ("Popular", PopularListViewController.keyMap.actionRows(), PopularListViewController().statusBar),
            ("Continue", ContinueViewController.keyMap.actionRows(), ContinueViewController().statusBar),
            ("Stats", StatsViewController.keyMap.actionRows(), StatsViewController().statusBar),
            ("Favourites", FavouritesViewController.keyMap.actionRows(), FavouritesViewController().statusBar),
            ("Episode guide", EpisodeGuideViewController.keyMap.actionRows(), EpisodeGuideViewController().statusBar)
        ]
        let global = GlobalKeys.keyMap.actionRows()
        for (title, rows, bar) in scenes {
            let symbols = Set((rows + global).flatMap(\.keys).map(KeyName.symbol)).union(["1–9"])
            let parts = bar.hints.components(separatedBy: "  ")
            XCTAssertGreaterThan(parts.count, 2, title)
            for part in parts {
                let keys = part.split(separator: " ").first.map(String.init) ?? ""
                let each = keys.allSatisfy { "↑↓←→".contains($0) } ? keys.map(String.init) : [keys]
                XCTAssertTrue(each.allSatisfy(symbols.contains), "\(title): '\(part)' names a key of its bindings")
            }
        }
        XCTAssertEqual(PopularListViewController().statusBar.hints, "⏎ open  / filter  f fav  F favourites  C continue  ? help  q quit")
    }
}
