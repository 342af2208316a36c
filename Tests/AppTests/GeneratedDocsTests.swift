import Foundation
@testable import App
@testable import Scenes
import TestSupport
import XCTest

/// The manual page and the shell completions written from the settings table: every flag of
/// `--help` is in each, the page renders without a warning, and the completions complete.
final class GeneratedDocsTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "discover-docs-\(UUID().uuidString)"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// A program's absolute path, or nil when it is not installed.
    private func tool(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes a generated text to a file of the test folder.
    private func write(_ kind: GeneratedDocs.Kind) throws -> String {
        let path = "\(folder)/\(kind.rawValue)"
        try Data(GeneratedDocs.text(kind, date: "2026-01-02").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The flags the help's option lines show (`-h`, `--help`, `--source`, …).
    private func helpFlags() -> Set<String> {
        var flags: Set<String> = []
        for line in AppOptions.helpText.split(separator: "\n") where line.hasPrefix("  -") {
            let firstColumn = line.split(separator: " ")
            for word in firstColumn {
                let flag = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                if flag.hasPrefix("-") { flags.insert(flag) } else { break }
            }
        }
        return flags
    }

    func testEveryFlagOfTheHelpIsInTheManualPageAndTheThreeCompletions() throws {
        let flags = helpFlags()
        XCTAssertTrue(flags.isSuperset(of: ["--source", "--near", "--city", "--units", "--category", "--no-color", "-h", "--help", "-V"]), "\(flags)")
        let manual = GeneratedDocs.text(.man, date: "2026-01-02").replacingOccurrences(of: "\\-", with: "-")
        let bash = GeneratedDocs.text(.bash, date: "")
        let zsh = GeneratedDocs.text(.zsh, date: "")
        let fish = GeneratedDocs.text(.fish, date: "")
        for flag in flags.sorted() {
            XCTAssertTrue(manual.contains(flag), "the manual page lacks \(flag)")
            XCTAssertTrue(bash.split(whereSeparator: { " \"|)".contains($0) }).contains { $0 == flag }, "bash lacks \(flag)")
            XCTAssertTrue(zsh.contains("'\(flag)["), "zsh lacks \(flag)")
            let fishFlag = flag.hasPrefix("--") ? "-l \(flag.dropFirst(2)) " : "-s \(flag.dropFirst()) "
            XCTAssertTrue(fish.contains(fishFlag), "fish lacks \(flag)")
        }
        for variable in AppOptions.settings.compactMap(\.environment) {
            XCTAssertTrue(manual.contains(variable), "the manual page lacks \(variable)")
        }
        for key in AppOptions.configSchema.keys {
            XCTAssertTrue(manual.contains(key), "the manual page lacks the config key \(key)")
        }
    }

    @MainActor
    func testEveryKeyOfEveryScenesKeyMapAndTheMouseIsInTheManualPage() throws {
        let manual = GeneratedDocs.text(.man, date: "2026-01-02").replacingOccurrences(of: "\\-", with: "-")
        let maps: [(String, [HelpEntry])] = [
            ("Popular shows", PopularListViewController.keyMap.helpEntries()),
            ("Show details", ShowDetailViewController.keyMap.helpEntries()),
            ("Places", NearbyPOIsViewController.keyMap.helpEntries()),
            ("Place details", NearbyPOIsViewController.detailKeyMap.helpEntries()),
            ("Places: category", NearbyPOIsViewController.categoryKeyMap.helpEntries()),
            ("Places: find a city", NearbyPOIsViewController.cityKeyMap.helpEntries()),
            ("Favourites", FavouritesViewController.keyMap.helpEntries()),
            ("Favourite", FavouritesViewController.detailKeyMap.helpEntries()),
            ("Everywhere", AppController.globalHelp.entries),
            ("Mouse", AppController.mouseHelp.entries),
        ]
        for (title, entries) in maps {
            XCTAssertTrue(manual.contains(".SS \(title)"), "the manual page lacks the keys of \(title)")
            for entry in entries {
                let keys = GeneratedDocs.manKeyText(entry.keys).replacingOccurrences(of: "\\-", with: "-")
                let action = GeneratedDocs.manKeyText(entry.action).replacingOccurrences(of: "\\-", with: "-")
                XCTAssertTrue(manual.contains(".B \"\(keys)\"\n\(action)"), "\(title): the manual page lacks \(entry.keys) (\(entry.action))")
            }
        }
        // The keys a reader missed: open now, zoom, copy and the mouse
        for key in [".B \"o\"", ".B \"z\"", ".B \"Z\"", ".B \"y\"", ".B \"Y\"", ".B \"Wheel\"", ".B \"Double click\""] {
            XCTAssertTrue(manual.contains(key), "the manual page lacks \(key)")
        }
        let keysSection = manual.components(separatedBy: ".SH KEYS").last?.components(separatedBy: ".SH ENVIRONMENT").first ?? ""
        XCTAssertTrue(keysSection.unicodeScalars.allSatisfy(\.isASCII), "the KEYS section is ASCII: \(keysSection)")
    }

    func testTheManualPageRendersWithoutAWarning() throws {
        let page = try write(.man)
        guard let groff = tool("groff") else {
            throw XCTSkip("groff is not installed (scripts/install-deps.sh installs it)")
        }
        let rendered = try Subprocess.run(groff, ["-ww", "-man", "-Tutf8", "-z", page])
        XCTAssertEqual(rendered.status, 0)
        XCTAssertEqual(rendered.output, "", "groff -ww warns")
        guard let mandoc = tool("mandoc") else {
            throw XCTSkip("mandoc is not installed (scripts/install-deps.sh installs it); groff found no warning")
        }
        let lint = try Subprocess.run(mandoc, ["-T", "lint", "-W", "style", page])
        XCTAssertEqual(lint.output, "", "mandoc -T lint warns")
        XCTAssertEqual(lint.status, 0)
        let text = try Subprocess.run(mandoc, ["-T", "utf8", page])
        XCTAssertTrue(text.output.contains("DISCOVER(1)"), text.output)
    }

    func testBashCompletesCommandsFlagsAndValuesBySection() throws {
        let script = try write(.bash)
        guard let bash = tool("bash") else { throw XCTSkip("bash is not installed") }
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _discover; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try Subprocess.run(bash, ["--norc", "-c", program])
            XCTAssertEqual(result.status, 0, result.output)
            return result.output.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["discover", "--source", ""]), ["auto", "tmdb", "tvmaze", "snapshot"])
        XCTAssertEqual(try complete(["discover", "places", "--source", ""]), ["auto", "geoapify", "osm", "snapshot"])
        XCTAssertEqual(try complete(["discover", "places", "--units", "i"]), ["imperial"])
        XCTAssertEqual(try complete(["discover", "--ascii", "places", "--category", "fa"]), ["fast-food"])
        XCTAssertEqual(try complete(["discover", "pl"]), ["places"])
        XCTAssertTrue(try complete(["discover", "places", "--"]).contains("--radius"))
        XCTAssertFalse(try complete(["discover", "--"]).contains("--radius"), "places options only after places")
        XCTAssertEqual(try complete(["discover", "places", "--city", "--ne"]), [], "the value of --city is not an option")
        let check = try Subprocess.run(bash, ["--norc", "-c", "source '\(script)'; complete -p discover"])
        XCTAssertEqual(check.output, "complete -F _discover discover\n")
    }

    func testZshCompletesValuesBySectionInARealTerminal() throws {
        guard let zsh = tool("zsh") else { throw XCTSkip("zsh is not installed (scripts/install-deps.sh installs it)") }
        let functions = folder + "/functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try Data(GeneratedDocs.text(.zsh, date: "").utf8).write(to: URL(fileURLWithPath: functions + "/_discover"))
        let rc = "fpath=(\(functions) $fpath)\nautoload -U compinit && compinit -u -d \(folder)/zcompdump\nPS1='zsh> '\n"
        try Data(rc.utf8).write(to: URL(fileURLWithPath: folder + "/.zshrc"))
        let sut = try TmuxTerminal(command: [zsh, "-i"], width: 100, height: 30, environment: ["ZDOTDIR": folder])
        XCTAssertNotNil(sut.waitFor("zsh>"), "zsh did not start: \(sut.screen())")
        sut.type("discover places --units ")
        sut.send("Tab")
        XCTAssertNotNil(sut.waitFor("imperial"), "\(sut.screen())")
        sut.send("C-u")
        sut.type("discover places --source ")
        sut.send("Tab")
        XCTAssertNotNil(sut.waitFor("geoapify"), "\(sut.screen())")
        sut.send("C-u")
        sut.type("discover --source ")
        sut.send("Tab")
        XCTAssertNotNil(sut.waitFor("tvmaze"), "\(sut.screen())")
    }

    func testZshAndFishReadTheirCompletions() throws {
        let zshScript = try write(.zsh)
        let fishScript = try write(.fish)
        var checked = 0
        if let zsh = tool("zsh") {
            let result = try Subprocess.run(zsh, ["-n", zshScript])
            XCTAssertEqual(result.status, 0, result.output)
            checked += 1
        }
        if let fish = tool("fish") {
            let syntax = try Subprocess.run(fish, ["--no-config", "-n", fishScript])
            XCTAssertEqual(syntax.status, 0, syntax.output)
            func complete(_ line: String) throws -> [String] {
                let result = try Subprocess.run(fish, ["--no-config", "-c", "source '\(fishScript)'; complete -C '\(line)'"])
                XCTAssertEqual(result.status, 0, result.output)
                return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
            }
            XCTAssertEqual(try complete("discover --source "), ["auto", "snapshot", "tmdb", "tvmaze"].sorted())
            XCTAssertEqual(try complete("discover places --source ").sorted(), ["auto", "geoapify", "osm", "snapshot"])
            XCTAssertTrue(try complete("discover places --ra").contains("--radius"))
            checked += 1
        }
        if checked == 0 {
            throw XCTSkip("neither zsh nor fish is installed (scripts/install-deps.sh installs them)")
        }
    }
}
