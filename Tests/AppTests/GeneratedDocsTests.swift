import Foundation
import TestSupport
import XCTest

@testable import App
@testable import Scenes

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
            ("Places", NearbyPOIsKeyMaps.keyMap.helpEntries()),
            ("Place details", NearbyPOIsKeyMaps.detailKeyMap.helpEntries()),
            ("Places: category", NearbyPOIsKeyMaps.categoryKeyMap.helpEntries()),
            ("Places: find a city", NearbyPOIsKeyMaps.cityKeyMap.helpEntries()),
            ("Favourites", FavouritesViewController.keyMap.helpEntries()),
            ("Favourite", FavouritesViewController.detailKeyMap.helpEntries()),
            ("Continue", ContinueViewController.keyMap.helpEntries()),
            ("Everywhere", GlobalHelp.everywhere.entries),
            ("Mouse", GlobalHelp.mouse.entries)
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

    func testTheManualPageRendersTheSameWithoutAWarningInTheCAndUTF8Locales() throws {
        let page = try write(.man)
        guard let groff = tool("groff") else {
            throw XCTSkip("groff is not installed (scripts/install-deps.sh installs it)")
        }
        // As `man` formats it: the input through preconv (-k), the device by the locale:
        // ASCII under C, where a glyph without an ASCII fallback is a warning and a blank.
        var texts: [String: String] = [:]
        for (locale, device) in [("C", "ascii"), ("C.UTF-8", "utf8")] {
            let rendered = try Subprocess.run("/usr/bin/env", ["LC_ALL=\(locale)", groff, "-k", "-ww", "-man", "-T\(device)", "-z", page])
            XCTAssertEqual(rendered.status, 0)
            XCTAssertEqual(rendered.output, "", "groff -ww warns under LC_ALL=\(locale)")
            let text = try Subprocess.run("/usr/bin/env", ["LC_ALL=\(locale)", groff, "-k", "-man", "-T\(device)", "-P", "-cbou", page])
            texts[locale] = text.output
        }
        let ascii = texts["C"] ?? "", utf8 = texts["C.UTF-8"] ?? ""
        XCTAssertTrue(ascii.contains("Switch list: Popular now <-> All shows."), ascii)
        XCTAssertTrue(ascii.contains("Add to or remove from favourites (<3)."), ascii)
        XCTAssertTrue(ascii.contains("The cafes around Lyon."), ascii)
        // The same words in both locales; only the copyright sign is drawn as groff draws it.
        func words(_ text: String) -> [Substring] {
            text.replacingOccurrences(of: "©", with: "(C)").split(whereSeparator: \.isWhitespace)
        }
        XCTAssertEqual(words(ascii), words(utf8), "the page says the same under C and C.UTF-8")
        if let man = tool("man") {
            for locale in ["C", "C.UTF-8"] {
                let shown = try Subprocess.run("/usr/bin/env", ["LANG=\(locale)", "LC_ALL=\(locale)", "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat", man, "-l", page])
                XCTAssertFalse(shown.output.contains("warning"), "man under LANG=\(locale): \(shown.output.prefix(400))")
                XCTAssertTrue(shown.output.contains("Popular now <-> All shows"), "man under LANG=\(locale)")
            }
        }
        guard let mandoc = tool("mandoc") else {
            throw XCTSkip("mandoc is not installed (scripts/install-deps.sh installs it); groff found no warning")
        }
        let lint = try Subprocess.run(mandoc, ["-T", "lint", "-W", "style", page])
        XCTAssertEqual(lint.output, "", "mandoc -T lint warns")
        XCTAssertEqual(lint.status, 0)
        let text = try Subprocess.run(mandoc, ["-T", "utf8", page])
        XCTAssertTrue(text.output.contains("DISCOVER-TUI(1)"), text.output)
    }

    func testBashCompletesCommandsFlagsAndValuesBySection() throws {
        let script = try write(.bash)
        guard let bash = tool("bash") else { throw XCTSkip("bash is not installed") }
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _discover_tui; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try Subprocess.run(bash, ["--norc", "-c", program])
            XCTAssertEqual(result.status, 0, result.output)
            return result.output.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["discover-tui", "--source", ""]), ["auto", "tmdb", "tvmaze", "snapshot"])
        XCTAssertEqual(try complete(["discover-tui", "places", "--source", ""]), ["auto", "geoapify", "osm", "snapshot"])
        XCTAssertEqual(try complete(["discover-tui", "places", "--units", "i"]), ["imperial"])
        XCTAssertEqual(try complete(["discover-tui", "--ascii", "places", "--category", "fa"]), ["fast-food"])
        XCTAssertEqual(try complete(["discover-tui", "pl"]), ["places"])
        XCTAssertTrue(try complete(["discover-tui", "places", "--"]).contains("--radius"))
        XCTAssertFalse(try complete(["discover-tui", "--"]).contains("--radius"), "places options only after places")
        XCTAssertEqual(try complete(["discover-tui", "places", "--city", "--ne"]), [], "the value of --city is not an option")
        let check = try Subprocess.run(bash, ["--norc", "-c", "source '\(script)'; complete -p discover-tui"])
        XCTAssertEqual(check.output, "complete -F _discover_tui discover-tui\n")
    }

    func testZshCompletesValuesBySectionInARealTerminal() throws {
        guard let zsh = tool("zsh") else { throw XCTSkip("zsh is not installed (scripts/install-deps.sh installs it)") }
        let functions = folder + "/functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try Data(GeneratedDocs.text(.zsh, date: "").utf8).write(to: URL(fileURLWithPath: functions + "/_discover_tui"))
        let rc = "fpath=(\(functions) $fpath)\nautoload -U compinit && compinit -u -d \(folder)/zcompdump\nPS1='zsh> '\n"
        try Data(rc.utf8).write(to: URL(fileURLWithPath: folder + "/.zshrc"))
        let sut = try TmuxTerminal(command: [zsh, "-i"], width: 100, height: 30, environment: ["ZDOTDIR": folder])
        XCTAssertNotNil(sut.waitFor("zsh>"), "zsh did not start: \(sut.screen())")
        sut.type("discover-tui places --units ")
        sut.send("Tab")
        XCTAssertNotNil(sut.waitFor("imperial"), "\(sut.screen())")
        sut.send("C-u")
        sut.type("discover-tui places --source ")
        sut.send("Tab")
        XCTAssertNotNil(sut.waitFor("geoapify"), "\(sut.screen())")
        sut.send("C-u")
        sut.type("discover-tui --source ")
        sut.send("Tab")
        XCTAssertNotNil(sut.waitFor("tvmaze"), "\(sut.screen())")
    }

    /// The names a completed `--snapshot` must keep whole: spaces, quotes and a `$`, beside a
    /// name that shares words with them.
    private let awkwardNames = ["my shows 2024.json", "it's $5 \"x\".json", "shows.json"]

    /// Types `discover-tui --snapshot PREFIX`, Tab, Enter in a real shell in tmux, in a folder
    /// holding `awkwardNames`, where `discover-tui` is a function printing each argument as
    /// `<ARG>`: the completion must give the shell one word, the whole name.
    /// - Parameters:
    ///   - shell: the shell's command line, run in the folder.
    ///   - environment: what the shell needs to load its rc file and the completion.
    ///   - prompt: a pattern of the shell's prompt (tmux drops a row's trailing spaces).
    private func assertCompletesWholeNames(
        shell: [String], environment: [String: String], prompt: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let files = folder + "/files"
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        for name in awkwardNames { try Data("[]".utf8).write(to: URL(fileURLWithPath: files + "/" + name)) }
        let t = try TmuxTerminal(
            command: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", files] + shell, width: 100, height: 30,
            environment: environment.merging(["HOME": folder, "PATH": "/usr/bin:/bin"]) { a, _ in a })
        XCTAssertNotNil(t.waitFor(prompt), "the shell did not start: \(t.screen())", file: file, line: line)
        for (prefix, name) in [("my", "my shows 2024.json"), ("it", "it's $5 \"x\".json")] {
            t.type("discover-tui --snapshot \(prefix)")
            t.send("Tab")
            XCTAssertNotNil(t.waitFor("--snapshot " + prefix + #".*\.json"#), "\(prefix): \(t.screen())", file: file, line: line)
            t.send("Enter")
            let shown = t.waitFor("^<" + NSRegularExpression.escapedPattern(for: name) + ">$")
            XCTAssertNotNil(shown, "\(prefix)<Tab> is the one name \(name): \(t.screen().joined(separator: "\n"))", file: file, line: line)
        }
    }

    func testBashCompletesAFileNameWithSpacesQuotesAndADollarAsOneWord() throws {
        let script = try write(.bash)
        guard let bash = tool("bash"), TmuxTerminal.tmuxPath != nil else { throw XCTSkip("needs bash and tmux") }
        let rc = "source '\(script)'\ndiscover-tui() { printf '<%s>\\n' \"$@\"; }\nPS1='bash> '\n"
        try Data(rc.utf8).write(to: URL(fileURLWithPath: folder + "/bashrc"))
        try assertCompletesWholeNames(shell: [bash, "--noprofile", "--rcfile", folder + "/bashrc", "-i"], environment: [:], prompt: "^bash>")
    }

    func testZshCompletesAFileNameWithSpacesQuotesAndADollarAsOneWord() throws {
        guard let zsh = tool("zsh"), TmuxTerminal.tmuxPath != nil else { throw XCTSkip("needs zsh and tmux") }
        let functions = folder + "/functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try Data(GeneratedDocs.text(.zsh, date: "").utf8).write(to: URL(fileURLWithPath: functions + "/_discover_tui"))
        let rc = "fpath=(\(functions) $fpath)\nautoload -U compinit && compinit -u -d \(folder)/zcompdump\nPS1='zsh> '\ndiscover-tui() { printf '<%s>\\n' \"$@\"; }\n"
        try Data(rc.utf8).write(to: URL(fileURLWithPath: folder + "/.zshrc"))
        try assertCompletesWholeNames(shell: [zsh, "-i"], environment: ["ZDOTDIR": folder], prompt: "^zsh>")
    }

    func testFishCompletesAFileNameWithSpacesQuotesAndADollarAsOneWord() throws {
        guard let fish = tool("fish"), TmuxTerminal.tmuxPath != nil else { throw XCTSkip("needs fish and tmux") }
        let config = folder + "/xdg/fish"
        for sub in ["completions", "functions"] {
            try FileManager.default.createDirectory(atPath: config + "/" + sub, withIntermediateDirectories: true)
        }
        try Data(GeneratedDocs.text(.fish, date: "").utf8).write(to: URL(fileURLWithPath: config + "/completions/discover-tui.fish"))
        try Data("function discover-tui\n    printf '<%s>\\n' $argv\nend\n".utf8).write(to: URL(fileURLWithPath: config + "/functions/discover-tui.fish"))
        try Data("set -g fish_greeting\nfunction fish_prompt; echo -n 'fish> '; end\n".utf8).write(to: URL(fileURLWithPath: config + "/config.fish"))
        try assertCompletesWholeNames(
            shell: [fish, "-i"], environment: ["XDG_CONFIG_HOME": folder + "/xdg", "XDG_DATA_HOME": folder + "/xdg-data"],
            prompt: "^fish>")
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
            XCTAssertEqual(try complete("discover-tui --source "), ["auto", "snapshot", "tmdb", "tvmaze"].sorted())
            XCTAssertEqual(try complete("discover-tui places --source ").sorted(), ["auto", "geoapify", "osm", "snapshot"])
            XCTAssertTrue(try complete("discover-tui places --ra").contains("--radius"))
            checked += 1
        }
        if checked == 0 {
            throw XCTSkip("neither zsh nor fish is installed (scripts/install-deps.sh installs them)")
        }
    }
}
