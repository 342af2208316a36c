import Foundation
import TestSupport
import XCTest

/// `discover-tui route` to a pipe: offline over the recorded areas (text and JSON), each way of
/// not routing with its own sentence and exit status, and live over a loopback Overpass.
final class RouteCommandEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var run: PipedRun?

    override func setUpWithError() throws {
        run = try PipedRun(prefix: "discover-route-cli")
    }

    override func tearDown() {
        server.stop()
        run?.remove()
        super.tearDown()
    }

    func testOfflineParisWalkIsTurnByTurnTextAndTheSameWalkInJSON() throws {
        let run = try XCTUnwrap(run)
        let arguments = ["route", "--near", "48.8795,2.3560", "--to", "48.8768,2.3590", "--offline"]
        let text = try run.run(arguments)
        XCTAssertEqual(text.status, 0, text.err)
        let lines = text.out.split(separator: "\n").map(String.init)
        XCTAssertNotNil(lines.first?.range(of: #"^\d+ m by the streets · ~\d+ min$"#, options: .regularExpression), text.out)
        XCTAssertEqual(lines.dropFirst().first, "1. Rue de Dunkerque 180 m", text.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("2. then left onto ") }, text.out)
        XCTAssertTrue(lines.last?.contains("© OpenStreetMap contributors") == true, text.out)

        let json = try run.run(arguments + ["--json"])
        XCTAssertEqual(json.status, 0, json.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let metres = try XCTUnwrap(object["metres"] as? Int)
        let seconds = try XCTUnwrap(object["seconds"] as? Int)
        XCTAssertEqual(Double(seconds), Double(metres) / (4.8 / 3.6), accuracy: 2, "4.8 km/h on level streets")
        XCTAssertEqual(object["source"] as? String, "local")
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.first?["street"] as? String, "Rue de Dunkerque")
        XCTAssertEqual(steps.first?["turn"] as? String, "start")
        XCTAssertEqual(steps.compactMap { $0["metres"] as? Int }.reduce(0, +), metres, accuracy: steps.count)
        XCTAssertTrue(lines.first?.hasPrefix("\(Int((Double(metres) / 10).rounded()) * 10) m") == true, "the text's walk is the JSON's")
        let from = try XCTUnwrap(object["from"] as? [String: Any]), to = try XCTUnwrap(object["to"] as? [String: Any])
        XCTAssertEqual(from["latitude"] as? Double, 48.8795)
        XCTAssertEqual(to["longitude"] as? Double, 2.3590)
        XCTAssertNil(to["name"], "a point has no name")

        let imperial = try run.run(arguments + ["--units", "imperial"])
        let imperialLines = imperial.out.split(separator: "\n").map(String.init)
        XCTAssertNotNil(imperialLines.first?.range(of: #"^0\.\d mi by the streets · ~\d+ min$"#, options: .regularExpression), imperial.out)
        XCTAssertEqual(imperialLines.dropFirst().first, "1. Rue de Dunkerque 0.1 mi", imperial.out)
        let imperialJSON = try run.run(arguments + ["--json", "--units", "imperial"])
        XCTAssertTrue(imperialJSON.out.contains("\"metres\":\(metres)"), "JSON stays in metres: \(imperialJSON.out)")

        let there = try run.run(["route", "--near", "48.8795,2.3560", "--to", "48.8795,2.3560", "--offline"])
        XCTAssertEqual(there.out.split(separator: "\n").first, "You are there", there.out + there.err)

        let brisk = try run.run(arguments + ["--json", "--walking-speed", "6"])
        let briskObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(brisk.out.utf8)) as? [String: Any])
        XCTAssertEqual(Double(briskObject["seconds"] as? Int ?? 0), Double(metres) / (6 / 3.6), accuracy: 2)
    }

    func testAPlaceNamedNearTheCityIsWalkedTo() throws {
        let run = try XCTUnwrap(run)
        let result = try run.run(["route", "--city", "Helsinki", "--to", "stockmann", "--offline"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.split(separator: "\n").first?.contains(" to Stockmann") == true, result.out)
        let json = try run.run(["route", "--city", "Helsinki", "--to", "stockmann", "--offline", "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(((object["to"] as? [String: Any])?["name"] as? String)?.hasPrefix("Stockmann"), true, json.out)
        XCTAssertNotNil((object["to"] as? [String: Any])?["latitude"] as? Double)
    }

    func testEachWayOfNotRoutingSaysWhyWithItsStatus() throws {
        let run = try XCTUnwrap(run)
        let cases: [([String], Int32, String)] = [
            (["route", "--near", "48.8795,2.3560", "--to", "48.85,2.35", "--offline"], 1, "outside the area the streets cover"),
            (["route", "--near", "41.0172,28.9699", "--to", "41.018,28.97", "--offline"], 1, "No walkable streets are loaded here"),
            (["route", "--city", "Helsinki", "--to", "no such place at all", "--offline"], 1, "no place called 'no such place at all'"),
            (["route", "--near", "48.8795,2.3560", "--to", "0,0", "--offline"], 1, "The destination is "),
            (["route", "--city", "Helsinki", "--to", "48.8768,2.3590", "--offline"], 1, "outside the streets loaded for a walk"),
            (["route", "--near", "48.8795,2.3560", "--to", "91,2", "--offline"], 2, "--to: latitude 91.0 is outside -90...90 degrees"),
            (["route", "--near", "48.8795,2.3560", "--to", "48.8725,200", "--offline"], 2, "longitude 200.0 is outside -180...180 degrees"),
            (["route", "--city", "Helsinki", "--offline"], 2, "needs --to"),
            (["route", "--to", "60.17,24.94", "--offline"], 2, "needs where to start"),
            (["places", "--to", "60.17,24.94"], 2, "--to is an option of the route command"),
            (["route", "--city", "Helsinki", "--to", "60.17,24.94", "--walking-speed", "fast"], 2, "walking pace in km/h")
        ]
        for (arguments, status, words) in cases {
            let result = try run.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains(words), "\(arguments): \(result.err)")
            XCTAssertEqual(result.err.split(separator: "\n").first?.contains("RouteProblem"), false)
            XCTAssertEqual(result.out, "")
        }
    }

    func testLiveStreetsFromOverpassAreRoutedAndAFailingOverpassIsStatus3() throws {
        let run = try XCTUnwrap(run)
        let body = """
            {"version":0.6,"elements":[
            {"type":"way","id":1,"nodes":[11,12,13],"geometry":[{"lat":60.1690,"lon":24.9380},{"lat":60.1700,"lon":24.9380},{"lat":60.1710,"lon":24.9380}],"tags":{"highway":"residential","name":"North Street"}},
            {"type":"way","id":2,"nodes":[13,14],"geometry":[{"lat":60.1710,"lon":24.9380},{"lat":60.1710,"lon":24.9420}],"tags":{"highway":"footway","name":"East Path"}}
            ]}
            """
        server.route("/api/interpreter", .json(Data(body.utf8)))
        let base = try server.start().appendingPathComponent("api")
        let result = try run.run(["route", "--near", "60.1690,24.9380", "--to", "60.1710,24.9420", "--source", "osm", "--overpass-base", base.absoluteString, "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.compactMap { $0["street"] as? String }, ["North Street", "East Path"])
        XCTAssertEqual(steps.last?["turn"] as? String, "right")
        XCTAssertEqual(object["streets"] as? String, "Overpass live")

        server.route("/broken/interpreter", .json(#"{"error":"bad request"}"#, status: 400))
        let broken = base.deletingLastPathComponent().appendingPathComponent("broken")
        // (`local`: FOSSGIS's OSRM, asked in `auto` when the streets cannot be loaded, is left out)
        let failed = try run.run(
            ["route", "--near", "60.1690,24.9380", "--to", "60.1600,24.9420", "--source", "osm", "--overpass-base", broken.absoluteString, "--route-source", "local"])
        XCTAssertEqual(failed.status, 3, failed.err)
        XCTAssertTrue(failed.err.contains("cannot load the streets for a walk"), failed.err)

        // In auto the OSRM server is asked too (a loopback one that is not there): both said
        let both = try run.run(
            [
                "route", "--near", "60.1690,24.9380", "--to", "60.1600,24.9420", "--source", "osm", "--overpass-base", broken.absoluteString,
                "--osrm-base", base.deletingLastPathComponent().appendingPathComponent("no-osrm").absoluteString
            ])
        XCTAssertEqual(both.status, 3, both.err)
        XCTAssertTrue(both.err.contains("cannot load the streets for a walk") && both.err.contains("cannot ask FOSSGIS OSRM for a walk"), both.err)

        // No streets there, OSRM not there: two sentences on one line, no stray mark between
        server.route("/empty/interpreter", .json(Data(#"{"version":0.6,"elements":[]}"#.utf8)))
        let empty = base.deletingLastPathComponent().appendingPathComponent("empty")
        let joined = try run.run(
            [
                "route", "--near", "60.1690,24.9380", "--to", "60.1600,24.9420", "--source", "osm", "--overpass-base", empty.absoluteString,
                "--osrm-base", base.deletingLastPathComponent().appendingPathComponent("no-osrm").absoluteString
            ])
        XCTAssertEqual(joined.status, 1, joined.err)
        XCTAssertTrue(joined.err.contains("no walking route. Cannot ask FOSSGIS OSRM for a walk"), joined.err)
        XCTAssertFalse(joined.err.contains("?"), joined.err)

        // Overpass down, OSRM finds no walk: no word of streets that "do not connect"
        server.route("/down/interpreter", .json(#"{"error":"timeout"}"#, status: 504))
        server.route("/osrm/route/v1/foot/24.938,60.169;24.942,60.16", .json(#"{"code":"NoRoute","message":"Impossible route"}"#, status: 400))
        let down = try run.run(
            [
                "route", "--near", "60.1690,24.9380", "--to", "60.1600,24.9420", "--source", "osm", "--overpass-base",
                base.deletingLastPathComponent().appendingPathComponent("down").absoluteString,
                "--osrm-base", base.deletingLastPathComponent().appendingPathComponent("osrm").absoluteString
            ])
        XCTAssertEqual(down.status, 1, down.err)
        XCTAssertTrue(down.err.contains("No streets could be loaded, and the walking-route server finds no walk"), down.err)
        XCTAssertTrue(down.err.contains("Cannot load the streets for a walk"), down.err)
        XCTAssertFalse(down.err.contains("do not connect"), down.err)
    }
}
