import Domain
import Foundation
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// `SceneFactory.assemble` wires every scene's whole VIP cycle: a part left out would compile
/// and silently lose a feature, so each scene the factory makes is checked here.
final class SceneFactoryWiringTests: XCTestCase {
    @MainActor
    private func factory(_ spy: NavigatorSpy) -> SceneFactory {
        SceneFactory(
            dependencies: .testing(shows: TVShowsWorkerStub(pages: [makeShows(["Fargo"])]), episodes: { _ in SnapshotEpisodesWorker() }),
            navigator: spy, display: spy)
    }

    @MainActor
    private func assertWired<V: WiredViewController>(_ viewController: V, _ spy: NavigatorSpy, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotNil(viewController.interactor, "interactor", file: file, line: line)
        XCTAssertNotNil(viewController.router, "router", file: file, line: line)
        XCTAssertTrue(viewController.display === spy, "display", file: file, line: line)
    }

    @MainActor
    func testEverySceneIsWiredWholeAndItsPresenterAndRouterPointBack() async throws {
        let spy = NavigatorSpy()
        let sut = factory(spy)

        let list = sut.makePopularList()
        assertWired(list, spy)
        let detail = sut.makeShowDetail()
        assertWired(detail.viewController, spy)
        let guide = try XCTUnwrap(sut.makeEpisodeGuide(source: .live(provider: .tvmaze)))
        assertWired(guide.viewController, spy)
        let root = try TemporaryHome(for: self, prefix: "wiring").path
        assertWired(sut.makeFavourites(book: FavouritesBook(worker: FavouritesWorker(store: FavouritesStore(directory: root)))), spy)

        // The Presenter talks back to its ViewController, the Router to the navigator and the
        // Interactor's data.
        let interactor = try XCTUnwrap(detail.viewController.interactor as? ShowDetailInteractor)
        XCTAssertTrue((interactor.presenter as? ShowDetailPresenter)?.viewController === detail.viewController)
        let router = try XCTUnwrap(detail.viewController.router as? ShowDetailRouter)
        XCTAssertTrue(router.navigator === spy)
        XCTAssertTrue(router.dataStore === interactor)
    }

    @MainActor
    func testTheFirstListTakesTheStartAndTheNextOnesStartPlain() async {
        let spy = NavigatorSpy()
        var start = PopularListViewController.Start()
        start.query = "far"
        let sut = SceneFactory(
            dependencies: AppDependencies(
                shows: .init(worker: TVShowsWorkerStub(pages: [makeShows(["Fargo"])]), start: start), people: .none, episodes: { _ in nil }, tonight: nil,
                clocks: .init(wait: ContinuousClock(), now: { Date() }, zones: .viewerOnly), favourites: nil, watched: nil, clipboard: nil, effects: RunningEffects()),
            navigator: spy, display: spy)

        XCTAssertEqual(sut.makePopularList().start.query, "far")
        XCTAssertNil(sut.makePopularList().start.query)
        XCTAssertNil(sut.makeTonight(listing: .tonight), "no schedules, no Tonight")
    }
}
