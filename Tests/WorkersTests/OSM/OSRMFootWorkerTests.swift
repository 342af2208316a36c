import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// The OSRM foot Worker against a loopback server answering in OSRM's route format
/// (Project-OSRM/osrm-backend `docs/http.md`).
final class OSRMFootWorkerTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// A reply as OSRM writes it: two steps and the arrival, the line as GeoJSON.
    static let reply = """
        {"code":"Ok","routes":[{"distance":420.5,"duration":302.8,"weight":302.8,"weight_name":"duration",
        "geometry":{"type":"LineString","coordinates":[[24.94,60.17],[24.94,60.1711],[24.9454,60.1711]]},
        "legs":[{"distance":420.5,"duration":302.8,"summary":"Simonkatu, Mannerheimintie","steps":[
        {"name":"Simonkatu","distance":120.2,"duration":86.5,"mode":"walking","maneuver":{"type":"depart","modifier":"left","location":[24.94,60.17]}},
        {"name":"Mannerheimintie","distance":300.3,"duration":216.3,"mode":"walking","maneuver":{"type":"turn","modifier":"right","location":[24.94,60.1711]}},
        {"name":"","distance":0,"duration":0,"mode":"walking","maneuver":{"type":"arrive","location":[24.9454,60.1711]}}]}]}],
        "waypoints":[{"name":"Simonkatu","distance":12.5,"location":[24.94,60.17]},{"name":"Mannerheimintie","distance":3.1,"location":[24.9454,60.1711]}]}
        """

    private func makeWorker(pace: WalkingPace = .standard) throws -> OSRMFootWorker {
        OSRMFootWorker(baseURL: try server.start().appendingPathComponent("routed-foot"), http: CurlHTTPClient(timeout: 5), pace: pace)
    }

    func testAWalkIsAskedOnceWithItsStepsAndLineAndAnsweredFromMemoryAfter() async throws {
        // Given
        let path = "/routed-foot/route/v1/foot/24.94,60.17;24.9454,60.1711"
        server.route(path, .json(Self.reply))
        let sut = try makeWorker()
        let start = try Coordinate(latitude: 60.17, longitude: 24.94), end = try Coordinate(latitude: 60.1711, longitude: 24.9454)

        // When
        let route = try await sut.walk(from: start, to: end)
        let again = try await sut.walk(from: start, to: end)

        // Then
        XCTAssertEqual(server.requests.count, 1, "the second walk comes from memory")
        XCTAssertEqual(server.requests.first?.path, path)
        XCTAssertEqual(server.requests.first?.queryItems["steps"], "true")
        XCTAssertEqual(server.requests.first?.queryItems["geometries"], "geojson")
        XCTAssertEqual(server.requests.first?.queryItems["overview"], "full")
        XCTAssertEqual(route.meters, 420.5)
        XCTAssertEqual(route.seconds, 302.8 * 5 / 4.8, accuracy: 0.01, "OSRM's 5 km/h scaled to the pace")
        XCTAssertEqual(route.points.count, 3)
        XCTAssertEqual(RouteWords.sentence(route.steps), "Simonkatu 120 m, then right onto Mannerheimintie 300 m")
        XCTAssertEqual(route.startSnapMeters, 12.5)
        XCTAssertEqual(again, route)
    }

    func testNoRouteIsUnreachableAndAnotherAnswerIsAFailureThatNamesTheServer() async throws {
        server.route("/routed-foot/route/v1/foot/24.94,60.17;25,61", .json(#"{"code":"NoRoute","message":"Impossible route between points"}"#, status: 400))
        server.route("/routed-foot/route/v1/foot/24.94,60.17;25,62", .json(#"{"code":"InvalidQuery","message":"Query string malformed"}"#, status: 400))
        server.route("/routed-foot/route/v1/foot/24.94,60.17;25,63", .json(#"{"code":"Ok","routes":[]}"#))
        let sut = try makeWorker()
        let start = try Coordinate(latitude: 60.17, longitude: 24.94)
        do {
            _ = try await sut.walk(from: start, to: try Coordinate(latitude: 61, longitude: 25))
            XCTFail("NoRoute is no walk")
        } catch let problem as RouteProblem {
            XCTAssertEqual(problem, .unreachable)
        }
        do {
            _ = try await sut.walk(from: start, to: try Coordinate(latitude: 62, longitude: 25))
            XCTFail("a refused query is a failure")
        } catch let error as SourceError {
            guard case .httpStatus(let provider, let status, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(provider, OSRMFootWorker.provider)
            XCTAssertEqual(status, 400)
        }
        do {
            _ = try await sut.walk(from: start, to: try Coordinate(latitude: 63, longitude: 25))
            XCTFail("an answer without a route is a failure")
        } catch let error as SourceError {
            guard case .badData = error else { return XCTFail("\(error)") }
        }
    }

    func testThePathNamesTheTwoPointsLongitudeFirst() throws {
        let path = OSRMFootWorker.path(from: try Coordinate(latitude: 1.5, longitude: 2.25), to: try Coordinate(latitude: -3, longitude: 4))
        XCTAssertEqual(path, "route/v1/foot/2.25,1.5;4,-3")
    }
}
