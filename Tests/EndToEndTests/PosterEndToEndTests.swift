import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// A show's poster on its details page, in a real terminal: a loopback TVmaze serves a show
/// whose image URL points back at it, and a JPEG made here (a gradient encoded with
/// libturbojpeg, never a real poster).
final class PosterEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""
    private let poster = "/images/83/poster.jpg"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-poster-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var environment: [String: String] {
        [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris", "DISCOVER_IMAGES": "auto"
        ]
    }

    /// Serves The Simpsons (show 83 of the recorded first page) with a poster on this server,
    /// and the poster (held behind `gate` when one is given).
    /// - Returns: the server's base URL.
    private func serve(gate: ResponseGate? = nil, on server: LoopbackHTTPServer? = nil) throws -> URL {
        let server = server ?? self.server
        let jpeg = try JPEGCodec.encode(RGBImage.gradient(width: 680, height: 1000), quality: 85)
        var image = ScriptedResponse(headers: ["Content-Type": "image/jpeg"], body: jpeg)
        image.gate = gate
        server.route(poster, image)
        let base = try server.start()
        guard let page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]],
            var show = page.first(where: { ($0["id"] as? Int) == 83 })
        else {
            throw FixtureError.missing("show 83 in shows_page_0.json")
        }
        show["image"] = ["medium": base.absoluteString + poster, "original": base.absoluteString + "/images/83/original.jpg"]
        server.route("/shows/83", .json(try JSONSerialization.data(withJSONObject: show)))
        return base
    }

    /// The half-block cells drawn in 24-bit colour.
    private func trueColourBlocks(_ term: TmuxTerminal) -> [StyledScreen.Cell] {
        term.styledScreen().cells.filter { $0.character == "▀" && $0.style.trueForeground != nil && $0.style.trueBackground != nil }
    }

    private var posterRequests: Int { server.requests.filter { $0.path == poster }.count }

    func testTheDetailsAt120ColumnsShowThePosterInTrueColourOnceAndScrollingLeavesItAlone() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let base = try serve()
        var env = environment
        env["COLORTERM"] = "truecolor"
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "show", "83", "--source", "tvmaze", "--api-base", base.absoluteString], width: 120, height: 40,
            environment: env)
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        let shown = term.waitUntil { _ in self.trueColourBlocks(term).count >= 600 }
        XCTAssertNotNil(shown, term.screen().joined(separator: "\n"))
        let blocks = trueColourBlocks(term)
        // 30 × 22 cells (680 × 1000 fits 30 × 44 pixels), right of the facts, from the top row.
        XCTAssertEqual(blocks.count, 660)
        // Below the tab row, at the right edge less a column.
        XCTAssertEqual(Set(blocks.map(\.row)), Set(1...22))
        let top = term.screen()[1]
        XCTAssertTrue(top.contains(String(repeating: "▀", count: 30)) && !top.contains(String(repeating: "▀", count: 31)) && top.hasPrefix(" The Simpsons"), top)
        // The gradient: red grows to the right, green down.
        let first = try XCTUnwrap(blocks.first?.style.trueForeground)
        let lastOfRow = try XCTUnwrap(blocks[29].style.trueForeground)
        XCTAssertGreaterThan(lastOfRow >> 16, first >> 16 + 150)
        // Scrolling the page rewrites the text beside the poster, never the poster.
        let recording = root + "/scroll.bytes"
        term.recordOutput(to: recording)
        // The page's first 22 lines stay beside the poster; the rest scroll below them.
        term.send("Down", "Down", "Down")
        XCTAssertNotNil(term.waitFor("19/22 lines"), term.screen().joined(separator: "\n"))
        term.send("Up")
        XCTAssertNotNil(term.waitFor("18/22 lines"), term.screen().joined(separator: "\n"))
        let written = (try? Data(contentsOf: URL(fileURLWithPath: recording))) ?? Data()
        XCTAssertGreaterThan(written.count, 0, "the scroll wrote nothing")
        XCTAssertNil(written.range(of: Data("▀".utf8)), "the scroll rewrote the poster")
        XCTAssertNil(written.range(of: Data("48;2;".utf8)), "the scroll rewrote the poster")
        XCTAssertEqual(trueColourBlocks(term).count, 660)
        // The help drawn over the poster's left part hides it there; closed, the poster is whole again.
        term.send("?")
        XCTAssertNotNil(term.waitUntil { _ in (1..<600).contains(self.trueColourBlocks(term).count) }, term.screen().joined(separator: "\n"))
        term.send("Escape")
        XCTAssertNotNil(term.waitUntil { _ in self.trueColourBlocks(term).count == 660 }, term.screen().joined(separator: "\n"))
        // Asked for once, `r` included (the details again, the same poster).
        term.send("r")
        XCTAssertNotNil(term.waitFor("TVmaze live"), term.screen().joined(separator: "\n"))
        XCTAssertEqual(posterRequests, 1)
        term.send("q")
    }

    func testASCIIAndNarrowScreensDrawNoPoster() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let base = try serve()
        var env = environment
        env["COLORTERM"] = "truecolor"
        for (arguments, width) in [(["--ascii"], 120), (["--images", "off"], 120), (["--theme", "mono"], 120), ([], 99)] {
            let term = try TmuxTerminal(
                command: [BuiltProducts.discover, "show", "83", "--source", "tvmaze", "--api-base", base.absoluteString] + arguments, width: width,
                height: 40, environment: env)
            XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
            XCTAssertNotNil(term.waitFor("TVmaze live"), term.screen().joined(separator: "\n"))
            let screen = term.screen()
            XCTAssertFalse(screen.contains { $0.contains("▀") }, "\(arguments) \(width): " + screen.joined(separator: "\n"))
            // The page uses the whole width: a paragraph wraps wider than it would beside a poster.
            let page = screen.dropFirst().dropLast().map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
            XCTAssertTrue(page.contains { $0.count > width - 30 }, "\(arguments) \(width): " + screen.joined(separator: "\n"))
            term.send("q")
        }
        // None of them asks for the poster (a narrow screen lays out no place for it).
        XCTAssertEqual(posterRequests, 0)
    }

    func testAPersonsPageShowsTheirPhotoBesideTheHeadingAndMovingInTheListLeavesIt() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let jpeg = try JPEGCodec.encode(RGBImage.gradient(width: 210, height: 295))
        server.route("/images/people/1.jpg", ScriptedResponse(headers: ["Content-Type": "image/jpeg"], body: jpeg))
        let base = try server.start()
        guard var person = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("people_1_mike-vogel.json")) as? [String: Any] else {
            throw FixtureError.missing("people_1_mike-vogel.json")
        }
        person["image"] = ["medium": base.absoluteString + "/images/people/1.jpg"]
        server.route("/people/1", .json(try JSONSerialization.data(withJSONObject: person)))
        server.route("/people/1/castcredits", query: ["embed": "show"], .json(try Fixtures.snapshotData("people_1_castcredits_embed-show.json")))
        server.route("/people/1/crewcredits", query: ["embed": "show"], .json(try Fixtures.data("people/people_crewcredits_embed-show.json")))
        // The show's own poster is not served: its details say so once and go on.
        guard var show = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("show_1_under-the-dome_embed-episodes-cast.json")) as? [String: Any]
        else {
            throw FixtureError.missing("show_1_under-the-dome_embed-episodes-cast.json")
        }
        show["image"] = ["medium": base.absoluteString + "/images/missing.jpg"]
        server.route("/shows/1", .json(try JSONSerialization.data(withJSONObject: show)))
        var env = environment
        env["COLORTERM"] = "truecolor"
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "show", "1", "--source", "tvmaze", "--api-base", base.absoluteString], width: 120, height: 40,
            environment: env)
        XCTAssertNotNil(term.waitFor("Mike Vogel as Dale"), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("No poster: the picture could not be fetched \\(HTTP 404\\)"), term.screen().joined(separator: "\n"))
        term.send("c", "Down", "Down", "Down", "Down", "Down", "Enter")
        XCTAssertNotNil(term.waitFor("United States · born 1979-07-17 · Male"), term.screen().joined(separator: "\n"))
        // 210 × 295 in 20 × 28 pixels: 20 × 28, 14 rows of 20 cells.
        XCTAssertNotNil(term.waitUntil { _ in self.trueColourBlocks(term).count == 280 }, term.screen().joined(separator: "\n"))
        XCTAssertEqual(Set(trueColourBlocks(term).map(\.row)), Set(1...14))
        let recording = root + "/moves.bytes"
        term.recordOutput(to: recording)
        term.send("Down", "Down", "Down", "Up")
        // Three rows down and one up: the cursor ends on the list's third row (the header, then the first).
        XCTAssertNotNil(term.waitUntil { _ in ((try? Data(contentsOf: URL(fileURLWithPath: recording))) ?? Data()).count > 0 })
        let written = (try? Data(contentsOf: URL(fileURLWithPath: recording))) ?? Data()
        XCTAssertNil(written.range(of: Data("▀".utf8)), "moving in the list rewrote the photo")
        XCTAssertEqual(trueColourBlocks(term).count, 280)
        XCTAssertEqual(server.requests.filter { $0.path == "/images/people/1.jpg" }.count, 1)
        term.send("q")
    }

    func testThePosterIsAtMost16KBOnTheWireIn256ColoursAndScrollingSendsNoneOfIt() throws {
        var figures: [String: Int] = [:]
        for colorterm in ["", "truecolor"] {
            let gate = ResponseGate()
            let own = LoopbackHTTPServer()
            defer { own.stop() }
            let base = try serve(gate: gate, on: own)
            var env = environment
            env["TERM"] = "xterm-256color"
            env["PATH"] = "/usr/bin:/bin"
            if !colorterm.isEmpty { env["COLORTERM"] = colorterm }
            let pty = try PseudoTerminal(
                command: [BuiltProducts.discover, "show", "83", "--source", "tvmaze", "--api-base", base.absoluteString, "--no-cache"], width: 120,
                height: 40, environment: env)
            defer { pty.stop() }
            XCTAssertTrue(pty.waitFor("Official site"))
            pty.settle()
            let before = pty.byteCount
            gate.open()
            // 660 cells of the poster, each `▀` (3 bytes) or a colour's blank.
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, pty.output.dropFirst(before).count < 660 * 3 { pty.settle(quiet: 0.1) }
            pty.settle()
            let written = pty.output.dropFirst(before)
            figures[colorterm.isEmpty ? "256 colours" : "24-bit"] = written.count
            XCTAssertEqual(String(decoding: written, as: UTF8.self).filter { $0 == "▀" }.count, 660)
            // Scrolling the page sends no byte of the poster.
            let start = pty.byteCount
            for _ in 0..<3 {
                pty.type("\u{1B}[B")
                pty.settle(quiet: 0.15)
            }
            let scroll = pty.output.dropFirst(start)
            XCTAssertGreaterThan(scroll.count, 0)
            XCTAssertFalse(String(decoding: scroll, as: UTF8.self).contains("▀"), String(decoding: scroll, as: UTF8.self).debugDescription)
        }
        print("poster bytes: \(figures)")
        XCTAssertLessThanOrEqual(figures["256 colours"] ?? .max, 16 * 1024, "a 30 × 22 poster in 256 colours: \(figures)")
        // 24-bit colour spells out each colour (about 37 bytes a cell where both halves change).
        XCTAssertLessThanOrEqual(figures["24-bit"] ?? .max, 28 * 1024, "a 30 × 22 poster in 24-bit colour: \(figures)")
    }
}
