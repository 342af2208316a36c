import Foundation
import TestSupport
import Workers
import XCTest

/// The mirror beside the full screen and other runs: a filter typed at once after the first
/// frame finds the mirror's shows, the bar fits an 80-column terminal, a search that finds
/// nothing exits 1, a failed refresh of a whole mirror says it is unchanged, and a second run
/// at once is turned away.
extension MirrorEndToEndTests {
    private func fullScreen(_ h: PipedRun, width: Int = 80, height: Int = 24, _ arguments: [String]) throws -> TmuxTerminal {
        try TmuxTerminal(
            command: [BuiltProducts.discover] + arguments, width: width, height: height,
            environment: ["HOME": h.root + "/home", "XDG_DATA_HOME": h.root + "/home/.local/share", "XDG_CACHE_HOME": h.root + "/cache"])
    }

    func testAFilterTypedAtOnceAfterTheFirstFrameFindsTheMirrorsShows() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let pages = try pages()
        try serve(pages)
        let h = try home()
        XCTAssertEqual(try h.run(["mirror", "--api-base", base]).status, 0)
        // Back to back in one write, then key by key: the same answer however soon it is typed.
        for together in [true, true, true, false] {
            let term = try fullScreen(h, ["--offline"])
            XCTAssertNotNil(term.waitUntil { $0.contains { $0.contains("Popular") } }, term.screen().joined(separator: "\n"))
            if together {
                term.sendTogether("/", "quillbright bit")
            } else {
                term.send("/")
                for letter in "quillbright bit" { term.type(String(letter)) }
            }
            let found = term.waitFor("Quillbright Bitten")
            XCTAssertNotNil(found, "typed \(together ? "in one write" : "key by key"):\n" + term.screen().joined(separator: "\n"))
            term.send("Escape")
            term.send("q")
            _ = term.exitStatus()
        }
    }

    func testTheBarFitsAnEightyColumnTerminalAndLeavesNoLineBehind() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let pages = try pages()
        try serve(pages, stallingPage: 1)
        let h = try home()
        let term = try fullScreen(h, width: 80, height: 12, ["mirror", "--api-base", base])
        let bar = try XCTUnwrap(term.waitFor("page 1 of about"), term.screen().joined(separator: "\n"))
        // One line, cut to the width: nothing wraps onto a second.
        XCTAssertEqual(bar.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count, 1, bar.joined(separator: "\n"))
        let done = try XCTUnwrap(term.waitFor("mirror: \(ids(pages).count) shows", timeout: 40), term.screen().joined(separator: "\n"))
        XCTAssertFalse(done.contains { $0.contains("of about") || $0.contains("[") || $0.contains("shows on it") }, done.joined(separator: "\n"))
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testASearchThatFindsNothingExitsOneWithOrWithoutTheMirror() throws {
        let pages = try pages()
        try serve(pages)
        let h = try home()
        for mirrored in [false, true] {
            if mirrored { XCTAssertEqual(try h.run(["mirror", "--api-base", base]).status, 0) }
            let text = try h.run(["search", "Zqxjvw Nothing", "--offline"])
            XCTAssertEqual(text.status, 1, "mirror \(mirrored): " + text.err)
            XCTAssertTrue(text.out.contains("0 shows found"), text.out)
            let json = try h.run(["search", "Zqxjvw Nothing", "--offline", "--json"])
            XCTAssertEqual(json.status, 1, "mirror \(mirrored): " + json.err)
            XCTAssertEqual(json.out, "")
            let hit = try h.run(["search", "Quillbright Bitten", "--offline"])
            XCTAssertEqual(hit.status, mirrored ? 0 : 1, hit.out)
        }
    }

    func testAFailedRefreshOfAWholeMirrorSaysItIsUnchanged() throws {
        let pages = try pages()
        try serve(pages)
        let h = try home()
        XCTAssertEqual(try h.run(["mirror", "--api-base", base]).status, 0)
        let count = ids(pages).count
        // Nothing listens on port 9: the refresh's /updates/shows cannot be asked.
        let failed = try h.run(["mirror", "--api-base", "http://127.0.0.1:9"])
        XCTAssertEqual(failed.status, 3, failed.err)
        XCTAssertTrue(failed.err.contains("cannot ask TVmaze"), failed.err)
        XCTAssertTrue(failed.err.contains("(\(count) shows) is unchanged"), failed.err)
        XCTAssertTrue(failed.err.contains("the mirror of 20"), failed.err)
        XCTAssertFalse(failed.err.contains("pages done"), failed.err)
        XCTAssertEqual(try MirrorStore(path: mirrorFile(h), writable: false).count(), count)
    }

    func testASecondRunAtOnceIsTurnedAwayWithoutAskingTVmaze() throws {
        let pages = try pages()
        try serve(pages, stallingPage: 1)
        let h = try home()
        let process = try mirrorStoppedAtPageOne(h)
        XCTAssertTrue(server.requests.contains { $0.query == "page=1" }, "page 1 was never asked")
        let asked = server.requests.count
        let second = try h.run(["mirror", "--api-base", base])
        XCTAssertEqual(second.status, 1, second.err)
        XCTAssertTrue(second.err.contains("another discover-tui mirror run is going on"), second.err)
        // The pages past the stalled one were never asked (only the first run's own retry of it).
        XCTAssertFalse(server.requests.dropFirst(asked).contains { $0.query != "page=1" }, "\(server.requests.map { $0.query ?? "" })")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        // Once the first has ended, a run goes on.
        let third = try h.run(["mirror", "--api-base", base])
        XCTAssertEqual(third.status, 0, third.err)
    }
}
