import Domain
import XCTest

@testable import Scenes

/// The city search's state: an ambiguous `--city` at start, the latest search winning, the choice.
final class CitySearchStateTests: XCTestCase {
    private func springfields() throws -> [City] {
        [
            TestPOIs.city("1", "Springfield", admin: "MO", at: try TestPOIs.center(), population: 170_188),
            TestPOIs.city("2", "Springfield", admin: "IL", at: try TestPOIs.north(1_000), population: 114_394)
        ]
    }

    func testAnAmbiguousCityOffersItsCandidatesUntilTheFirstSearch() throws {
        // Given
        var start = try TestPOIs.start()
        start.ambiguousCityName = "Springfield"
        start.cityCandidates = try springfields()
        var sut = CitySearchState(start: start)

        // When
        let before = sut.response(isSearching: false, online: false, provider: nil, error: nil)
        _ = sut.begin("Par")
        let after = sut.response(isSearching: false, online: false, provider: nil, error: nil)

        // Then
        XCTAssertEqual(before.ambiguousName, "Springfield")
        XCTAssertEqual(before.query, "Springfield", "the picker shows the name given")
        XCTAssertEqual(before.cities.map(\.id), ["1", "2"])
        XCTAssertNil(after.ambiguousName)
        XCTAssertEqual(after.query, "Par")
    }

    func testOnlyTheLatestSearchsAnswerIsKept() throws {
        // Given
        var sut = CitySearchState(start: try TestPOIs.start())
        let first = sut.begin("Spr")
        let second = sut.begin("Spri")

        // When
        let staleKept = sut.receive([try springfields()[1]], generation: first)
        let latestKept = sut.receive([try springfields()[0]], generation: second)

        // Then
        XCTAssertFalse(staleKept)
        XCTAssertTrue(latestKept)
        XCTAssertEqual(sut.cities.map(\.id), ["1"])
    }

    func testChoosingTakesAnOfferedCityOnly() throws {
        // Given
        var start = try TestPOIs.start()
        start.ambiguousCityName = "Springfield"
        start.cityCandidates = try springfields()
        var sut = CitySearchState(start: start)

        // When
        let unknown = sut.choose(id: "9")
        let chosen = sut.choose(id: "2")

        // Then
        XCTAssertNil(unknown)
        XCTAssertEqual(chosen?.adminArea, "IL")
        XCTAssertNil(sut.ambiguousName)
    }
}
