import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// The Overpass streets Worker against the loopback server (both answer forms), and the
/// embedded offline areas' streets.
final class OSMStreetsWorkersTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func makeWorker() throws -> OverpassStreetsWorker {
        let endpoint = try server.start().appendingPathComponent("api/interpreter")
        return OverpassStreetsWorker(endpoint: endpoint, http: CurlHTTPClient(timeout: 5))
    }

    /// Piedmont, California: the recorded answer's middle.
    private func piedmont() throws -> Coordinate { try Coordinate(latitude: 37.8245, longitude: -122.2312) }

    func testTheQueryAsksForRoadsRailwaysWaterAndParksAroundThePointWithInlineGeometry() throws {
        // When
        let query = OverpassStreetsWorker.query(near: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 800.2)

        // Then
        XCTAssertTrue(query.hasPrefix("[out:json][timeout:25];"), query)
        XCTAssertTrue(query.hasSuffix("out geom;"), query)
        for filter in ["way[\"highway\"~", "way[\"railway\"~", "way[\"natural\"=\"water\"]", "way[\"waterway\"~", "way[\"leisure\"~"] {
            XCTAssertTrue(query.contains(filter), filter)
        }
        XCTAssertEqual(query.components(separatedBy: "(around:800,60.1699,24.9384);").count - 1, 5, query)
    }

    func testAWideSearchAsksForTheStreetsOfItsMiddleOnly() throws {
        let query = OverpassStreetsWorker.query(near: try piedmont(), radiusMeters: 25_000)
        XCTAssertTrue(query.contains("(around:\(Int(StreetMap.maximumRadiusMeters)),"), query)
    }

    func testTheRecordedAnswerOfWaysWithNodeIdsGivesEveryHighwayWithItsPoints() async throws {
        // Given the recorded Piedmont answer (nodes, then ways with node ids)
        let data = try Fixtures.data("osm/overpass_piedmont_ca_drive_network_2017-10.json")
        server.route("/api/interpreter", .json(data))
        let sut = try makeWorker()

        // When
        let map = try await sut.streets(near: try piedmont(), radiusMeters: 1_500)

        // Then: as many ways as the answer has highway ways, each with all its nodes
        let raw = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let elements = raw?["elements"] as? [[String: Any]] ?? []
        let highways = elements.filter { $0["type"] as? String == "way" && ($0["tags"] as? [String: String])?["highway"] != nil }
        XCTAssertEqual(map.ways.count, highways.count)
        XCTAssertEqual(map.ways.count, 287)
        XCTAssertEqual(map.ways.map(\.points.count).reduce(0, +), highways.map { ($0["nodes"] as? [Int])?.count ?? 0 }.reduce(0, +))
        XCTAssertEqual(Set(map.ways.map(\.kind)), [.residential, .tertiary, .secondary])
        XCTAssertEqual(map.ways.first?.kind, .residential, "faintest first, in drawing order")
        XCTAssertEqual(map.ways.last?.kind, .secondary)
        XCTAssertTrue(map.ways.contains { $0.name == "Echo Avenue" })
        XCTAssertEqual(map.source, .live(provider: ProviderName.overpass))
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(server.requests.first?.queryItems["data"], OverpassStreetsWorker.query(near: try piedmont(), radiusMeters: 1_500))
    }

    func testAnOutGeomAnswerOfInlineGeometryIsReadToo() async throws {
        // Given an `out geom` answer: the ways carry their points, with no node elements
        let body = """
            {"version":0.6,"elements":[
            {"type":"way","id":1,"bounds":{},"nodes":[11,12,13],"geometry":[{"lat":60.1690,"lon":24.9380},{"lat":60.1695,"lon":24.9390},{"lat":60.1700,"lon":24.9400}],"tags":{"highway":"primary","name":"Mannerheimintie"}},
            {"type":"way","id":2,"geometry":[{"lat":60.1680,"lon":24.9370},{"lat":60.1681,"lon":24.9371}],"tags":{"railway":"rail"}},
            {"type":"way","id":3,"geometry":[{"lat":60.1,"lon":24.9},{"lat":60.2,"lon":24.9},{"lat":60.2,"lon":25.0},{"lat":60.1,"lon":24.9}],"tags":{"leisure":"park"}},
            {"type":"way","id":4,"geometry":[{"lat":60.1,"lon":24.9},{"lat":60.2,"lon":24.9}],"tags":{"building":"yes"}},
            {"type":"way","id":5,"geometry":[{"lat":999,"lon":24.9}],"tags":{"highway":"footway"}}
            ]}
            """
        server.route("/api/interpreter", .json(Data(body.utf8)))
        let sut = try makeWorker()

        // When
        let map = try await sut.streets(near: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 1_000)

        // Then: the building and the way without two valid points are left out
        XCTAssertEqual(map.ways.map(\.kind), [.park, .railway, .primary])
        XCTAssertEqual(map.ways.last?.points.count, 3)
        XCTAssertEqual(map.ways.last?.points.last, try Coordinate(latitude: 60.17, longitude: 24.94))
        XCTAssertEqual(map.ways.last?.name, "Mannerheimintie")
        XCTAssertTrue(map.ways.first?.isClosed ?? false)
        XCTAssertEqual(map.ways.last?.nodeIDs, [11, 12, 13], "the node ids beside the points, for the walking graph's junctions")
        XCTAssertEqual(map.ways.last?.tags, ["highway": "primary"])
        XCTAssertEqual(map.ways.first?.nodeIDs, [], "no ids written, none kept")
    }

    func testTheSameCentreAndRadiusAreAskedOnceAndAnotherRadiusAgain() async throws {
        server.route("/api/interpreter", .json(try Fixtures.data("osm/overpass_piedmont_ca_drive_network_2017-10.json")))
        let sut = try makeWorker()
        let centre = try piedmont()

        _ = try await sut.streets(near: centre, radiusMeters: 1_000)
        let again = try await sut.streets(near: centre, radiusMeters: 1_000)
        XCTAssertEqual(server.requests.count, 1, "kept in memory")
        XCTAssertEqual(again.ways.count, 287)

        _ = try await sut.streets(near: centre, radiusMeters: 2_000)
        XCTAssertEqual(server.requests.count, 2)
    }

    func testARuntimeErrorRemarkIsAFailureWithTheServersWords() async throws {
        server.route("/api/interpreter", .json(try Fixtures.data("osm/overpass_remark_runtime_error.json")))
        let sut = try makeWorker()
        do {
            _ = try await sut.streets(near: try piedmont(), radiusMeters: 1_000)
            XCTFail("a runtime error is a failure")
        } catch let SourceError.unreachable(provider, reason) {
            XCTAssertEqual(provider, ProviderName.overpass)
            XCTAssertTrue(reason.contains("runtime error"), reason)
        }
    }

    // MARK: The offline areas

    func testTheEmbeddedAreasHoldTheStreetsOfCentralHelsinkiAndParis10e() async throws {
        let sut = SnapshotStreetsWorker()
        let helsinki = try await sut.streets(near: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 2_000)
        XCTAssertGreaterThan(helsinki.ways.filter { $0.kind >= .footway }.count, 1_000)
        XCTAssertTrue(helsinki.ways.contains { $0.kind == .railway })
        XCTAssertTrue(helsinki.ways.contains { $0.name == "Mannerheimintie" && $0.kind == .primary })
        XCTAssertEqual(helsinki.source, .embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(year: 2019, month: 4, day: 21)))

        let paris = try await sut.streets(near: try Coordinate(latitude: 48.8795, longitude: 2.3560), radiusMeters: 1_000)
        XCTAssertGreaterThan(paris.ways.count, 100)
        XCTAssertTrue(paris.ways.allSatisfy { $0.points.allSatisfy { abs($0.latitude - 48.879) < 0.05 } })

        let istanbul = try await sut.streets(near: try Coordinate(latitude: 41.0172, longitude: 28.9699), radiusMeters: 2_000)
        XCTAssertTrue(istanbul.ways.isEmpty, "no streets recorded there")
    }

    func testTheCompactFormSkipsLinesThatDoNotRead() async throws {
        let text = """
            #area\ttest\tTest\t2020-01-02
            highway=residential\tA Street\t60000000,25000000;100,0;0,100
            highway=residential\tBroken\t60000000,25000000;x,1
            building=yes\t\t60000000,25000000;1,1
            railway=rail\t\t60000000,25000000
            highway=footway
            """
        let sut = SnapshotStreetsWorker(loader: { Data(text.utf8) })
        let map = try await sut.streets(near: try Coordinate(latitude: 60, longitude: 25), radiusMeters: 500)
        XCTAssertEqual(map.ways.map(\.name), ["A Street"])
        XCTAssertEqual(map.ways.first?.points.last, try Coordinate(latitude: 60.0001, longitude: 25.0001))
        XCTAssertEqual(map.source, .embeddedSnapshot(provider: .openStreetMap, capturedOn: CalendarDate(year: 2020, month: 1, day: 2)))
    }

    func testTheCompactFormKeepsAHighwaysNodeIdsAndWalkingTags() async throws {
        let text = """
            #area\ttest\tTest\t2020-01-02
            highway=service\tYard\t60000000,25000000;100,0;0,100\t500;-2;7\taccess=private;foot=yes;surface=x
            highway=footway\t\t60000000,25000000;100,0\t12;zz\t
            """
        let sut = SnapshotStreetsWorker(loader: { Data(text.utf8) })
        let map = try await sut.streets(near: try Coordinate(latitude: 60, longitude: 25), radiusMeters: 500)
        // Footways come first, in drawing order.
        XCTAssertEqual(map.ways.map(\.nodeIDs), [[], [500, 498, 505]], "ids that do not read are left out, the way kept")
        XCTAssertEqual(map.ways.last?.tags, ["highway": "service", "access": "private", "foot": "yes"])
        XCTAssertEqual(map.ways.first?.tags, ["highway": "footway"])
    }
}
