import Foundation
import TestSupport
import Workers
import XCTest

/// `discover-tui mirror` against a loopback TVmaze serving three index pages and a 404: the
/// whole index kept, found offline, a second run asking only `/updates/shows` and the changed
/// show, a run killed mid-page going on to every show once, and an unreachable TVmaze ending
/// with status 3 and a sentence.
final class MirrorEndToEndTests: XCTestCase {
    let server = LoopbackHTTPServer()
    var runs: [PipedRun] = []
    var base = ""

    override func tearDown() async throws {
        server.stop()
        for run in runs { run.remove() }
    }

    func home() throws -> PipedRun {
        let run = try PipedRun(prefix: "discover-mirror")
        runs.append(run)
        return run
    }

    /// The recorded `/shows?page=0` and `?page=1`, and a third page of three shows of page 0
    /// given new ids (100,001 on) and names (`Quillbright …`), which neither the snapshot nor
    /// the other pages have.
    func pages() throws -> [[[String: Any]]] {
        func page(_ name: String) throws -> [[String: Any]] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Fixtures.snapshotData(name)) as? [[String: Any]])
        }
        let first = try page("shows_page_0.json")
        let third = first.prefix(3).map { show -> [String: Any] in
            var copy = show
            copy["id"] = (show["id"] as? Int ?? 0) + 100_000
            copy["name"] = "Quillbright " + (show["name"] as? String ?? "")
            return copy
        }
        return [first, try page("shows_page_1_2016.json"), third]
    }

    func serve(_ pages: [[[String: Any]]], stallingPage stalled: Int? = nil) throws {
        for (number, shows) in pages.enumerated() {
            let body = try JSONSerialization.data(withJSONObject: shows)
            if number == stalled {
                server.route("/shows", query: ["page": String(number)], .neverAnswer, .json(body))
            } else {
                server.route("/shows", query: ["page": String(number)], .json(body))
            }
        }
        // Any other page is a 404, as TVmaze answers past its last page.
        base = try server.start().absoluteString
    }

    func ids(_ pages: [[[String: Any]]]) -> Set<Int> { Set(pages.joined().compactMap { $0["id"] as? Int }) }

    func mirrorFile(_ h: PipedRun) -> String { h.root + "/home/.local/share/discover-tui/" + MirrorStore.fileName }

    /// `discover-tui mirror` started in the background, returned once it has asked for page 1
    /// (which `serve(_:stallingPage: 1)` holds back), or after 20 s without.
    /// - Parameter errors: where its standard error goes (nowhere by default).
    func mirrorStoppedAtPageOne(_ h: PipedRun, errors: Any = FileHandle.nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.discover)
        process.arguments = ["mirror", "--api-base", base]
        process.environment = [
            "HOME": h.root + "/home", "XDG_CONFIG_HOME": h.root + "/config", "XDG_CACHE_HOME": h.root + "/cache", "LC_ALL": "C.UTF-8"
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !server.requests.contains(where: { $0.query == "page=1" }) && Date() < deadline {
            usleep(10_000)
        }
        return process
    }

    func testTheIndexIsKeptAndFoundOfflineAndASecondRunFetchesOnlyTheChangedShow() throws {
        let pages = try pages()
        try serve(pages)
        let h = try home()
        let before = try h.run(["search", "Quillbright Bitten", "--offline"])
        XCTAssertTrue(before.out.contains("0 shows found"), before.out)
        // Nothing found: the header all the same, and exit 1.
        XCTAssertEqual(before.status, 1, before.err)

        let first = try h.run(["mirror", "--api-base", base])
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("mirror: \(ids(pages).count) shows, the whole index (3 pages)"), first.out)
        // In a pipe, one line a page.
        let lines = first.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, first.err)
        XCTAssertTrue(lines[2].hasPrefix("page 3 of about"), first.err)
        XCTAssertEqual(server.requests.map { $0.path + "?" + ($0.query ?? "") }, ["/shows?page=0", "/shows?page=1", "/shows?page=2", "/shows?page=3"])

        let found = try h.run(["search", "Quillbright Bitten", "--offline"])
        XCTAssertEqual(found.status, 0, found.err)
        XCTAssertTrue(found.out.contains("Quillbright Bitten"), found.out)
        XCTAssertTrue(found.out.contains("TVmaze mirror"), found.out)
        let about = try h.run(["--about"])
        XCTAssertTrue(about.out.contains("TVmaze's index mirrored"), about.out)
        XCTAssertTrue(about.out.contains("\(ids(pages).count) shows"), about.out)

        // The changes of the last day: one show renamed, one as it was.
        let renamed = try XCTUnwrap(pages[2].first)
        var changed = renamed
        changed["name"] = "Quillbright Renamed"
        changed["updated"] = 1_900_000_000
        let unchangedID = try XCTUnwrap(pages[0].first?["id"] as? Int)
        let unchangedStamp = try XCTUnwrap(pages[0].first?["updated"] as? Int)
        let renamedID = try XCTUnwrap(renamed["id"] as? Int)
        server.route(
            "/updates/shows", query: ["since": "day"],
            .json(try JSONSerialization.data(withJSONObject: [String(renamedID): 1_900_000_000, String(unchangedID): unchangedStamp])))
        server.route("/shows/\(renamedID)", .json(try JSONSerialization.data(withJSONObject: changed)))
        let asked = server.requests.count
        let second = try h.run(["mirror", "--api-base", base])
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertTrue(second.out.contains("mirror: 1 show changed in the last day"), second.out)
        XCTAssertEqual(server.requests.dropFirst(asked).map { $0.path + "?" + ($0.query ?? "") }, ["/updates/shows?since=day", "/shows/\(renamedID)?"])

        let after = try h.run(["search", "Quillbright Renamed", "--offline"])
        XCTAssertTrue(after.out.contains("Quillbright Renamed"), after.out)
        let show = try h.run(["show", String(renamedID), "--offline"])
        XCTAssertEqual(show.status, 0, show.err)
        XCTAssertTrue(show.out.contains("Quillbright Renamed"), show.out)
    }

    func testTheFullScreensAllListAndFilterReadTheMirror() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let pages = try pages()
        try serve(pages)
        let h = try home()
        XCTAssertEqual(try h.run(["mirror", "--api-base", base]).status, 0)
        let count = ids(pages).count
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--offline", "--list", "all"], width: 100, height: 24,
            environment: ["HOME": h.root + "/home", "XDG_DATA_HOME": h.root + "/home/.local/share", "XDG_CACHE_HOME": h.root + "/cache"])
        // The status bar says the mirror's date and size; the list holds the mirror's shows with
        // the snapshot's shows it lacks.
        let first = try XCTUnwrap(term.waitFor("TVmaze mirror"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(first.contains { $0.contains("\(count) shows") }, first.joined(separator: "\n"))
        term.send("/")
        term.type("Quillbright Bit")
        let filtered = try XCTUnwrap(term.waitFor("Quillbright Bitten"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(filtered.contains { $0.contains("Quillbright Bitten") }, filtered.joined(separator: "\n"))
        term.send("Enter")
        term.send("Enter")
        // Its details: the mirror's record and synopsis.
        let details = try XCTUnwrap(term.waitFor("Summary"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(details.joined(separator: "\n").contains("Quillbright Bitten"), details.joined(separator: "\n"))
        term.send("Escape")
        term.send("Escape")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testAnImportMatchesByNameAShowOnlyTheMirrorHas() throws {
        let pages = try pages()
        try serve(pages)
        let h = try home()
        let file = h.root + "/viewing.csv"
        try "Title,Date\n\"Quillbright Bitten: Season 1: Pilot\",\"10/21/20\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        let before = try h.run(["import", "netflix", file, "--offline"])
        XCTAssertTrue(before.err.contains("1/1 shows · 1 unmatched"), before.err)
        XCTAssertEqual(try h.run(["mirror", "--api-base", base]).status, 0)
        // The show is found in the mirror by its name (its episode still needs TVmaze's list).
        let after = try h.run(["import", "netflix", file, "--offline"])
        XCTAssertTrue(after.err.contains("1/1 shows · 0 unmatched"), after.err)
    }

    func testKeepingFreshAsksNothingOfAMirrorRefreshedToday() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        try serve(try pages())
        let h = try home()
        XCTAssertEqual(try h.run(["mirror", "--api-base", base]).status, 0)
        let asked = server.requests.count
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "tvmaze", "--api-base", base, "--list", "all"], width: 100, height: 24,
            environment: [
                "HOME": h.root + "/home", "XDG_DATA_HOME": h.root + "/home/.local/share", "XDG_CACHE_HOME": h.root + "/cache",
                "DISCOVER_KEEP_MIRROR_FRESH": "yes"
            ])
        XCTAssertNotNil(term.waitFor("TVmaze live"), term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        // The list's own pages only: a mirror made today is not due a refresh.
        XCTAssertFalse(server.requests.dropFirst(asked).contains { $0.path.hasPrefix("/updates") }, "\(server.requests.map(\.path))")
        let bad = try h.run(["search", "x", "--offline"], environment: ["DISCOVER_KEEP_MIRROR_FRESH": "maybe"])
        XCTAssertEqual(bad.status, 2, bad.err)
        XCTAssertTrue(bad.err.contains("DISCOVER_KEEP_MIRROR_FRESH"), bad.err)
    }

    func testTheEpisodeListsOfYourShowsAreKeptForOffline() throws {
        let pages = try pages()
        let favourite = try XCTUnwrap(pages[2].first?["id"] as? Int)
        server.route("/shows/\(favourite)/episodes", query: ["specials": "1"], .json(try Fixtures.snapshotData("episodes_49_brooklyn-nine-nine.json")))
        try serve(pages)
        let h = try home()
        let csv = h.root + "/favourite.csv"
        try
            ("kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at\r\n"
            + "favourite,Quillbright Person of Interest,\(favourite),,,,,,,,,,,2024-09-10T13:52:56Z\r\n").write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(try h.run(["import", "discover", csv, "--offline", "--apply"]).status, 0)
        let before = try h.run(["show", String(favourite), "--episodes", "--offline"])
        XCTAssertFalse(before.out.contains("The Tagger"), before.out)

        let mirrored = try h.run(["mirror", "--api-base", base])
        XCTAssertEqual(mirrored.status, 0, mirrored.err)
        XCTAssertTrue(mirrored.out.contains("1 episode list of your favourite and started shows"), mirrored.out)
        XCTAssertEqual(server.requests.filter { $0.path.hasSuffix("/episodes") }.map(\.path), ["/shows/\(favourite)/episodes"])
        // Offline, the show's episodes are the list kept with the mirror.
        let after = try h.run(["show", String(favourite), "--episodes", "--offline"])
        XCTAssertEqual(after.status, 0, after.err)
        XCTAssertTrue(after.out.contains("The Tagger"), after.out)
    }

    func testAMirrorKilledMidPageAndRunAgainHoldsEveryShowOnce() throws {
        let pages = try pages()
        try serve(pages, stallingPage: 1)
        let h = try home()
        // Killed while page 1 is being asked: page 0 is done, page 1 is not.
        let process = try mirrorStoppedAtPageOne(h)
        XCTAssertTrue(server.requests.contains { $0.query == "page=1" }, "page 1 was never asked")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        let asked = server.requests.count
        let again = try h.run(["mirror", "--api-base", base])
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertTrue(again.out.contains("mirror: \(ids(pages).count) shows"), again.out)
        // Page 0 was kept: the second run goes on from page 1.
        XCTAssertEqual(server.requests.dropFirst(asked).map { $0.query ?? "" }, ["page=1", "page=2", "page=3"])
        let store = try MirrorStore(path: mirrorFile(h), writable: false)
        let table = try store.table()
        XCTAssertEqual(table.count, ids(pages).count)
        XCTAssertEqual(Set(table.shows.map(\.id)), ids(pages))
        XCTAssertEqual(try store.pagesDone(), [0, 1, 2])
    }

    func testATerminalShowsAProgressBarThatLeavesOnlyTheLastLine() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let pages = try pages()
        // Page 1's first answer never comes: the bar stays on page 1 until the client asks again.
        try serve(pages, stallingPage: 1)
        let h = try home()
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "mirror", "--api-base", base], width: 100, height: 10,
            environment: ["HOME": h.root + "/home", "XDG_DATA_HOME": h.root + "/home/.local/share", "XDG_CACHE_HOME": h.root + "/cache"])
        let bar = try XCTUnwrap(term.waitFor("page 1 of about"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(bar.contains { $0.hasPrefix("[░") && $0.contains("240 shows on it") && $0.contains("left") }, bar.joined(separator: "\n"))
        let done = try XCTUnwrap(term.waitFor("mirror: \(ids(pages).count) shows", timeout: 40), term.screen().joined(separator: "\n"))
        XCTAssertFalse(done.contains { $0.contains("page 3 of about") }, "the bar is cleared: \(done.joined(separator: "\n"))")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testCtrlCStopsWithThePagesDoneKeptAndStatus130() throws {
        let pages = try pages()
        try serve(pages, stallingPage: 1)
        let h = try home()
        let errors = Pipe()
        let process = try mirrorStoppedAtPageOne(h, errors: errors)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 130, said)
        XCTAssertTrue(said.contains("stopped: the 1 page done is kept; run discover-tui mirror again to go on"), said)
        XCTAssertEqual(try MirrorStore(path: mirrorFile(h), writable: false).pagesDone(), [0])
    }

    func testAnUnreachableTVmazeEndsWithStatusThreeAndASentence() throws {
        let h = try home()
        // Nothing listens on port 9.
        let result = try h.run(["mirror", "--api-base", "http://127.0.0.1:9"])
        XCTAssertEqual(result.status, 3, result.err)
        XCTAssertTrue(result.err.contains("cannot ask TVmaze"), result.err)
        XCTAssertTrue(result.err.contains("nothing was kept"), result.err)
        let usage = try h.run(["mirror", "--everything"])
        XCTAssertEqual(usage.status, 2, usage.err)
        XCTAssertTrue(usage.err.contains("discover-tui mirror takes only --api-base URL"), usage.err)
    }
}
