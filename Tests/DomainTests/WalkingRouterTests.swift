import Domain
import XCTest

final class WalkingRouterTests: XCTestCase {
    /// A point `east` and `north` metres from 60.17 N, 24.94 E.
    private func at(_ east: Double, _ north: Double) throws -> Coordinate {
        let metresPerDegree = Geo.meanEarthRadiusMeters * Double.pi / 180
        return try Coordinate(latitude: 60.17 + north / metresPerDegree, longitude: 24.94 + east / (metresPerDegree * cos(60.17 * Double.pi / 180)))
    }

    private func way(_ name: String?, _ highway: String, _ points: [(Double, Double)], ids: [Int], extra: [String: String] = [:]) throws -> StreetWay {
        var tags = extra
        tags["highway"] = highway
        return StreetWay(kind: StreetClass.of(tags: tags) ?? .residential, name: name, points: try points.map { try at($0.0, $0.1) }, nodeIDs: ids, tags: tags)
    }

    /// An L: Simonkatu 120 m north from (0,0), then Mannerheimintie 300 m east.
    private func corner() throws -> [StreetWay] {
        [
            try way("Simonkatu", "residential", [(0, 0), (0, 60), (0, 120)], ids: [1, 2, 3]),
            try way("Mannerheimintie", "primary", [(0, 120), (150, 120), (300, 120)], ids: [3, 4, 5])
        ]
    }

    func testAWalkAroundACornerTurnsRightOntoTheSecondStreet() throws {
        // Given
        let router = WalkingRouter(graph: WalkingGraph(ways: try corner()))

        // When
        let route = try router.route(from: try at(0, 0), to: try at(300, 120))

        // Then
        XCTAssertEqual(route.meters, 420, accuracy: 1)
        XCTAssertEqual(RouteWords.sentence(route.steps), "Simonkatu 120 m, then right onto Mannerheimintie 300 m")
        XCTAssertEqual(route.steps.map(\.turn), [.depart, .right])
        XCTAssertEqual(RouteWords.summary(route), "420 m by the streets · ~5 min")
    }

    func testTheWalkStartsAndEndsAtTheNearestPointsOfTheStreets() throws {
        // Given: points 30 m beside the streets
        let router = WalkingRouter(graph: WalkingGraph(ways: try corner()))

        // When
        let route = try router.route(from: try at(30, 40), to: try at(200, 150))

        // Then: 80 m up Simonkatu, 200 m along Mannerheimintie
        XCTAssertEqual(route.meters, 280, accuracy: 1)
        XCTAssertEqual(route.startSnapMeters, 30, accuracy: 1)
        XCTAssertEqual(route.endSnapMeters, 30, accuracy: 1)
        let first = try XCTUnwrap(route.points.first)
        XCTAssertEqual(first.distanceMeters(to: try at(0, 40)), 0, accuracy: 1)
    }

    func testAtFourPointEightKilometresAnHourFourHundredAndEightyMetresTakeSixMinutes() throws {
        // Given
        let ways = [try way("Long", "residential", [(0, 0), (480, 0)], ids: [1, 2])]

        // When
        let standard = try WalkingRouter(graph: WalkingGraph(ways: ways)).route(from: try at(0, 0), to: try at(480, 0))
        let brisk = try WalkingRouter(graph: WalkingGraph(ways: ways), pace: WalkingPace(kilometresPerHour: 6)).route(from: try at(0, 0), to: try at(480, 0))

        // Then
        XCTAssertEqual(standard.seconds, 360, accuracy: 1)
        XCTAssertEqual(brisk.seconds, 288, accuracy: 1)
        XCTAssertEqual(WalkingPace.standard.kilometresPerHour, 4.8)
    }

