import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// `--images kitty` on a pseudo-terminal that the test plays the terminal of: answered `OK`,
/// the poster is sent once with the kitty graphics protocol; unanswered, or inside tmux, it is
/// drawn in half-blocks and a line says why. A loopback TVmaze serves a show whose poster is a
/// gradient made here.
final class KittyPosterEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""
    private let poster = "/images/83/poster.jpg"
    private let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    private let shown = "\u{1B}_Ga=T,f=24,"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-kitty-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// Starts the details of The Simpsons (show 83 of the recorded first page) with its poster
    /// on the loopback server, with `--images kitty`.
    private func start(environment extra: [String: String] = [:]) throws -> PseudoTerminal {
        let jpeg = try JPEGCodec.encode(RGBImage.gradient(width: 680, height: 1000), quality: 85)
        server.route(poster, ScriptedResponse(headers: ["Content-Type": "image/jpeg"], body: jpeg))
        let base = try server.start()
        guard let page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]],
            var show = page.first(where: { ($0["id"] as? Int) == 83 })
        else {
            throw FixtureError.missing("show 83 in shows_page_0.json")
        }
        show["image"] = ["medium": base.absoluteString + poster]
        server.route("/shows/83", .json(try JSONSerialization.data(withJSONObject: show)))
        var env = [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "LC_ALL": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "COLORFGBG": "15;0"
        ]
        for (k, v) in extra { env[k] = v }
        return try PseudoTerminal(
            command: [BuiltProducts.discover, "show", "83", "--source", "tvmaze", "--api-base", base.absoluteString, "--images", "kitty"],
            width: 120, height: 40, environment: env)
    }

    private func count(_ text: String, in data: Data) -> Int {
        String(decoding: data, as: UTF8.self).components(separatedBy: text).count - 1
    }

    /// Waits until the output holds `text` `times` times.
    private func waitFor(_ text: String, times: Int, in pty: PseudoTerminal) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            if count(text, in: pty.output) >= times { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    func testAnsweredOKThePosterIsSentOnceWithTheKittyProtocolAndScrollingSendsNoneOfIt() throws {
        let pty = try start()
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor(query), "the query was written")
        // As kitty answers: the query, then DA1.
        pty.type("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        XCTAssertTrue(pty.waitFor("Official site"))
        XCTAssertTrue(waitFor(shown, times: 1, in: pty), String(decoding: pty.output, as: UTF8.self).suffix(400).debugDescription)
        pty.settle()
        let text = String(decoding: pty.output, as: UTF8.self)
        XCTAssertEqual(count(shown, in: pty.output), 1)
        // 30 × 22 cells, at the top right less a column (row 2, column 90), in chunks.
        XCTAssertTrue(text.contains("\u{1B}[2;90H" + shown + "s=30,v=44,c=30,r=22,C=1,q=2,m=1;"), text.suffix(300).debugDescription)
        XCTAssertFalse(text.contains("▀"), "no half-blocks")
        XCTAssertFalse(text.contains("did not answer"))
        // Scrolling the page beside it sends none of it.
        let before = pty.byteCount
        for _ in 0..<3 {
            pty.type("\u{1B}[B")
            pty.settle(quiet: 0.15)
        }
        let scroll = pty.output.dropFirst(before)
        XCTAssertGreaterThan(scroll.count, 0)
        XCTAssertEqual(count("\u{1B}_G", in: scroll), 0, String(decoding: scroll, as: UTF8.self).debugDescription)
        // The help drawn over it deletes it; closed, the poster is sent again, once.
        let help = pty.byteCount
        pty.type("?")
        XCTAssertTrue(waitFor("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}8", times: count("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}8", in: pty.output) + 1, in: pty))
        pty.settle()
        XCTAssertEqual(count(shown, in: pty.output.dropFirst(help)), 0)
        pty.type("\u{1B}")
        XCTAssertTrue(waitFor(shown, times: 2, in: pty))
        pty.settle()
        XCTAssertEqual(count(shown, in: pty.output), 2)
        XCTAssertEqual(server.requests.filter { $0.path == poster }.count, 1)
    }

    func testWithTheBackgroundQueryBothAreAskedInOneWriteEndedByOneDA1AndBothAnswersCount() throws {
        // No COLORFGBG: `--theme auto` asks the background too.
        let pty = try start(environment: ["COLORFGBG": ""])
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor(query + "\u{1B}[c"), "the query was written")
        XCTAssertTrue(String(decoding: pty.output, as: UTF8.self).contains("\u{1B}]11;?\u{07}" + query + "\u{1B}[c"), "OSC 11, the kitty query, one DA1")
        // As kitty answers: the background, the graphics query, then DA1.
        pty.type("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        XCTAssertTrue(waitFor(shown, times: 1, in: pty))
        pty.settle()
        XCTAssertEqual(count(shown, in: pty.output), 1)
        XCTAssertEqual(count("\u{1B}[c", in: pty.output), 1)
    }

    func testUnansweredThePosterIsInHalfBlocksAndALineSaysWhy() throws {
        let pty = try start()
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor(query), "the query was written")
        XCTAssertTrue(pty.waitFor("did not answer the kitty graphics query"))
        XCTAssertTrue(waitFor("▀", times: 200, in: pty))
        XCTAssertFalse(String(decoding: pty.output, as: UTF8.self).contains(shown))
    }

    func testInsideTmuxTheTerminalIsNotAskedAndThePosterIsInHalfBlocks() throws {
        let pty = try start(environment: ["TMUX": "/tmp/tmux-1000/default,1,0"])
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor("not passed on by tmux"))
        XCTAssertTrue(waitFor("▀", times: 200, in: pty))
        let text = String(decoding: pty.output, as: UTF8.self)
        XCTAssertFalse(text.contains("\u{1B}_G"), "neither asked nor sent")
    }
}
