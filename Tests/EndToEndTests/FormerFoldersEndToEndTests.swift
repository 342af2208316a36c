import Foundation
import TestSupport
import XCTest

/// The built binary in a real temporary HOME that holds the folders of the former command name
/// (`~/.config/discover`, `~/.local/share/discover`, `~/.cache/discover`): the first run moves
/// the app's files, says so in one line and uses them; the next run says nothing.
final class FormerFoldersEndToEndTests: XCTestCase {
    private var home = ""

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "former-folders-e2e-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: home)
        super.tearDown()
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = home + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Runs the binary with only HOME, a locale and PATH.
    private func run(_ arguments: [String]) throws -> SeparateRun.Result {
        try SeparateRun.run(arguments, environment: ["HOME": home, "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"], in: home)
    }

    func testTheFirstRunMovesTheFilesSaysSoOnceAndUsesThem() throws {
        // Given: a config, favourites, a kept answer, and a file of another program called discover.
        try write(".config/discover/config", "units = imperial\n")
        let favourites = #"{"version":1,"favourites":[{"provider":"tvmaze","id":169,"name":"Breaking Bad","addedAt":1}]}"#
        try write(".local/share/discover/favorites.json", favourites)
        try write(".cache/discover/responses/0000000000000001.entry", "discover-cache 1\n")
        try write(".cache/discover/other-program.db", "not ours")

        // When
        let first = try run(["--version"])
        let second = try run(["--version"])

        // Then
        XCTAssertEqual(first.status, 0, first.err)
        let lines = first.err.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        XCTAssertEqual(lines.count, 1, first.err)
        XCTAssertTrue(first.err.hasPrefix("discover-tui: moved the files of the former name discover: \(home)/.config/discover/config to \(home)/.config/discover-tui/config, "), first.err)
        XCTAssertTrue(first.err.contains("\(home)/.local/share/discover/favorites.json to \(home)/.local/share/discover-tui/favorites.json"), first.err)
        XCTAssertTrue(first.err.contains("\(home)/.cache/discover/responses to \(home)/.cache/discover-tui/responses"), first.err)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(second.err, "", "moved once: the next run says nothing")
        XCTAssertEqual(FileManager.default.contents(atPath: home + "/.config/discover-tui/config"), Data("units = imperial\n".utf8))
        XCTAssertEqual(FileManager.default.contents(atPath: home + "/.local/share/discover-tui/favorites.json"), Data(favourites.utf8))
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/.cache/discover-tui/responses/0000000000000001.entry"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.config/discover"), "emptied, so removed")
        XCTAssertEqual(FileManager.default.contents(atPath: home + "/.cache/discover/other-program.db"), Data("not ours".utf8))
    }

    func testTheMovedConfigIsTheOneRead() throws {
        // A config line the program refuses: it must be read from its new place on the first run.
        try write(".config/discover/config", "colour = blue\n")
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("\(home)/.config/discover-tui/config line 1: unknown key 'colour'"), result.err)
    }
}