    func testStepsAreSlowerSoALevelDetourUnderTwiceTheirLengthIsTaken() throws {
        // Given: 100 m of steps straight, or 150 m level around
        let ways = [
            try way(nil, "steps", [(0, 0), (100, 0)], ids: [1, 2]),
            try way("Round", "residential", [(0, 0), (50, 50), (100, 0)], ids: [1, 3, 2])
        ]
        let around = 2 * (50.0 * 50 * 2).squareRoot()
        let router = WalkingRouter(graph: WalkingGraph(ways: ways))

        // When
        let route = try router.route(from: try at(0, 0), to: try at(100, 0))

        // Then
        XCTAssertEqual(route.meters, around, accuracy: 1)
        XCTAssertEqual(route.steps.map(\.street), ["Round"])
    }

    func testStepsTakeTwiceAsLongAsLevelWay() throws {
        // Given
        let ways = [try way(nil, "steps", [(0, 0), (100, 0)], ids: [1, 2])]

        // When
        let route = try WalkingRouter(graph: WalkingGraph(ways: ways)).route(from: try at(0, 0), to: try at(100, 0))

        // Then
        XCTAssertEqual(route.seconds, 2 * 100 / (4.8 / 3.6), accuracy: 1)
        XCTAssertEqual(RouteWords.sentence(route.steps), "Steps 100 m")
    }

    func testWaysThatCrossWithoutASharedNodeDoNotMeet() throws {
        // Given: a bridge over a street: they cross but share no node
        let ways = [
            try way("Under", "residential", [(0, -100), (0, 0), (0, 100)], ids: [1, 2, 3]),
            try way("Bridge", "residential", [(-100, 0), (0, 0), (100, 0)], ids: [4, 5, 6])
        ]
        let router = WalkingRouter(graph: WalkingGraph(ways: ways))

        // When / Then
        XCTAssertThrowsError(try router.route(from: try at(0, -100), to: try at(100, 0))) { error in
            XCTAssertEqual(error as? RouteProblem, .unreachable)
        }
    }

    func testWaysThatShareANodeMeetThere() throws {
        // Given
        let ways = [
            try way("Under", "residential", [(0, -100), (0, 0), (0, 100)], ids: [1, 2, 3]),
            try way("Across", "residential", [(-100, 0), (0, 0), (100, 0)], ids: [4, 2, 6])
        ]

        // When
        let route = try WalkingRouter(graph: WalkingGraph(ways: ways)).route(from: try at(0, -100), to: try at(100, 0))

        // Then
        XCTAssertEqual(route.meters, 200, accuracy: 1)
        XCTAssertEqual(route.steps.map(\.turn), [.depart, .right])
    }

    func testWaysClosedToWalkersAreLeftOut() throws {
        // Given: a short way closed in each of the ways the tags close it, a long way open
        let closed: [[String: String]] = [["foot": "no"], ["access": "private"], ["access": "no"]]
        for extra in closed {
            let ways = [
                try way("Short", "residential", [(0, 0), (100, 0)], ids: [1, 2], extra: extra),
                try way("Long", "residential", [(0, 0), (50, 100), (100, 0)], ids: [1, 3, 2])
            ]

            // When
            let route = try WalkingRouter(graph: WalkingGraph(ways: ways)).route(from: try at(0, 0), to: try at(100, 0))

            // Then
            XCTAssertEqual(route.steps.map(\.street), ["Long"], "\(extra)")
        }
    }

    func testFootYesOpensAPrivateWayAndMotorwaysAreNeverWalked() {
        XCTAssertTrue(WalkableWay.allows(tags: ["highway": "service", "access": "private", "foot": "yes"]))
        XCTAssertTrue(WalkableWay.allows(tags: ["highway": "footway", "access": "no", "foot": "designated"]))
        XCTAssertTrue(WalkableWay.allows(tags: ["highway": "trunk"]))
        XCTAssertFalse(WalkableWay.allows(tags: ["highway": "trunk", "foot": "no"]))
        XCTAssertFalse(WalkableWay.allows(tags: ["highway": "motorway"]))
        XCTAssertFalse(WalkableWay.allows(tags: ["railway": "rail"]))
    }

