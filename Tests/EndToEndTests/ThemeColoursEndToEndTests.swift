import Foundation
import TestSupport
import XCTest

/// The colours the app draws, read back cell by cell from a real terminal (a tmux pane), are
/// readable on the background the theme is for: every character that is not a space has a
/// contrast of at least 4.5:1 (WCAG 2.x) with its cell's background, in xterm's default palette,
/// on the list, the help, a show's details, its ratings chart and the places' map, with
/// `COLORFGBG` saying light or dark and with `--theme light|dark`, in 256 and in 8 colours.
final class ThemeColoursEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-theme-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func testColorfgbgLightGivesReadableColoursOnWhite() throws {
        try checkEveryScreen(arguments: [], colorfgbg: "0;15", light: true)
    }

    func testColorfgbgDarkGivesReadableColoursOnBlack() throws {
        try checkEveryScreen(arguments: [], colorfgbg: "15;0", light: false)
    }

    func testThemeLightGivesReadableColoursOnWhite() throws {
        try checkEveryScreen(arguments: ["--theme", "light"], colorfgbg: nil, light: true)
    }

    func testThemeDarkGivesReadableColoursOnBlack() throws {
        try checkEveryScreen(arguments: ["--theme", "dark"], colorfgbg: nil, light: false)
    }

    func testWithoutColorfgbgTheDefaultIsDarkAndItsColoursDifferFromLight() throws {
        let dark = try firstScreen(arguments: [], colorfgbg: nil)
        let light = try firstScreen(arguments: ["--theme", "light"], colorfgbg: nil)
        let headingDark = try XCTUnwrap(dark.cells.first { $0.character == "N" && $0.style.bold }?.style.foreground)
        let headingLight = try XCTUnwrap(light.cells.first { $0.character == "N" && $0.style.bold }?.style.foreground)
        XCTAssertNotEqual(headingDark, headingLight)
        XCTAssertGreaterThanOrEqual(XtermColours.contrast(headingDark, 0), 4.5)
        XCTAssertGreaterThanOrEqual(XtermColours.contrast(headingLight, 15), 4.5)
    }

    func testMonoAndNoColorDrawNoColour() throws {
        for (arguments, noColor) in [(["--theme", "mono"], false), ([], true)] {
            let screen = try firstScreen(arguments: arguments, colorfgbg: "0;15", noColor: noColor)
            XCTAssertTrue(screen.cells.allSatisfy { $0.style.foreground == nil && $0.style.background == nil }, "\(arguments) NO_COLOR: \(noColor)")
            XCTAssertTrue(screen.cells.contains { $0.style.reverse }, "the selection still shows")
        }
    }

    // MARK: Helpers

    private func environment(colorfgbg: String?, term: String, noColor: Bool = false) -> [String: String] {
        var env = [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache",
            "XDG_DATA_HOME": root + "/data", "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris", "TERM": term
        ]
        if let colorfgbg { env["COLORFGBG"] = colorfgbg }
        if noColor { env["NO_COLOR"] = "1" }
        return env
    }

    private func firstScreen(arguments: [String], colorfgbg: String?, noColor: Bool = false) throws -> StyledScreen {
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "snapshot"] + arguments, width: 100, height: 24,
            environment: environment(colorfgbg: colorfgbg, term: "xterm-256color", noColor: noColor),
            unsetting: colorfgbg == nil ? ["COLORFGBG"] : [])
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        let screen = term.styledScreen()
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        return screen
    }

    /// Walks the list, the help, a show's details, its chart and the places' map in both
    /// palettes and checks every drawn character's contrast.
    private func checkEveryScreen(arguments: [String], colorfgbg: String?, light: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        for termName in ["xterm-256color", "xterm"] {
            let term = try TmuxTerminal(
                command: [BuiltProducts.discover, "--source", "snapshot"] + arguments, width: 120, height: 30,
                environment: environment(colorfgbg: colorfgbg, term: termName),
                unsetting: colorfgbg == nil ? ["COLORFGBG"] : [])
            var checked = 0
            func check(_ what: String, waitingFor pattern: String) {
                guard term.waitFor(pattern) != nil else {
                    return XCTFail("\(termName) \(what): no \(pattern)\n" + term.screen().joined(separator: "\n"), file: file, line: line)
                }
                let screen = term.styledScreen()
                XCTAssertTrue(screen.cells.contains { $0.style.foreground != nil }, "\(termName) \(what): no colour at all", file: file, line: line)
                for cell in screen.cells {
                    for ratio in XtermColours.contrasts(cell.style, light: light) where ratio < 4.5 {
                        XCTFail(
                            "\(termName) \(what): '\(cell.character)' on row \(cell.row) in \(cell.style) is \(String(format: "%.2f", ratio)):1\n"
                                + screen.rows[cell.row], file: file, line: line)
                        return
                    }
                }
                checked += 1
            }
            check("list", waitingFor: "offline snapshot")
            term.send("?")
            check("help", waitingFor: "Quit")
            term.send("Escape", "/")
            term.type("Game of Thrones")
            XCTAssertNotNil(term.waitFor(#"\+ 1 found"#), term.screen().joined(separator: "\n"))
            term.send("Enter", "Enter")
            check("details", waitingFor: "Official site")
            term.send("e")
            check("chart", waitingFor: "Worst: S08E06")
            term.send("Escape", "Escape", "Escape", "Tab")
            check("places", waitingFor: "centre")
            term.send("q")
            XCTAssertEqual(term.exitStatus(), 0, file: file, line: line)
            XCTAssertEqual(checked, 5, "\(termName): every screen was checked", file: file, line: line)
        }
    }
}

/// xterm's default palette and WCAG 2.x contrast, written here again from xterm's sources
/// (its app-defaults and `256colres.h`) so that the check does not lean on the app's own table.
private enum XtermColours {
    static let system: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)
    ]

    static func rgb(_ index: Int) -> (Int, Int, Int) {
        if index < 16 { return system[index] }
        if index < 232 {
            let level = [0, 95, 135, 175, 215, 255], n = index - 16
            return (level[n / 36], level[n / 6 % 6], level[n % 6])
        }
        let grey = 8 + 10 * (index - 232)
        return (grey, grey, grey)
    }

    static func luminance(_ index: Int) -> Double {
        let (r, g, b) = rgb(index)
        func linear(_ c: Int) -> Double {
            let v = Double(c) / 255
            return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    static func contrast(_ a: Int, _ b: Int) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The contrasts a cell may show with: its colours (the default ones of a light terminal,
    /// black on white, or of a dark one, white on black), swapped by reverse video, and with
    /// bold text in colours 0–7 both as it is and bright, as xterm shows it.
    static func contrasts(_ style: StyledScreen.Style, light: Bool) -> [Double] {
        let defaultText = light ? 0 : 15, defaultBackground = light ? 15 : 0
        var texts = [style.foreground ?? defaultText]
        if style.bold, let fg = style.foreground, fg < 8 { texts.append(fg + 8) }
        return texts.map { text in
            var pair = (text, style.background ?? defaultBackground)
            if style.reverse { pair = (pair.1, pair.0) }
            return contrast(pair.0, pair.1)
        }
    }
}
