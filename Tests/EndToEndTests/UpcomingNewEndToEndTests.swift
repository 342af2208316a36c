import Foundation
import TestSupport
import XCTest

/// `discover-tui upcoming --new`: a favourite's episode aired since the last look is printed
/// once (exit 0); the next run, with nothing new aired, prints nothing, says so on standard
/// error and exits 1.
final class UpcomingNewEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-new-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/data/discover-tui", withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    func testAFavouritesNewEpisodeIsPrintedOnceThenNothingWithExitStatusOne() throws {
        let favourites = """
            {"version": 1, "favourites": [{"kind": "show", "provider": "TVmaze", "id": "82", "name": "Game of Thrones",
             "subtitle": "2011–2019 · HBO", "added": "2026-11-29T14:30:00Z"}]}
            """
        try Data(favourites.utf8).write(to: URL(fileURLWithPath: root + "/data/discover-tui/favorites.json"))
        let aired = Date().addingTimeInterval(-2 * 86_400), old = Date().addingTimeInterval(-40 * 86_400), later = Date().addingTimeInterval(5 * 86_400)
        func episode(_ id: Int, _ number: Int, _ name: String, _ at: Date) -> String {
            let day = String(iso(at).prefix(10))
            return
                #"{"id":\#(id),"name":"\#(name)","season":9,"number":\#(number),"type":"regular","airdate":"\#(day)","airtime":"21:00","airstamp":"\#(iso(at))","runtime":60,"rating":{"average":null},"summary":null}"#
        }
        let list = "[" + [episode(1, 1, "Long ago", old), episode(2, 2, "Just aired", aired), episode(3, 3, "Not yet", later)].joined(separator: ",") + "]"
        server.route("/shows/82/episodes", .json(Data(list.utf8)))
        let base = try server.start()
        let environment = [
            "HOME": root + "/home", "XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "XDG_STATE_HOME": root + "/state",
            "XDG_CONFIG_HOME": root + "/config", "LC_ALL": "C.UTF-8", "TZ": "UTC"
        ]
        let arguments = ["upcoming", "--new", "--source", "tvmaze", "--api-base", base.absoluteString, "--no-cache"]
        let first = try SeparateRun.run(arguments, environment: environment, in: root)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.out, String(iso(aired).prefix(10)) + "  Game of Thrones  S09E02  Just aired\n", first.err)
        XCTAssertNotNil(try? String(contentsOfFile: root + "/state/discover-tui/upcoming-new", encoding: .utf8))
        let second = try SeparateRun.run(arguments, environment: environment, in: root)
        XCTAssertEqual(second.status, 1, second.err)
        XCTAssertEqual(second.out, "")
        XCTAssertTrue(second.err.hasPrefix("discover-tui: nothing new since "), "never 1 without a word: " + second.err)
        XCTAssertEqual(second.err.split(separator: "\n").count, 1, second.err)
    }
}