    func testEachWayOfNotRoutingHasItsOwnSentence() throws {
        // Given
        let router = WalkingRouter(graph: WalkingGraph(ways: try corner()))
        let empty = WalkingRouter(graph: WalkingGraph(ways: [try way("Rail", "motorway", [(0, 0), (100, 0)], ids: [1, 2])]))

        // When / Then
        XCTAssertThrowsError(try empty.route(from: try at(0, 0), to: try at(10, 0))) { XCTAssertEqual($0 as? RouteProblem, .noStreets) }
        XCTAssertThrowsError(try router.route(from: try at(0, 0), to: try at(2000, 120))) { error in
            guard case .destinationOutside(let meters)? = error as? RouteProblem else { return XCTFail("\(error)") }
            XCTAssertEqual(meters, 1700, accuracy: 2)
        }
        XCTAssertThrowsError(try router.route(from: try at(-600, 0), to: try at(0, 0))) { error in
            guard case .startOutside? = error as? RouteProblem else { return XCTFail("\(error)") }
        }
        let sentences = [
            RouteProblem.noStreets, .startOutside(meters: 600), .destinationOutside(meters: 1700), .unreachable, .destinationBeyondStreets(meters: 9_000),
            .noWalkFound
        ].map(\.sentence)
        XCTAssertEqual(Set(sentences).count, 6)
        XCTAssertEqual(sentences[2], "The place is 1.7 km from the nearest street loaded: outside the area the streets cover.")
    }

    func testLengthsAreWrittenAsAskedAndAWalkOfNothingIsBeingThere() throws {
        // Given
        let route = try WalkingRouter(graph: WalkingGraph(ways: try corner())).route(from: try at(0, 0), to: try at(300, 120))
        let here = try WalkingRouter(graph: WalkingGraph(ways: try corner())).route(from: try at(0, 60), to: try at(0, 60))

        // When / Then
        XCTAssertEqual(RouteWords.summary(route, distance: { _ in "a quarter mile" }), "a quarter mile by the streets · ~5 min")
        XCTAssertEqual(RouteWords.sentence(route.steps, distance: { _ in "far" }), "Simonkatu far, then right onto Mannerheimintie far")
        XCTAssertFalse(RouteWords.isThere(route))
        XCTAssertTrue(RouteWords.isThere(here))
        XCTAssertEqual(RouteWords.summary(here), "You are there")
    }

    func testAWalkAlongOneSegmentIsItsPart() throws {
        // Given
        let ways = [try way("Long", "residential", [(0, 0), (400, 0)], ids: [1, 2])]

        // When
        let route = try WalkingRouter(graph: WalkingGraph(ways: ways)).route(from: try at(100, 10), to: try at(250, -10))

        // Then
        XCTAssertEqual(route.meters, 150, accuracy: 1)
        XCTAssertEqual(route.points.count, 2)
    }

    func testTheTurnFollowsTheChangeOfHeading() {
        XCTAssertEqual(RouteTurn(headingChange: 90), .right)
        XCTAssertEqual(RouteTurn(headingChange: -90), .left)
        XCTAssertEqual(RouteTurn(headingChange: 270), .left)
        XCTAssertEqual(RouteTurn(headingChange: 10), .straight)
        XCTAssertEqual(RouteTurn(headingChange: 40), .slightRight)
        XCTAssertEqual(RouteTurn(headingChange: -170), .sharpLeft)
    }

    func testThePaceSettingReadsKilometresAnHourFromOneToTen() {
        XCTAssertEqual(WalkingPace.parse("5")?.kilometresPerHour, 5)
        XCTAssertEqual(WalkingPace.parse(" 4.2 ")?.kilometresPerHour, 4.2)
        XCTAssertNil(WalkingPace.parse("0.5"))
        XCTAssertNil(WalkingPace.parse("fast"))
        XCTAssertNil(WalkingPace.parse("-3"))
        XCTAssertNil(WalkingPace.parse("1e1"))
    }
}
