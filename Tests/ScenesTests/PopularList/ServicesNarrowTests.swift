import Domain
import SceneTestSupport
import Terminal
import TestSupport
import XCTest

@testable import App
@testable import Scenes

/// The `services` setting in the shows list: rows of shows on the viewer's services carry a
/// mark before the network, and `n` offers "On my services" first, which narrows to them.
@MainActor
final class ServicesNarrowTests: XCTestCase {
    private var retained: [AnyObject] = []

    private let shows = [
        TVShow(id: 1, name: "One", genres: ["Drama"], weight: 99, broadcaster: Broadcaster(name: "HBO", kind: .network)),
        TVShow(id: 2, name: "Two", genres: ["Comedy"], weight: 98, broadcaster: Broadcaster(name: "Netflix", kind: .webChannel)),
        TVShow(id: 3, name: "Three", genres: ["Drama"], weight: 97, broadcaster: Broadcaster(name: "BBC One", kind: .network)),
        TVShow(id: 4, name: "Four", genres: ["Drama"], weight: 96, broadcaster: nil)
    ]

    private func makeList(services: StreamingServices?) async throws -> PopularListViewController {
        let spy = NavigatorSpy()
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [shows]), services: services, navigator: spy, display: spy)
        let list = harness.factory.makePopularList()
        list.sceneDidAppear()
        retained = [harness, spy]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 4)
        return list
    }

    private func ids(_ list: PopularListViewController) -> [Int] {
        (list.viewModel?.rows).map { rows in rows.indices.map { rows.id(at: $0) } } ?? []
    }

    func testOnMyServicesComesFirstInThePickerAndNarrowsToThoseShows() async throws {
        let list = try await makeList(services: try StreamingServices(parsing: "netflix, max"))
        let rows = try XCTUnwrap(list.viewModel?.rows)
        XCTAssertEqual(rows.map(\.onMyServices), [true, true, false, false])
        XCTAssertEqual(rows.map(\.network), ["> HBO", "> Netflix", "BBC One", ShowFormatting.missing])
        _ = list.handle(key: .character("n"))
        XCTAssertEqual(list.narrowChoices?.lines.prefix(2).map(\.label), ["Every show", "On my services (2)"])
        _ = list.handle(key: .down)
        _ = list.handle(key: .enter)
        XCTAssertNil(list.narrowChoices)
        XCTAssertEqual(ids(list), [1, 2], "the shows whose network is one of the services")
        XCTAssertTrue(list.title.hasSuffix(" · On my services"), list.title)
        let canvas = GridCanvas(width: 100, height: 12)
        list.draw(on: canvas, in: Rect(row: 0, column: 0, height: 12, width: 100))
        XCTAssertTrue(canvas.plainText.contains("> Netflix"), canvas.plainText)
        XCTAssertFalse(canvas.plainText.contains("BBC One"), canvas.plainText)
    }

    func testWithoutTheSettingThereIsNoMarkAndNoChoice() async throws {
        let list = try await makeList(services: nil)
        XCTAssertEqual(list.viewModel?.rows.map(\.onMyServices), [false, false, false, false])
        XCTAssertEqual(list.viewModel?.rows.first?.network, "HBO")
        _ = list.handle(key: .character("n"))
        XCTAssertFalse(list.narrowChoices?.lines.contains { $0.choice == .onMyServices } ?? true)
    }

    func testDetailsNameTheServicesThatStreamTheShow() throws {
        let show = TVShow(id: 9, name: "Nine")
        let watch = WatchProviders(countryCode: "GB", groups: [(.stream, ["Netflix", "Channel 4"]), (.rent, ["Apple TV"])], link: nil, source: .live(provider: .tmdb))
        var response = ShowDetail.LoadDetails.Response(show: show, details: nil, isLoading: false, error: nil, watch: watch, watchCountry: "GB")
        response.services = try StreamingServices(parsing: "netflix,apple")
        let section = try XCTUnwrap(ShowDetailPresenter.watch(response, show: show))
        XCTAssertEqual(section.paragraphs.first, "On my services: Netflix", "renting on Apple TV is not on a service")
        response.services = try StreamingServices(parsing: "apple")
        XCTAssertFalse(try XCTUnwrap(ShowDetailPresenter.watch(response, show: show)).paragraphs.contains { $0.hasPrefix("On my services") })
    }
}
