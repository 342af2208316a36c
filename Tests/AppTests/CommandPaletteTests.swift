import Scenes
import Terminal
import XCTest

@testable import App

/// The `:` palette's model: every action and command listed and found by its name, fuzzy
/// filtering by the list's matcher, commands' arguments checked, Esc, and the history.
@MainActor
final class CommandPaletteTests: XCTestCase {
    private func palette(history: [String] = []) -> CommandPalette {
        CommandPalette(actions: PopularListViewController.keyMap.actionRows() + GlobalKeys.keyMap.actionRows(), history: history)
    }

    private func typed(_ text: String, into palette: inout CommandPalette) {
        for character in text { XCTAssertEqual(palette.handle(.character(character)), .stay) }
    }

    func testEveryActionAndCommandIsListedAndItsNameFindsItFirst() async {
        var palette = palette()
        let names = palette.entries.map(\.name)
        XCTAssertEqual(Set(names), Set(PopularListViewController.keyMap.actionRows().map(\.name) + GlobalKeys.keyMap.actionRows().map(\.name) + ["theme", "rate", "stats", "sort"]))
        XCTAssertEqual(palette.shown.count, palette.entries.count, "an empty line lists every row")
        for name in names {
            typed(name, into: &palette)
            XCTAssertEqual(palette.selectedEntry?.name, name, "typing \(name) picks it")
            XCTAssertEqual(palette.handle(.control("u")), .stay)
        }
    }

    func testThemFindsTheThemeCommandWhichTakesItsArgument() async {
        var palette = palette()
        typed("them", into: &palette)
        XCTAssertEqual(palette.selectedEntry?.name, "theme")
        XCTAssertLessThan(palette.shown.count, palette.entries.count)
        // Enter on a command that needs an argument puts its word on the line.
        XCTAssertEqual(palette.handle(.enter), .stay)
        XCTAssertEqual(palette.text, "theme ")
        typed("light", into: &palette)
        XCTAssertEqual(palette.handle(.enter), .run(.theme(.light), line: "theme light"))
    }

    func testArgumentsAreCheckedAndABadOneIsSaid() async {
        var palette = palette()
        typed("theme purple", into: &palette)
        guard case .run(.message(let text), _) = palette.handle(.enter) else { return XCTFail("a message") }
        XCTAssertEqual(text, "theme takes auto, dark, light, mono (got 'purple')")
        var rate = self.palette()
        typed("rate 8", into: &rate)
        XCTAssertEqual(rate.handle(.enter), .run(.rate(8), line: "rate 8"))
        var tooHigh = self.palette()
        typed("rate 11", into: &tooHigh)
        guard case .run(.message(let high), _) = tooHigh.handle(.enter) else { return XCTFail("a message") }
        XCTAssertTrue(high.hasPrefix("rate takes a whole number from 1 to 10"), high)
        var stats = self.palette()
        typed("stats", into: &stats)
        XCTAssertEqual(stats.handle(.enter), .run(.stats, line: "stats"))
    }

    func testAnActionRunsByItsKeyAndFuzzyLettersFindIt() async {
        var palette = palette()
        typed("swl", into: &palette)
        XCTAssertEqual(palette.selectedEntry?.name, "switch-list")
        XCTAssertEqual(palette.handle(.enter), .run(.key(.character("v")), line: "switch-list"))
        var quit = self.palette()
        typed("quit", into: &quit)
        XCTAssertEqual(quit.handle(.enter), .run(.key(.character("q")), line: "quit"))
        var down = self.palette()
        XCTAssertEqual(down.handle(.down), .stay)
        XCTAssertEqual(down.selectedEntry?.name, down.entries[1].name)
    }

    func testEscClosesAndBackspaceOnAnEmptyLineCloses() async {
        var palette = palette()
        typed("so", into: &palette)
        XCTAssertEqual(palette.handle(.escape), .close)
        var empty = self.palette()
        typed("s", into: &empty)
        XCTAssertEqual(empty.handle(.backspace), .stay)
        XCTAssertEqual(empty.handle(.backspace), .close)
    }

