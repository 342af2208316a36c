import Domain
import Foundation
import TestSupport
import Workers
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The watched marks in a real terminal when the database gets in the way, offline on the
/// snapshot: a mark behind another process's write lock shows at once, waits (the screen says
/// so and keeps answering keys) and is saved when the lock frees; a database deleted while the
/// app runs is made again with every mark, said once.
final class WatchedFaultsEndToEndTests: XCTestCase {
    private var root = ""
    private var helpers: [pid_t] = []
    private let got = WatchedShowID(provider: "TVmaze", id: 82)

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-watched-faults-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for pid in helpers {
            kill(pid, SIGKILL)
            _ = StressProcess.waitStatus(pid)
        }
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var data: String { root + "/data/discover-tui" }

    private var environment: [String: String] {
        [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "XDG_STATE_HOME": root + "/state", "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris"
        ]
    }

    /// Game of Thrones' episode guide from the offline list, on S01E01.
    private func openGuide() throws -> TmuxTerminal {
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 120, height: 30, environment: environment)
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        term.send("/")
        term.type("Game of Thrones")
        XCTAssertNotNil(term.waitFor(#"\+ 1 found"#), term.screen().joined(separator: "\n"))
        term.send("Enter", "Enter")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        term.send("e")
        XCTAssertNotNil(term.waitFor("Worst: S08E06"), term.screen().joined(separator: "\n"))
        return term
    }

    /// The numbers of Game of Thrones' season-1 marks in the file, read by a connection of its own.
    private func saved() -> [Int] {
        ((try? WatchedStore(directory: data).marks(of: got)) ?? []).filter { $0.key.season == 1 }.map(\.key.number)
    }

    private func waitSaved(_ numbers: [Int]) -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, saved() != numbers { usleep(50_000) }
        return saved() == numbers
    }

    func testAMarkBehindAnotherCopysLockWaitsOnScreenAndIsSavedWhenTheLockFrees() throws {
        let program = BuiltProducts.watchedStress
        guard FileManager.default.isExecutableFile(atPath: program) else { throw XCTSkip("watched-stress is not built (swift build --build-tests)") }
        let term = try openGuide()
        let log = root + "/hold.log"
        let holder = try StressProcess.spawn(program, ["hold", data, "120"], log: log, errors: log + ".err")
        helpers.append(holder)
        let held = Date().addingTimeInterval(20)
        while Date() < held, !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("holding") { usleep(5_000) }
        term.send("w")
        XCTAssertNotNil(term.waitFor("S01E01 marked watched"), term.screen().joined(separator: "\n"))
        // While the save waits for the lock, keys are answered at once.
        term.send("Down")
        let moved = Date()
        // Well under the store's 5 s wait for the lock, with room for a busy machine.
        XCTAssertNotNil(term.waitFor("S1 E2 · 1/8", timeout: 4), term.screen().joined(separator: "\n"))
        XCTAssertLessThan(Date().timeIntervalSince(moved), 4)
        let waiting = try XCTUnwrap(term.waitFor("watch history is busy", timeout: 15), term.screen().joined(separator: "\n"))
        XCTAssertTrue(waiting.contains { $0.contains("✓ S01E01") }, "still shown as watched: " + waiting.joined(separator: "\n"))
        // A second mark waits behind the first at once.
        term.send("w")
        XCTAssertNotNil(term.waitFor("2 changes wait", timeout: 4), term.screen().joined(separator: "\n"))
        XCTAssertEqual(saved(), [])
        kill(holder, SIGKILL)
        _ = StressProcess.waitStatus(holder)
        helpers = []
        XCTAssertTrue(waitSaved([1, 2]), "saved with no key pressed, once the lock is free: \(saved())")
        term.send("q", "q", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testADatabaseDeletedWhileTheAppRunsIsMadeAgainWithEveryMarkAndSaidOnce() throws {
        let term = try openGuide()
        term.send("w")
        XCTAssertNotNil(term.waitFor("S01E01 marked watched"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(waitSaved([1]))
        let path = data + "/" + WatchedStore.fileName
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        term.sendTogether("Down", "w")
        XCTAssertNotNil(term.waitFor("watched.sqlite3 was deleted while Discover ran: made again with the 1 mark"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(waitSaved([1, 2]), "\(saved())")
        term.send("Down")
        term.send("w")
        XCTAssertTrue(waitSaved([1, 2, 3]), "\(saved())")
        // Saved: the answer (with no notice) leaves the key's own message.
        let next = try XCTUnwrap(term.waitFor("S01E03 marked watched"), term.screen().joined(separator: "\n"))
        XCTAssertFalse(next.joined().contains("was deleted"), "said once: " + next.joined(separator: "\n"))
        term.send("q", "q", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
