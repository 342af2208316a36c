import Domain
import Terminal
import XCTest

@testable import Scenes

/// The places status bar's source label fitted to the width, and the list's columns.
final class PlacesStatusBarTests: XCTestCase {
    private func viewModel() throws -> NearbyPOIs.LoadPOIs.ViewModel {
        let response = NearbyPOIs.LoadPOIs.Response(
            places: [], totalCount: 0, query: "", center: try TestPOIs.center(), city: nil, defaultAreaName: nil, snapshotAreaNames: [],
            radiusMeters: 2_000, category: nil, source: .live(provider: .overpass), fallbackReasons: [],
            isLoading: false, isLoadingMore: false, hasMore: false, error: nil)
        return NearbyPOIsPresenter.viewModel(for: response, units: .metric, now: 0)
    }

    func testTheCreditShortensBeforeTheSourceIsLeftAlone() throws {
        // Given
        let text = CellText(repertoire: .unicode)
        let vm = try viewModel()

        // When
        let wide = PlacesStatusBar(viewModel: vm, text: text, width: 200).fittedSource(position: "", right: "41.0172,28.9699 · 2 km")
        let narrow = PlacesStatusBar(viewModel: vm, text: text, width: 40).fittedSource(position: "", right: "41.0172,28.9699 · 2 km")

        // Then
        XCTAssertTrue(wide.hasPrefix(vm.sourceLabel) && wide.contains(vm.attribution), wide)
        XCTAssertFalse(narrow.contains(vm.attribution), narrow)
        XCTAssertTrue(narrow.hasPrefix(vm.sourceShortLabel), narrow)
    }

    func testAMessageTakesTheHintsPlaceAndSaysWhetherItIsAnError() throws {
        // Given
        let sut = PlacesStatusBar(viewModel: try viewModel(), text: CellText(repertoire: .unicode), width: 120)

        // When
        let plain = sut.content(hints: nil, position: "", message: nil, messageIsError: nil)
        let copied = sut.content(hints: nil, position: "", message: "Whole source id sent to the clipboard (OSC 52)", messageIsError: nil)

        // Then
        XCTAssertEqual(plain.hints, "41.0172,28.9699 · 2 km  ? help  q quit")
        XCTAssertNil(plain.message)
        XCTAssertEqual(copied.message, "Whole source id sent to the clipboard (OSC 52)")
        XCTAssertFalse(copied.messageIsError)
    }

    func testTheListDropsColumnsAsItNarrows() {
        // When
        let wide = PlacesListColumns(width: 120), medium = PlacesListColumns(width: 72), narrow = PlacesListColumns(width: 44)

        // Then
        XCTAssertEqual(wide.hours, PlacesListColumns.longHours)
        XCTAssertEqual(medium.hours, PlacesListColumns.mediumHours)
        XCTAssertEqual(narrow.hours, PlacesListColumns.shortHours)
        XCTAssertEqual(narrow.walk, 0)
        XCTAssertEqual(narrow.category, 0)
        XCTAssertEqual(wide.name + wide.category + wide.hours + wide.walk + wide.distance + wide.bearing + 7, 120, "the name takes what the others leave")
    }
}
