import Foundation
import TestSupport
import Workers
import XCTest

/// The app's files under the folders of the former command name move once, alone.
final class FormerFoldersTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("former-folders-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private var home: String { root + "/home" }

    func testTheAppsFilesMoveOnceAndTheEmptiedFoldersGo() throws {
        try write(home + "/.config/discover/config", "units = imperial\n")
        try write(home + "/.local/share/discover/favorites.json", "{\"version\":1,\"favourites\":[]}")
        try write(home + "/.local/share/discover/favorites.json.lock", "")
        try write(home + "/.cache/discover/responses/0123456789abcdef.entry", "kept")
        let directories = XDGDirectories(environment: ["HOME": home])

        let first = FormerFolders.move(in: directories)

        XCTAssertEqual(first.failed, [])
        XCTAssertEqual(
            first.moved.map(\.to),
            [
                home + "/.config/discover-tui/config",
                home + "/.local/share/discover-tui/favorites.json",
                home + "/.local/share/discover-tui/favorites.json.lock",
                home + "/.cache/discover-tui/responses"
            ])
        XCTAssertEqual(text(home + "/.config/discover-tui/config"), "units = imperial\n")
        XCTAssertEqual(text(home + "/.local/share/discover-tui/favorites.json"), "{\"version\":1,\"favourites\":[]}")
        XCTAssertEqual(text(home + "/.cache/discover-tui/responses/0123456789abcdef.entry"), "kept")
        for former in [".config/discover", ".local/share/discover", ".cache/discover"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/" + former), "\(former) is empty, so it goes")
        }
        let line = try XCTUnwrap(first.movedLine)
        XCTAssertTrue(line.hasPrefix("moved the files of the former name discover: \(home)/.config/discover/config to \(home)/.config/discover-tui/config, "), line)
        XCTAssertFalse(line.contains("\n"))
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: home + "/.config/discover-tui")[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o700)

        let second = FormerFolders.move(in: directories)
        XCTAssertEqual(second, FormerFolders.Outcome(), "once moved, nothing is left to move")
        XCTAssertNil(second.movedLine)
    }

    func testAnotherProgramsFilesStayAndATakenPlaceIsNotOverwritten() throws {
        // Another program called discover may keep its own files in the same folders.
        try write(home + "/.cache/discover/reviews.json", "someone else's")
        try write(home + "/.cache/discover/responses/a.entry", "ours")
        try write(home + "/.config/discover/config", "units = imperial\n")
        try write(home + "/.config/discover-tui/config", "units = metric\n")
        let directories = XDGDirectories(environment: ["HOME": home])

        let outcome = FormerFolders.move(in: directories)

        XCTAssertEqual(outcome.moved.map(\.from), [home + "/.cache/discover/responses"])
        XCTAssertEqual(text(home + "/.cache/discover/reviews.json"), "someone else's", "not ours: it stays")
        XCTAssertEqual(text(home + "/.cache/discover-tui/responses/a.entry"), "ours")
        XCTAssertEqual(text(home + "/.config/discover-tui/config"), "units = metric\n", "the new file is not replaced")
        XCTAssertEqual(text(home + "/.config/discover/config"), "units = imperial\n", "nor is the former one lost")
        XCTAssertEqual(outcome.failed, [])
    }

    func testNothingIsMadeWhenThereIsNothingToMove() throws {
        try FileManager.default.createDirectory(atPath: home + "/.cache/discover", withIntermediateDirectories: true)
        let outcome = FormerFolders.move(in: XDGDirectories(environment: ["HOME": home]))
        XCTAssertEqual(outcome, FormerFolders.Outcome())
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.cache/discover-tui"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/.cache/discover"), "a folder with nothing of ours is left alone")
    }

    func testAFolderThatCannotBeMadeIsReportedAndTheFileStays() throws {
        try write(home + "/.config/discover/config", "units = imperial\n")
        // A file where the new folder should be: it cannot be made, whoever runs the test.
        try write(home + "/.config/discover-tui", "not a folder")
        let outcome = FormerFolders.move(in: XDGDirectories(environment: ["HOME": home]))
        XCTAssertEqual(outcome.moved, [])
        XCTAssertEqual(outcome.failed, [StorageError(path: home + "/.config/discover-tui", reason: "not a folder")])
        XCTAssertEqual(text(home + "/.config/discover/config"), "units = imperial\n")
    }
}
