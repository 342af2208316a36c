import Foundation
import TestSupport
import Workers
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Favourites in the built `discover-tui` binary in tmux, with `XDG_DATA_HOME` (or `HOME`) in a
/// temporary folder.
final class FavouritesEndToEndTests: XCTestCase {
    private var root = ""
    private let mounts = TmpfsMounts()

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-fav-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        mounts.unmountAll()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func start(_ environment: [String: String], width: Int = 100, height: Int = 24, unsetting: [String] = ["XDG_DATA_HOME"]) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover, "--source", "snapshot", "--list", "all"], width: width, height: height, environment: environment, unsetting: unsetting)
    }

    private var file: String { root + "/data/discover-tui/favorites.json" }

    private func savedIDs(_ path: String) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path), let list = try? FavouritesFile.decode(data) else { return [] }
        return Set(list.map(\.key.id))
    }

    func testFMarksAShowFListsItAndItIsStillThereAfterARelaunch() throws {
        let env = ["XDG_DATA_HOME": root + "/data"]
        let term = try start(env)
        XCTAssertNotNil(term.waitFor("offline snapshot 2026-07-13"))
        // The second show gets a star.
        term.send("Down", "f")
        let marked = try XCTUnwrap(term.waitFor("to favourites"), "the status bar says it was added")
        let row = try XCTUnwrap(marked.first { $0.hasPrefix("▌") })
        XCTAssertTrue(row.contains("♥ Game of Thrones"), row)
        XCTAssertEqual(savedIDs(file), ["82"])
        // F opens Favourites, which lists it.
        term.send("F")
        // The count is drawn above the rows: wait for the row too, not for the count alone.
        let listed = try XCTUnwrap(
            term.waitUntil { rows in
                rows.contains { $0.contains("1 show · 0 places") } && rows.contains { $0.contains("♥ Show  Game of Thrones") && $0.contains("2011–2019 · HBO") }
            }, term.screen().joined(separator: "\n"))
        XCTAssertTrue(listed[0].contains("[Favourites]"), listed[0])
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)

        // Relaunched, the star and the favourite are still there.
        let again = try start(env)
        let list = try XCTUnwrap(again.waitFor("♥ Game of Thrones"), "the star is back after a relaunch")
        XCTAssertFalse(list.contains { $0.contains("♥ Breaking Bad") })
        again.send("F")
        XCTAssertNotNil(again.waitFor(#"♥ Show  Game of Thrones"#))
        // Enter opens its details with the star before the title.
        again.send("Enter")
        let detail = try XCTUnwrap(again.waitFor("Summary"))
        XCTAssertTrue(detail[1].contains("♥ Game of Thrones"), detail[1])
        again.send("q", "q")
        XCTAssertEqual(again.exitStatus(), 0)
    }

    func testACorruptFileIsMovedAsideAndTheAppStartsWithAOneLineNotice() throws {
        // C21
        try FileManager.default.createDirectory(atPath: root + "/data/discover-tui", withIntermediateDirectories: true)
        let garbage = Data([0x7B, 0x22, 0x76, 0x00, 0xFF, 0x1B, 0x5B, 0x32, 0x4A])
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: garbage))
        let term = try start(["XDG_DATA_HOME": root + "/data"], width: 320)
        let screen = try XCTUnwrap(
            term.waitUntil { $0.last?.contains("moved aside") == true && $0.contains { $0.contains("Breaking Bad") } },
            "the notice is on the status bar and the app runs")
        let bar = try XCTUnwrap(screen.last)
        XCTAssertTrue(bar.contains("favorites.json was unreadable"), bar)
        XCTAssertTrue(bar.contains(root + "/data/discover-tui/favorites.json.corrupt-"), bar)
        XCTAssertTrue(screen.contains { $0.contains("Breaking Bad") }, "the app runs")
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/data/discover-tui")
        let aside = try XCTUnwrap(names.first { $0.hasPrefix("favorites.json.corrupt-") })
        XCTAssertNotNil(aside.range(of: #"^favorites\.json\.corrupt-\d{8}-\d{6}$"#, options: .regularExpression), aside)
        XCTAssertEqual(FileManager.default.contents(atPath: root + "/data/discover-tui/" + aside), garbage)
        // f saves a new, good file.
        term.send("f")
        XCTAssertNotNil(term.waitFor("to favourites"))
        XCTAssertEqual(savedIDs(file), ["169"])
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testAReadOnlyHomeRunsInMemoryAndSaysWhichPathAndWhy() throws {
        // C23: as root a mode-555 folder can be written, so HOME is a read-only tmpfs.
        let home = root + "/home"
        try mounts.mount(at: home, options: "size=64k,mode=0555")
        try mounts.remountReadOnly(home)
        let term = try start(["HOME": home], width: 240, unsetting: ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"])
        let screen = try XCTUnwrap(term.waitUntil { $0.last?.contains("kept in memory only") == true && $0.contains { $0.contains("Breaking Bad") } })
        let bar = try XCTUnwrap(screen.last)
        XCTAssertTrue(bar.contains(home + "/.local"), bar)
        XCTAssertTrue(bar.contains("Favourites kept in memory only: read-only file system ("), bar)
        // f still marks the show, in memory.
        term.send("f")
        // The star at once; the reason once the save has failed.
        XCTAssertNotNil(term.waitFor("♥ Breaking Bad"))
        // Too long for the bar beside the source: whole on the rows above it.
        let marked = try XCTUnwrap(term.waitUntil { $0.suffix(3).joined().contains("kept in memory only") })
        XCTAssertTrue(marked.contains { $0.contains("♥ Breaking Bad") }, marked.joined(separator: "\n"))
        term.send("F")
        XCTAssertNotNil(term.waitFor("♥ Show  Breaking Bad"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [])
    }

    func testTwoRunningAppsTogglingInTurnEndWithTheUnionOfTheirChanges() throws {
        // C20: two instances on one file, toggling alternately, quitting in either order.
        let env = ["XDG_DATA_HOME": root + "/data"]
        let a = try start(env)
        let b = try start(env)
        XCTAssertNotNil(a.waitFor("offline snapshot"))
        XCTAssertNotNil(b.waitFor("offline snapshot"))
        // A stars rows 1, 3, 5…; B stars rows 2, 4, 6…; A also unstars its first again.
        b.send("Down")
        XCTAssertNotNil(b.waitFor("│ 2/1404"))
        for step in 0..<6 {
            a.send("f")
            XCTAssertNotNil(a.waitFor("to favourites"), "A step \(step)")
            b.send("f")
            XCTAssertNotNil(b.waitFor("to favourites"), "B step \(step)")
            a.send("Down", "Down")
            b.send("Down", "Down")
            XCTAssertNotNil(a.waitFor("│ \(2 * step + 3)/1404"))
            XCTAssertNotNil(b.waitFor("│ \(2 * step + 4)/1404"))
        }
        a.send("g")
        XCTAssertNotNil(a.waitFor("│ 1/1404"))
        a.send("f")
        XCTAssertNotNil(a.waitFor("Removed"))
        XCTAssertEqual(savedIDs(file).count, 11)
        // B reads A's changes when it opens Favourites.
        b.send("F")
        let listed = try XCTUnwrap(b.waitFor("11 shows · 0 places"), "B lists A's and its own")
        XCTAssertTrue(listed.contains { $0.contains("Breaking Bad") } == false, "A removed its first again")
        // Quit B first, then A: the file still has both.
        b.send("q")
        XCTAssertEqual(b.exitStatus(), 0)
        a.send("q")
        XCTAssertEqual(a.exitStatus(), 0)
        XCTAssertEqual(savedIDs(file).count, 11)
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/data/discover-tui").sorted()
        XCTAssertEqual(names, ["favorites.json", "favorites.json.lock"])
    }

    // MARK: Quitting at once, quick keys, another process's lock

    func testFAndQInOneWriteSaveTheFavouriteBeforeTheAppEnds() throws {
        // `f` then `q` at once: the save was dropped when the process ended under it.
        for round in 0..<3 {
            let env = ["XDG_DATA_HOME": root + "/data\(round)"]
            let term = try start(env)
            XCTAssertNotNil(term.waitFor("offline snapshot 2026-07-13"))
            term.type("fq")
            XCTAssertEqual(term.exitStatus(), 0, "round \(round)")
            XCTAssertTrue(term.terminalRestored(), "round \(round)")
            XCTAssertEqual(savedIDs(root + "/data\(round)/discover-tui/favorites.json"), ["169"], "round \(round): Breaking Bad is saved")
        }
    }

    func testCtrlCRightAfterFSavesTheFavouriteAndRestoresTheTerminal() throws {
        let term = try start(["XDG_DATA_HOME": root + "/data"])
        XCTAssertNotNil(term.waitFor("offline snapshot 2026-07-13"))
        term.type("f\u{03}")
        XCTAssertEqual(term.exitStatus(), 128 + SIGINT)
        XCTAssertTrue(term.terminalRestored())
        XCTAssertEqual(savedIDs(file), ["169"])
    }

    func testSIGTERMAndSIGHUPWaitForASaveHeldUpByAnotherProcessesLock() throws {
        // The save is still waiting for the lock when the signal comes; the lock is freed
        // 0.3 s later, within the wait, and the file then holds the favourite.
        for (round, signal) in [SIGTERM, SIGHUP].enumerated() {
            let folder = root + "/data\(round)/discover-tui"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let holder = try FileLockHolder(path: folder + "/favorites.json.lock")
            let term = try start(["XDG_DATA_HOME": root + "/data\(round)"])
            XCTAssertNotNil(term.waitFor("offline snapshot 2026-07-13"))
            term.send("f")
            XCTAssertNotNil(term.waitFor("♥ Breaking Bad"), "signal \(signal)")
            let pid = try XCTUnwrap(term.programPID())
            XCTAssertEqual(kill(pid, signal), 0)
            usleep(300_000)
            XCTAssertNil(FileManager.default.contents(atPath: folder + "/favorites.json"), "signal \(signal): not saved yet")
            holder.release()
            XCTAssertEqual(term.exitStatus(), 128 + signal, "signal \(signal)")
            XCTAssertTrue(term.terminalRestored(), "signal \(signal)")
            XCTAssertEqual(savedIDs(folder + "/favorites.json"), ["169"], "signal \(signal)")
        }
    }

    func testFPressedQuicklyEndsAsTheNumberOfPressesSays() throws {
        let term = try start(["XDG_DATA_HOME": root + "/data"])
        XCTAssertNotNil(term.waitFor("offline snapshot 2026-07-13"))
        // Two presses in one write: added, then removed.
        term.type("ff")
        // A message too long beside the source and the hints is on the row above the bar.
        let removed = try XCTUnwrap(term.waitUntil { $0.suffix(2).joined().contains("Removed “Breaking Bad”") }, "the last press removes")
        XCTAssertFalse(removed.contains { $0.contains("♥ Breaking Bad") }, removed.joined(separator: "\n"))
        XCTAssertEqual(savedIDs(file), [])
        // Three: added.
        term.type("fff")
        XCTAssertNotNil(term.waitUntil { $0.suffix(2).joined().contains("Added “Breaking Bad”") })
        XCTAssertEqual(savedIDs(file), ["169"])
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testAnotherProcessHoldingTheLockMakesFSayWhyWithinSecondsAndFavouritesStillRead() throws {
        // `flock favorites.json.lock sleep 60` in another process.
        let folder = root + "/data/discover-tui"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let holder = try FileLockHolder(path: folder + "/favorites.json.lock")
        let term = try start(["XDG_DATA_HOME": root + "/data"], width: 160)
        XCTAssertNotNil(term.waitFor("offline snapshot 2026-07-13"))
        term.send("f")
        // The star at once, the reason when the wait for the lock (2 s) is over.
        XCTAssertNotNil(term.waitFor("♥ Breaking Bad", timeout: 1.5))
        let said = try XCTUnwrap(term.waitUntil(timeout: 6) { $0.suffix(3).joined().contains("locked by another process") }, "f says why")
        let words = said.suffix(3).joined(separator: " ").split(separator: " ").joined(separator: " ")
        XCTAssertTrue(words.contains("Favourites kept in memory only: favorites.json is locked by another process"), words)
        XCTAssertNil(FileManager.default.contents(atPath: file))
        // The Favourites list reads the file without the lock: no endless "Reading favourites…".
        term.send("F")
        XCTAssertNotNil(term.waitFor("♥ Show  Breaking Bad", timeout: 4))
        // Once the other process lets go, the next change saves the one kept in memory too
        // (Tab twice: Continue, then Shows).
        holder.release()
        term.send("Tab", "Tab", "Down", "f")
        XCTAssertNotNil(term.waitFor("Added “Game of Thrones”"))
        XCTAssertEqual(savedIDs(file), ["169", "82"])
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testQuittingWhileAnotherProcessHoldsTheLockSaysOnStandardErrorWhatIsNotSaved() throws {
        let folder = root + "/data/discover-tui"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let holder = try FileLockHolder(path: folder + "/favorites.json.lock")
        let term = try start(["XDG_DATA_HOME": root + "/data"], width: 160)
        XCTAssertNotNil(term.waitFor("offline snapshot 2026-07-13"))
        let started = Date()
        term.type("fq")
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the wait is bounded")
        XCTAssertTrue(term.terminalRestored())
        XCTAssertTrue(term.normalScreenWithCursor())
        let printed = term.history()
        let line = try XCTUnwrap(printed.split(separator: "\n").first { $0.hasPrefix("discover-tui: ") }, printed)
        XCTAssertTrue(line.contains("1 favourite change is not saved: favorites.json is locked by another process (\(file))"), String(line))
        holder.release()
        XCTAssertNil(FileManager.default.contents(atPath: file))
    }
}