    func testUpRecallsEarlierLinesNewestFirstAndDownComesBack() async {
        var palette = palette(history: ["theme dark", "rate 7"])
        XCTAssertEqual(palette.handle(.up), .stay)
        XCTAssertEqual(palette.text, "rate 7")
        XCTAssertEqual(palette.handle(.up), .stay)
        XCTAssertEqual(palette.text, "theme dark")
        XCTAssertEqual(palette.handle(.up), .stay)
        XCTAssertEqual(palette.text, "theme dark", "the oldest stays")
        XCTAssertEqual(palette.handle(.down), .stay)
        XCTAssertEqual(palette.text, "rate 7")
        XCTAssertEqual(palette.handle(.down), .stay)
        XCTAssertEqual(palette.text, "")
        XCTAssertEqual(palette.handle(.up), .stay)
        XCTAssertEqual(palette.handle(.enter), .run(.rate(7), line: "rate 7"))
    }

    func testTheHistoryFileKeepsTheNewestLastOnceEach() async throws {
        let folder = NSTemporaryDirectory() + "discover-palette-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = PaletteHistory(environment: ["XDG_STATE_HOME": folder, "HOME": "/nonexistent"])
        XCTAssertEqual(history.path, folder + "/discover-tui/palette-history")
        XCTAssertEqual(history.load(), [])
        var lines = history.add("theme light", to: [])
        lines = history.add("rate 8", to: lines)
        lines = history.add("theme light", to: lines)
        XCTAssertEqual(lines, ["rate 8", "theme light"])
        XCTAssertEqual(history.load(), ["rate 8", "theme light"])
        XCTAssertNil(PaletteHistory(environment: ["HOME": "relative"]).path)
    }

    func testSortWithAnOrderRunsTheCommandAndSortAloneTheKey() async {
        var palette = palette()
        XCTAssertEqual(palette.entries.filter { $0.name == "sort" }.map(\.keys), ["s", "ORDER"], "the action and the command")
        typed("sort rating", into: &palette)
        XCTAssertEqual(palette.handle(.enter), .run(.scene("sort", argument: "rating"), line: "sort rating"))
        var alone = self.palette()
        typed("sort", into: &alone)
        XCTAssertEqual(alone.handle(.enter), .run(.key(.character("s")), line: "sort"))
    }

    func testTypingAnArgumentFiltersNothingAndNarrowingMatchesAFreshSearch() async {
        var palette = palette()
        typed("sort", into: &palette)
        let filtered = palette.filterCount
        let shown = palette.shown
        typed(" popularity", into: &palette)
        XCTAssertEqual(palette.filterCount, filtered, "the argument is not filtered by")
        XCTAssertEqual(palette.shown, shown)
        // Letter by letter (each search among the last one's matches), and back with
        // Backspace, the rows are those of the whole word searched at once.
        for word in palette.entries.map(\.name) + ["te", "wh", "ua", "zz", "qt"] {
            var letters = self.palette()
            var pasted = self.palette()
            for (count, character) in word.enumerated() {
                XCTAssertEqual(letters.handle(.character(character)), .stay)
                pasted.type(String(word.prefix(count + 1)))
                XCTAssertEqual(letters.shown, pasted.shown, "after \(word.prefix(count + 1))")
                XCTAssertEqual(pasted.handle(.control("u")), .stay)
            }
            XCTAssertEqual(letters.handle(.backspace), .stay)
            pasted.type(String(word.dropLast()))
            XCTAssertEqual(letters.shown, pasted.shown, "back to \(word.dropLast())")
        }
    }

    func testHelpKeysListsTheCommandsWithTheirArguments() {
        let text = KeyCatalogue.helpText
        for command in PaletteCommand.allCases {
            let line = text.split(separator: "\n").first { $0.hasPrefix("  \(command.rawValue) ") && $0.contains(command.keywords) }
            XCTAssertNotNil(line, command.rawValue)
        }
        XCTAssertTrue(text.contains("  sort              ORDER"), text)
    }
}
