import Foundation
import TestSupport
import XCTest

/// `discover-tui route` asking an OSRM foot server (a loopback one answering in OSRM's format):
/// by name (`--route-source osrm`), and in `auto` when the streets loaded do not reach the place.
final class RouteOSRMEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var run: PipedRun?

    override func setUpWithError() throws {
        run = try PipedRun(prefix: "discover-route-osrm")
    }

    override func tearDown() {
        server.stop()
        run?.remove()
        super.tearDown()
    }

    private let reply = """
        {"code":"Ok","routes":[{"distance":3150.4,"duration":2268.3,"geometry":{"type":"LineString","coordinates":[[2.356,48.8795],[2.352,48.865],[2.35,48.85]]},
        "legs":[{"steps":[{"name":"Boulevard de Magenta","distance":1800.2,"maneuver":{"type":"depart"}},
        {"name":"Boulevard de Sébastopol","distance":1350.2,"maneuver":{"type":"turn","modifier":"slight right"}},
        {"name":"","distance":0,"maneuver":{"type":"arrive"}}]}]}],"waypoints":[{"distance":4.2},{"distance":8.9}]}
        """

    func testAsKedByNameAndWhenTheRecordedStreetsDoNotReachThePlace() throws {
        let run = try XCTUnwrap(run)
        server.route("/routed-foot/route/v1/foot/2.356,48.8795;2.35,48.85", .json(reply))
        let base = try server.start().appendingPathComponent("routed-foot").absoluteString

        // By name
        let named = try run.run(["route", "--near", "48.8795,2.356", "--to", "48.85,2.35", "--route-source", "osrm", "--osrm-base", base, "--json"])
        XCTAssertEqual(named.status, 0, named.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(named.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["source"] as? String, "osrm")
        XCTAssertEqual(object["metres"] as? Int, 3150)
        XCTAssertEqual(object["streets"] as? String, "FOSSGIS OSRM live")
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.compactMap { $0["turn"] as? String }, ["start", "slight right"])

        // In auto, over the recorded Paris 10e streets (no network for them), the place 3 km
        // south is outside them: OSRM is asked, and the text credits it
        let auto = try run.run(["route", "--near", "48.8795,2.356", "--to", "48.85,2.35", "--source", "snapshot", "--osrm-base", base])
        XCTAssertEqual(auto.status, 0, auto.err)
        XCTAssertTrue(auto.out.contains("1. Boulevard de Magenta 1.8 km"), auto.out)
        XCTAssertTrue(auto.out.contains("Walks by FOSSGIS e.V.'s OSRM (routing.openstreetmap.de)"), auto.out)

        // Offline: never asked
        let before = server.requests.count
        let offline = try run.run(["route", "--near", "48.8795,2.356", "--to", "48.85,2.35", "--offline", "--osrm-base", base])
        XCTAssertEqual(offline.status, 1, offline.err)
        XCTAssertTrue(offline.err.contains("outside the area the streets cover"), offline.err)
        XCTAssertEqual(server.requests.count, before)
        let refused = try run.run(["route", "--near", "48.8795,2.356", "--to", "48.85,2.35", "--offline", "--route-source", "osrm"])
        XCTAssertEqual(refused.status, 2, refused.err)
    }
}
