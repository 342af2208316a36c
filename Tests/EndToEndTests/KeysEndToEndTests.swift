import Foundation
import TestSupport
import XCTest

/// Keys that must not surprise, in the built binary in a real terminal (tmux): arrows while
/// typing a filter, End on the whole snapshot. (Alt combinations: `InputEndToEndTests`.)
final class KeysEndToEndTests: XCTestCase {
    private func start(_ arguments: [String]) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: 80, height: 24)
    }

    func testLeftAndRightWhileTypingAFilterNeitherOpenNorMove() throws {
        let term = try start(["--source", "snapshot", "--list", "all"])
        XCTAssertNotNil(term.waitFor("1/1404"))
        term.send("/")
        term.type("bre")
        XCTAssertNotNil(term.waitFor("/bre"))
        term.send("Right", "Left", "Right")
        term.type("a")
        let screen = try XCTUnwrap(term.waitFor("/brea"), "still typing the filter")
        XCTAssertFalse(screen.joined(separator: "\n").contains("Summary"), "no details opened")
        XCTAssertTrue(screen[0].hasSuffix("All shows"), screen[0])
        term.send("C-w")
        XCTAssertNotNil(term.waitUntil { $0.contains { $0.hasPrefix("/▏") } }, "Ctrl-W erased the word")
        term.send("Escape", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testEndOnTheSnapshotGoesToItsVeryLastShowAtOnce() throws {
        let term = try start(["--source", "snapshot", "--list", "all"])
        XCTAssertNotNil(term.waitFor("1/1404"))
        term.send("End")
        let last = try XCTUnwrap(term.waitFor("1404/1404"), "one End reaches the last of the 1404 shows: \(term.screen().last ?? "")")
        XCTAssertTrue(last.last?.contains("1404/1404") ?? false)
        XCTAssertFalse(last.last?.contains("1404/1404+") ?? true)
        term.send("g", "G")
        XCTAssertNotNil(term.waitFor("1404/1404"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}

/// The places filter in the built binary over the embedded Istanbul snapshot.
final class POIsFilterEndToEndTests: XCTestCase {
    func testTheFilterFindsKizKulesiAndKonyaliTypedWithoutTurkishLetters() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "places", "--source", "snapshot"], width: 100, height: 30)
        XCTAssertNotNil(term.waitFor("offline snapshot"), "the places appear")
        term.send("/")
        term.type("kiz")
        let kiz = try XCTUnwrap(term.waitFor("/kiz"))
        XCTAssertTrue(kiz.contains { $0.contains("Kız Kulesi") }, kiz.joined(separator: "\n"))
        term.send("C-u")
        term.type("konyali")
        let konyali = try XCTUnwrap(term.waitFor("/konyali"))
        XCTAssertTrue(konyali.contains { $0.contains("Konyalı Restaurant") }, konyali.joined(separator: "\n"))
        term.send("Escape", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
